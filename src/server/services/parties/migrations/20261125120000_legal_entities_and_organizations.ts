import { sql, type Kysely } from 'kysely';

/**
 * Legal entities and organizations are parties too, kept like persons (20261124220000_parties.ts):
 * inserting one inserts its `parties` row in the same statement, changing it keeps the party's name,
 * type and tax id alike, deleting it deletes the party (which fails, rolling the delete back, while
 * anything still points at that party). An organization saved without a party type takes the type
 * coded `organizacao`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ entities: string | null; organizations: string | null }>`
    select to_regclass('legal_entities')::text as entities, to_regclass('organizations')::text as organizations`.execute(db);
  const found = rows[0];

  if (found?.entities) {
    await sql`create unique index legal_entities_party_unique on legal_entities (party_id)`.execute(db);
    await sql`
      create function legal_entities_keep_party() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into parties (name, behave_like, party_type_id, tax_id)
          values (new.name, 2, new.party_type_id, new.cnpj)
          returning id into new.party_id;
        else
          new.party_id := old.party_id;
          if (new.name, new.party_type_id, new.cnpj) is distinct from (old.name, old.party_type_id, old.cnpj) then
            update parties set name = new.name, party_type_id = new.party_type_id, tax_id = new.cnpj, updated_at = now()
            where id = old.party_id;
          end if;
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger legal_entities_keep_party before insert or update on legal_entities for each row execute function legal_entities_keep_party()`.execute(db);
    await sql`
      create function legal_entities_drop_party() returns trigger language plpgsql as $$
      begin
        delete from parties where id = old.party_id;
        return old;
      end $$`.execute(db);
    await sql`create trigger legal_entities_drop_party after delete on legal_entities for each row execute function legal_entities_drop_party()`.execute(db);
  }

  if (found?.organizations) {
    await sql`create unique index organizations_party_unique on organizations (party_id)`.execute(db);
    await sql`
      create function organizations_keep_party() returns trigger language plpgsql as $$
      begin
        if new.party_type_id is null then
          select id into new.party_type_id from party_types where code = 'organizacao';
        end if;
        if tg_op = 'INSERT' then
          insert into parties (name, behave_like, party_type_id)
          values (new.name, 3, new.party_type_id)
          returning id into new.party_id;
        else
          new.party_id := old.party_id;
          if (new.name, new.party_type_id) is distinct from (old.name, old.party_type_id) then
            update parties set name = new.name, party_type_id = new.party_type_id, updated_at = now()
            where id = old.party_id;
          end if;
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger organizations_keep_party before insert or update on organizations for each row execute function organizations_keep_party()`.execute(db);
    await sql`
      create function organizations_drop_party() returns trigger language plpgsql as $$
      begin
        delete from parties where id = old.party_id;
        return old;
      end $$`.execute(db);
    await sql`create trigger organizations_drop_party after delete on organizations for each row execute function organizations_drop_party()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['legal_entities', 'organizations']) {
    await sql.raw(`drop trigger if exists ${table}_drop_party on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${table}_drop_party()`).execute(db);
    await sql.raw(`drop trigger if exists ${table}_keep_party on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${table}_keep_party()`).execute(db);
    await sql.raw(`drop index if exists ${table}_party_unique`).execute(db);
  }
}
