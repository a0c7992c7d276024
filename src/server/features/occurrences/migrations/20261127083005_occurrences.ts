import { sql, type Kysely } from 'kysely';

/**
 * The occurrences of records (every entity whose schema says `x-occurrences`): the record's module
 * and id, the occurrence type, the date, notes and the number (drawn from the type's sequence, or
 * typed). A database built from a model without occurrence types has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ types: string | null }>`select to_regclass('occurrence_types')::text as types`.execute(db);
  if (!rows[0]?.types) return;
  await db.schema
    .createTable('occurrences')
    .ifNotExists()
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('entity_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('entity_id', 'bigint', (c) => c.notNull())
    .addColumn('occurrence_type_id', 'bigint', (c) => c.notNull().references('occurrence_types.id').onDelete('restrict'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('number', 'integer')
    .addColumn('formatted_number', 'varchar(255)')
    .addColumn('sequence_auto', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('user_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index if not exists occurrences_entity_idx on occurrences (entity_type, entity_id, id)`.execute(db);
  await sql`create index if not exists occurrences_type_idx on occurrences (occurrence_type_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('occurrences').ifExists().execute();
}
