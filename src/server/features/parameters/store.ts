import type { Kysely, Selectable } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Parameter } from '../../../shared/contracts/parameters.js';
import { recordAudit } from '../../core/audit/record.js';
import { addError, invalid, type FieldErrors } from '../../core/http/app-error.js';
import { objectBody } from '../../core/http/body.js';
import type { ParametersTable } from './tables.js';
import { checkValue } from './types.js';

export type ParameterScope = 'front' | 'back';

const asParameter = (row: Selectable<ParametersTable>): Parameter => ({
  name: row.name, label: row.label, type: row.type, value: row.value, defaultValue: row.default_value,
  useDefault: row.use_default, minimum: row.minimum, maximum: row.maximum,
});

async function listScope(db: Kysely<SpaceDatabase>, scope: ParameterScope): Promise<Parameter[]> {
  const rows = await db.selectFrom('parameters').selectAll().where('scope', '=', scope).orderBy('name').execute();
  return rows.map(asParameter);
}

export const frontParameters = (db: Kysely<SpaceDatabase>) => listScope(db, 'front');

export async function listParameters(db: Kysely<SpaceDatabase>) {
  return { front: await listScope(db, 'front'), back: await listScope(db, 'back') };
}

/** The value in force: the stored value, or the default while `use_default` is on. */
export async function parameterValue(db: Kysely<SpaceDatabase>, name: string): Promise<string | null> {
  const row = await db.selectFrom('parameters').select(['value', 'default_value', 'use_default']).where('name', '=', name).executeTakeFirst();
  if (!row) return null;
  return row.use_default ? row.default_value : row.value;
}

export async function integerParameter(db: Kysely<SpaceDatabase>, name: string, fallback: number): Promise<number> {
  const value = Number(await parameterValue(db, name));
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

interface Change { name: string; value: string | null; useDefault: boolean }

function readChanges(body: unknown, known: Map<string, Selectable<ParametersTable>>, errors: FieldErrors): Change[] {
  const input = objectBody(body);
  const changes: Change[] = [];
  for (const scope of ['front', 'back'] as const) {
    const items = input[scope] ?? [];
    if (!Array.isArray(items)) { addError(errors, scope, 'Deve ser uma lista.'); continue; }
    items.forEach((item: any, i: number) => {
      const path = `${scope}.${i}`;
      const row = typeof item?.name === 'string' ? known.get(item.name) : undefined;
      if (!row || row.scope !== scope) return addError(errors, `${path}.name`, 'Parâmetro desconhecido.');
      const useDefault = item.useDefault === true || item.use_default === true;
      const blank = item.value === undefined || item.value === null || (typeof item.value === 'string' && item.value.trim() === '');
      if (blank) {
        if (!useDefault) return addError(errors, `${path}.value`, `Informe o valor de ${row.label}.`);
        return changes.push({ name: row.name, value: null, useDefault });
      }
      const checked = checkValue(row.type, item.value, row);
      // While the default is in force the value is set aside: one that could not be kept is dropped, not refused.
      if ('error' in checked) return useDefault ? changes.push({ name: row.name, value: null, useDefault }) : addError(errors, `${path}.value`, checked.error);
      changes.push({ name: row.name, value: checked.value, useDefault });
    });
  }
  return changes;
}

/** Saves the given parameters (others stay as they are), auditing each one that changed. */
export async function updateParameters(db: Kysely<SpaceDatabase>, body: unknown, userId: number) {
  const rows = await db.selectFrom('parameters').selectAll().execute();
  const known = new Map(rows.map((row) => [row.name, row]));
  const errors: FieldErrors = {};
  const changes = readChanges(body, known, errors);
  if (Object.keys(errors).length) throw invalid(errors);
  await db.transaction().execute(async (trx) => {
    // Read again under lock: two people saving at once each audit what the other left, not a stale copy.
    const names = changes.map((change) => change.name);
    const current = names.length ? await trx.selectFrom('parameters').selectAll().where('name', 'in', names).orderBy('id').forUpdate().execute() : [];
    const locked = new Map(current.map((row) => [row.name, row]));
    for (const change of changes) {
      const before = locked.get(change.name)!;
      if (before.value === change.value && before.use_default === change.useDefault) continue;
      await trx.updateTable('parameters').set({ value: change.value, use_default: change.useDefault, updated_at: new Date() }).where('id', '=', before.id).execute();
      await recordAudit(trx, {
        event: 'updated', userId, module: 'parametros', recordId: before.id,
        oldValues: { name: before.name, value: before.value, use_default: before.use_default },
        newValues: { name: before.name, value: change.value, use_default: change.useDefault },
      });
    }
  });
  return listParameters(db);
}
