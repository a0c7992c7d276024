import type { Kysely } from 'kysely';

/**
 * A file whose bytes the database itself keeps (`content`), for the few files the product ships
 * with every space (the report designs, which the reports feature installs): they exist wherever the
 * space's database is copied or moved, whatever file service it uses, and no storage holds them.
 * Every file a person uploads keeps its bytes in a storage (`content` null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('content', 'bytea').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('content').execute();
}
