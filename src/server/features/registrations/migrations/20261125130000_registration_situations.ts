import { sql, type Kysely } from 'kysely';

/**
 * A registration's situations through time: one row per situation it entered (the first on insert),
 * with the situation before, the date and who moved it. And the last defence of the rule that a party
 * holds one open registration (Ativo or Pausado) per category and registration type: two saves at
 * once cannot both pass the check the write hook makes first. A database built from a model without
 * registrations has neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ registrations: string | null }>`select to_regclass('registrations')::text as registrations`.execute(db);
  if (!rows[0]?.registrations) return;
  await db.schema
    .createTable('registration_situations')
    .ifNotExists()
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('registration_id', 'bigint', (c) => c.notNull().references('registrations.id').onDelete('cascade'))
    .addColumn('situation_id', 'bigint', (c) => c.notNull().references('situations.id').onDelete('restrict'))
    .addColumn('previous_situation_id', 'bigint', (c) => c.references('situations.id').onDelete('restrict'))
    .addColumn('situation_date', 'date', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index if not exists registration_situations_registration_idx on registration_situations (registration_id, id)`.execute(db);
  await sql`create unique index if not exists registrations_open_per_category_and_type on registrations (party_id, category_id, registration_type_id) where status in (1, 3)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists registrations_open_per_category_and_type`.execute(db);
  await db.schema.dropTable('registration_situations').ifExists().execute();
}
