import { sql, type Kysely } from 'kysely';

/**
 * Deadlines and their histories (docs/DEADLINES.md): a deadline of a type, in a place (UF and
 * municipality, both optional), with its state and the moment it ends now; each event (creation,
 * alteration, suspension, reactivation, completion, cancellation) a row of its history. Moments are the
 * council's clock (America/Sao_Paulo) as written, `timestamp` without a zone, so no zone shifts them.
 * A database built from a model without deadline types has neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ types: string | null }>`select to_regclass('deadline_types')::text as types`.execute(db);
  if (!rows[0]?.types) return;
  await db.schema
    .createTable('deadlines')
    .ifNotExists()
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('deadline_type_id', 'bigint', (c) => c.notNull().references('deadline_types.id').onDelete('restrict'))
    .addColumn('uf_id', 'bigint', (c) => c.references('states.id').onDelete('restrict'))
    .addColumn('city_id', 'bigint', (c) => c.references('cities.id').onDelete('restrict'))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('base_moment', sql`timestamp(0)`, (c) => c.notNull())
    .addColumn('deadline_moment', sql`timestamp(0)`, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index if not exists deadlines_deadline_type_idx on deadlines (deadline_type_id)`.execute(db);
  await db.schema
    .createTable('deadline_histories')
    .ifNotExists()
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('deadline_id', 'bigint', (c) => c.notNull().references('deadlines.id').onDelete('cascade'))
    .addColumn('event', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount', 'integer')
    .addColumn('base_moment', sql`timestamp(0)`, (c) => c.notNull())
    .addColumn('deadline_moment', sql`timestamp(0)`, (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('document_id', 'bigint', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('user_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index if not exists deadline_histories_deadline_idx on deadline_histories (deadline_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deadline_histories').ifExists().execute();
  await db.schema.dropTable('deadlines').ifExists().execute();
}
