import { sql, type Kysely } from 'kysely';

// A space's name is the `Tenant` header: unique across every tenant (a sub-list item gets no unique index from its schema).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index tenant_configs_tenant_name_unique on tenant_configs (tenant_name)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index tenant_configs_tenant_name_unique`.execute(db);
}
