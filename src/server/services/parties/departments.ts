import { sql } from 'kysely';
import { invalid } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';

export const DEPARTMENT_CYCLE = 'Um departamento não pode se subordinar a si mesmo nem a um departamento subordinado a ele.';

/**
 * The departments form a tree: a department is under another (`department_id`) or at the top, and
 * none is placed under itself or one of its own subordinates (the chain above the new parent, read
 * in the write's transaction, must not reach the department).
 */
export const departmentTree: ModuleHooks = {
  async beforeWrite(trx, { mode, body, previous }) {
    if (mode !== 'update' || body.department_id == null || previous?.id == null) return;
    const { rows } = await sql<{ id: string }>`
      with recursive above(id, parent) as (
        select id, department_id from departments where id = ${Number(body.department_id)}
        union
        select d.id, d.department_id from departments d join above a on d.id = a.parent
      )
      select id from above where id = ${Number(previous.id)}`.execute(trx);
    if (rows.length) throw invalid({ department_id: [DEPARTMENT_CYCLE] });
  },
};
