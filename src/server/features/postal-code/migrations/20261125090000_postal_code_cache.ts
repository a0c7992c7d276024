import { sql, type Kysely } from 'kysely';

/**
 * The space's postal-code answers (`GET /api/cep/{cep}`), one row per code: the address a provider
 * gave, or that none knew the code. Kept as the provider said it (UF initials, IBGE code, names), so
 * the answer's ids are read from the space's `states` and `cities` each time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('postal_code_cache')
    .ifNotExists()
    .addColumn('postal_code', 'char(8)', (c) => c.primaryKey())
    .addColumn('found', 'boolean', (c) => c.notNull())
    .addColumn('provider', 'varchar(20)')
    .addColumn('uf', 'varchar(2)')
    .addColumn('ibge_code', 'integer')
    .addColumn('city', 'varchar(255)')
    .addColumn('neighborhood', 'varchar(255)')
    .addColumn('street', 'varchar(255)')
    .addColumn('complement', 'varchar(255)')
    .addColumn('looked_up_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('postal_code_cache').ifExists().execute();
}
