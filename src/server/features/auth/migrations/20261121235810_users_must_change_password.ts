import { sql, type Kysely } from 'kysely';

// A space's first administrator gets a one-time password and must choose a new one at first login.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column if not exists must_change_password boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column if exists must_change_password`.execute(db);
}
