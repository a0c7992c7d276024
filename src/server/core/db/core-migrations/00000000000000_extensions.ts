import { sql, type Kysely } from 'kysely';

// Text search ignores case and accents: trigram indexes over immutable_unaccent(lower(col)).
// unaccent() itself is only STABLE, so an index needs this IMMUTABLE wrapper with a fixed dictionary.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`
    create or replace function immutable_unaccent(text) returns text
    language sql immutable parallel safe strict
    as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists immutable_unaccent(text)`.execute(db);
  await sql`drop extension if exists unaccent`.execute(db);
  await sql`drop extension if exists pg_trgm`.execute(db);
}
