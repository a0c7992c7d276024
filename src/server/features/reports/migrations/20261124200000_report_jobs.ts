import { sql, type Kysely } from 'kysely';

/**
 * What a report's job keeps beside the record: when its process last said it is alive, and how
 * many times it was taken. A database built from a model without reports has no such table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The reports of `relatorio` (a model may name another table `reports`).
  const { rows } = await sql<{ found: number }>`
    select count(*)::int as found from information_schema.columns
     where table_schema = current_schema() and table_name = 'reports' and column_name = 'report_design_type_id'`.execute(db);
  if (!rows[0]?.found) return;
  await sql`alter table reports add column if not exists heartbeat_at timestamptz`.execute(db);
  await sql`alter table reports add column if not exists attempts integer not null default 0`.execute(db);
  await sql`create index if not exists reports_waiting_index on reports (id) where status = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists reports_waiting_index`.execute(db);
  await sql`alter table reports drop column if exists attempts`.execute(db);
  await sql`alter table reports drop column if exists heartbeat_at`.execute(db);
}
