import { CompiledQuery, sql } from 'kysely';
import type { DynamicDatabase } from '../db/dynamic.js';

/**
 * How long a row estimate (a table's, or the planner's for a filter) is reused. PostgreSQL refreshes
 * the statistics behind both only when the table is analysed, so a few seconds add nothing to their
 * staleness and spare a statement per list.
 */
export const ESTIMATE_TTL_MS = 10_000;

/** Most estimates remembered per database (the oldest is forgotten first). */
const MAX_ESTIMATES = 500;

const estimates = new WeakMap<DynamicDatabase, Map<string, { rows: number; until: number }>>();

async function rememberedEstimate(db: DynamicDatabase, key: string, estimate: () => Promise<number>, fresh: boolean): Promise<number> {
  let known = estimates.get(db);
  if (!known) estimates.set(db, (known = new Map()));
  const cached = known.get(key);
  if (cached && cached.until > Date.now() && !fresh) return cached.rows;
  const rows = await estimate();
  known.delete(key);
  if (known.size >= MAX_ESTIMATES) known.delete(known.keys().next().value!);
  known.set(key, { rows, until: Date.now() + ESTIMATE_TTL_MS });
  return rows;
}

/**
 * The table's row estimate as the planner makes it: the rows of its last analysis (pg_class.reltuples)
 * scaled by how much the table has grown or shrunk since (its pages now against then), so rows added
 * after the statistics were gathered still count. -1 for a table never analysed (nothing known).
 * `fresh`: asked again rather than remembered (a remembered one proved wrong).
 */
export const tableEstimate = (db: DynamicDatabase, table: string, fresh = false): Promise<number> =>
  rememberedEstimate(db, `table ${table}`, async () => {
    const estimate = await sql<{ rows: number }>`
      select case when reltuples < 0 then -1
        when relpages = 0 then reltuples
        else reltuples / relpages * (pg_relation_size(oid) / current_setting('block_size')::int) end::bigint as rows
      from pg_class where oid = ${table}::regclass`.execute(db);
    return Number(estimate.rows[0]?.rows ?? -1);
  }, fresh);

/** The planner's row estimate of a query (EXPLAIN plans it, nothing runs). */
export const plannerEstimate = (db: DynamicDatabase, query: CompiledQuery, fresh = false): Promise<number> =>
  rememberedEstimate(db, `${query.sql} ${JSON.stringify(query.parameters)}`, async () => {
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]));
    const raw = rows[0]?.['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
    return Math.round(Number(plan[0]?.Plan?.['Plan Rows'] ?? 0));
  }, fresh);
