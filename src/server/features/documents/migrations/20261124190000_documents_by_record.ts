import { sql, type Kysely } from 'kysely';

/**
 * The documents of a record (`GET /api/{module}/{id}/documents`) are found by the record they are
 * attached to, newest first. A database built from a model without documents has no such table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ found: string | null }>`select to_regclass('documents')::text as found`.execute(db);
  if (!rows[0]?.found) return;
  await sql`create index if not exists documents_entity_index on documents (entity_type, entity_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists documents_entity_index`.execute(db);
}
