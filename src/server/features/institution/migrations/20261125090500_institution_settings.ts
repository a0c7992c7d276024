import type { DynamicDatabase } from '../../../core/db/dynamic.js';
import { sql } from 'kysely';

/**
 * The institution's settings: one row per space (`id` is always 1), made here so a save always has a
 * row to lock. The institution is a party behaving as a legal entity, its president one behaving as
 * a physical person (the routes check which); both stay null until first set, and a party they name
 * cannot be deleted. A database built from a model without parties has no such table.
 */
export async function up(db: DynamicDatabase): Promise<void> {
  const { rows } = await sql<{ parties: string | null }>`select to_regclass('parties')::text as parties`.execute(db);
  if (!rows[0]?.parties) return;
  await db.schema
    .createTable('institution_settings')
    .ifNotExists()
    .addColumn('id', 'smallint', (c) => c.primaryKey().defaultTo(1).check(sql`id = 1`))
    .addColumn('institution_id', 'bigint', (c) => c.references('parties.id').onDelete('restrict'))
    .addColumn('president_id', 'bigint', (c) => c.references('parties.id').onDelete('restrict'))
    .addColumn('update_job_relations', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.insertInto('institution_settings').values({ id: 1 }).onConflict((oc) => oc.column('id').doNothing()).execute();
}

export async function down(db: DynamicDatabase): Promise<void> {
  await db.schema.dropTable('institution_settings').ifExists().execute();
}
