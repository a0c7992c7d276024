import { sql, type Kysely } from 'kysely';

/**
 * The deadline reminders sent (docs/DEADLINES.md 'Reminders'): one row per deadline, kind ('before',
 * 'expiry'), end date reminded of and person. The unique key is the claim: a process inserts the row
 * before sending, so two processes never send the same reminder; the row then says whether it went,
 * failed (retried later) or was given up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ deadlines: string | null }>`select to_regclass('deadlines')::text as deadlines`.execute(db);
  if (!rows[0]?.deadlines) return;
  await db.schema
    .createTable('deadline_reminders')
    .ifNotExists()
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('deadline_id', 'bigint', (c) => c.notNull().references('deadlines.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('due_date', 'date', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('retry_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('deadline_reminders_once', ['deadline_id', 'kind', 'due_date', 'user_id'])
    .execute();
  await sql`create index if not exists deadline_reminders_user_idx on deadline_reminders (user_id, deadline_id)`.execute(db);
  await sql`create index if not exists deadline_reminders_pending_idx on deadline_reminders (status, retry_at) where status in (1, 3)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deadline_reminders').ifExists().execute();
}
