import { sql } from 'kysely';
import type { Entity } from '../../../../language/index.js';
import type { DynamicDatabase } from '../../core/db/dynamic.js';

/** Rows counted one by one before a table's count becomes 'more than' (the planner's estimate, if larger). */
export const COUNT_CAP = 10_000;

export interface ModuleCount {
  module: string;
  /** Rows in the table; when `exact` is false, at least this many (the statistics' estimate, or the cap). */
  count: number;
  exact: boolean;
}

/**
 * How many records each table holds, in one statement per database: every table is counted up to
 * `COUNT_CAP + 1` rows (an index-only scan stops there), so a count is exact below the cap and costs
 * the same however large the table; past it, the table's row estimate stands in, marked as such.
 * It reads any module's table by the name the model gives, so it takes a database of no table type.
 */
export async function countRecords(db: DynamicDatabase, entities: readonly Entity[]): Promise<ModuleCount[]> {
  if (entities.length === 0) return [];
  const parts = entities.map(
    (entity, index) => sql`select ${index}::int as i, (select count(*) from (select 1 from ${sql.table(entity.table)} limit ${COUNT_CAP + 1}) c)::int as n,
      (select greatest(reltuples, 0)::bigint from pg_class where oid = ${entity.table}::regclass) as estimate`,
  );
  const { rows } = await sql<{ i: number; n: number; estimate: string | number | null }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return rows
    .sort((a, b) => a.i - b.i)
    .map((row) => {
      const entity = entities[row.i];
      if (row.n <= COUNT_CAP) return { module: entity.module, count: row.n, exact: true };
      return { module: entity.module, count: Math.max(COUNT_CAP, Number(row.estimate ?? 0)), exact: false };
    });
}
