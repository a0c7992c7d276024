import { sql, type Kysely } from 'kysely';

/**
 * Which space issued each certificate code: the public verification (`/verificar/{code}`) finds the
 * space from the code alone, and nothing else of the space is reachable from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists certificate_codes (
    code varchar(32) primary key,
    space_name varchar(191) not null,
    created_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists certificate_codes`.execute(db);
}
