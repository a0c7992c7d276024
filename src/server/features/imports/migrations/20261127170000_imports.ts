import { sql, type Kysely } from 'kysely';

/**
 * Spreadsheet imports (docs/IMPORTS.md): an import and its file's rows, each row's outcome (what the
 * dry run says it would do, what the commit did), and the column mapping last used per module. A
 * row's `done` is set in the transaction that writes its record, so a commit that stops resumes at
 * the first row not done. A database built from a model without users has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ users: string | null }>`select to_regclass('users')::text as users`.execute(db);
  if (!rows[0]?.users) return;
  await db.schema
    .createTable('imports')
    .ifNotExists()
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('module', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('headers', 'jsonb', (c) => c.notNull())
    .addColumn('mapping', 'jsonb', (c) => c.notNull())
    // draft (read, not checked) → checked (dry run answered) → queued → running → done | failed
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('draft'))
    .addColumn('total_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('counts', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('heartbeat_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('error_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index if not exists imports_waiting on imports (id) where status in ('queued', 'running')`.execute(db);
  await db.schema
    .createTable('import_rows')
    .ifNotExists()
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('import_id', 'bigint', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('cells', 'jsonb', (c) => c.notNull())
    // create | update | skip | error (the dry run's answer, then the commit's)
    .addColumn('action', 'varchar(10)')
    .addColumn('errors', 'jsonb')
    .addColumn('record_id', 'bigint')
    .addColumn('done', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create unique index if not exists import_rows_line on import_rows (import_id, line)`.execute(db);
  await db.schema
    .createTable('import_mappings')
    .ifNotExists()
    .addColumn('module', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('mapping', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_mappings').ifExists().execute();
  await db.schema.dropTable('import_rows').ifExists().execute();
  await db.schema.dropTable('imports').ifExists().execute();
}
