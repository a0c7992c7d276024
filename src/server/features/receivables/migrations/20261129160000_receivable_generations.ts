import { sql, type Kysely } from 'kysely';

/**
 * The annual generation (docs/RECEIVABLES.md §4): its runs, dry and committed, and the unique index
 * that makes billing idempotent: one annuity billed by the engine (origins 1 Geração anual and
 * 3 Entrada na cobrança) per registration, debt type and exercise while not replaced, a cancelled
 * one included. A commit of a year queued or running is one at most (the second is told 409). A
 * database built from a model without control accounts has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ accounts: string | null; users: string | null }>`select to_regclass('control_accounts')::text as accounts, to_regclass('users')::text as users`.execute(db);
  if (!rows[0]?.accounts) return;
  await sql`create unique index if not exists control_accounts_annuity_once on control_accounts (registration_id, debt_type_id, exercise)
             where replaced_by_id is null and origin in (1, 3) and registration_id is not null`.execute(db);
  await db.schema
    .createTable('receivable_generations')
    .ifNotExists()
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('debt_type_id', 'bigint', (c) => c.notNull().references('debt_types.id'))
    // dry | commit
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    // a dry run is done at once; a commit: queued → running → done | failed
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('dry_run_id', 'bigint', (c) => c.references('receivable_generations.id').onDelete('set null'))
    .addColumn('totals', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    // the last registration id a committed batch reached: where a resumed commit goes on
    .addColumn('cursor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('run_date', 'date', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('heartbeat_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('error_reason', 'text')
    .addColumn('created_by', 'bigint', (c) => (rows[0]?.users ? c.references('users.id').onDelete('set null') : c))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index if not exists receivable_generations_one_running on receivable_generations (year) where kind = 'commit' and state in ('queued', 'running')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('receivable_generations').ifExists().execute();
  await sql`drop index if exists control_accounts_annuity_once`.execute(db);
}
