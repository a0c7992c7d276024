import { sql, type Kysely } from 'kysely';

/**
 * The files of every `file` field of the space: what a record shows of its file and where the bytes
 * are kept (`storage_key`). An upload is a row without `record_id` until a record's save claims it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('module', 'varchar(100)', (col) => col.notNull())
    .addColumn('field', 'varchar(100)', (col) => col.notNull())
    .addColumn('record_id', 'bigint')
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('content_type', 'varchar(255)', (col) => col.notNull())
    .addColumn('storage_key', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('uploaded_by', 'bigint')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('files_module_record_index').on('files').columns(['module', 'record_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('files').execute();
}
