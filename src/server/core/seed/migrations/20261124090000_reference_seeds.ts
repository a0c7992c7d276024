import { sql, type Kysely } from 'kysely';

/**
 * Which edition of the reference data a space received (a digest of the rows the seed inserts), so
 * a restart with the same edition skips the seed, and rows a council removed stay removed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reference_seeds')
    .ifNotExists()
    .addColumn('digest', 'text', (c) => c.primaryKey())
    .addColumn('seeded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reference_seeds').ifExists().execute();
}
