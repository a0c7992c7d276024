import { sql, type Kysely } from 'kysely';

/**
 * A list's saved views: the filters, sort, hidden columns and page size a person named, kept for
 * them (and, with `role_id`, for everyone holding that role). A database built from a model without
 * users or roles has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ users: string | null; roles: string | null }>`select to_regclass('users')::text as users, to_regclass('roles')::text as roles`.execute(db);
  if (!rows[0]?.users || !rows[0]?.roles) return;
  await db.schema
    .createTable('saved_views')
    .ifNotExists()
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('role_id', 'bigint', (c) => c.references('roles.id').onDelete('set null'))
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index if not exists saved_views_owner_name on saved_views (user_id, module, lower(name))`.execute(db);
  await sql`create index if not exists saved_views_role on saved_views (role_id, module) where role_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_views').ifExists().execute();
}
