import { sql, type Kysely } from 'kysely';

/** The audit log of the space database: one row per created, updated or deleted record. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audits')
    .ifNotExists()
    .addColumn('id', 'bigint', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('event', 'varchar(16)', (c) => c.notNull().check(sql`event in ('created', 'updated', 'deleted')`))
    // No foreign key: the trail must outlive the user who left it.
    .addColumn('user_id', 'bigint')
    .addColumn('module', 'varchar(100)', (c) => c.notNull())
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addColumn('old_values', 'jsonb')
    .addColumn('new_values', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audits_module_record').ifNotExists().on('audits').columns(['module', 'record_id']).execute();
  await db.schema.createIndex('audits_created_at').ifNotExists().on('audits').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audits').ifExists().execute();
}
