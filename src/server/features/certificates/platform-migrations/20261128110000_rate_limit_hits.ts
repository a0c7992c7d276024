import { sql, type Kysely } from 'kysely';

/**
 * Requests counted per key (a route and an address) and time window, for limits that every
 * process of the product must count alike (verification-limit.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists rate_limit_hits (
    key text not null,
    window_start timestamptz not null,
    hits integer not null,
    primary key (key, window_start)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rate_limit_hits`.execute(db);
}
