import { sql, type Kysely } from 'kysely';

/**
 * Every person is a party, kept by the database in the person's own statement: inserting a person
 * inserts its `parties` row and sets `party_id`; changing it keeps the party's name, type and CPF
 * alike (and its `party_id` whatever is sent); deleting it deletes the party, which fails (and rolls
 * the delete back) while anything still points at that party. Whatever writes a person (the API, a
 * seed, an import) keeps this true.
 *
 * The party types the product relies on are rows with a fixed `code`, never found by their id.
 * A database built from a model without parties has no such tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ parties: string | null; persons: string | null; types: string | null }>`
    select to_regclass('parties')::text as parties, to_regclass('persons')::text as persons, to_regclass('party_types')::text as types`.execute(db);
  const found = rows[0];
  if (!found?.parties || !found.persons || !found.types) return;

  await sql`create unique index party_types_code_unique on party_types (code) where code is not null`.execute(db);
  await sql`
    insert into party_types (code, name, friendly_name, behave_like) values
      ('pessoa_fisica', 'pessoa_fisica', 'Pessoa Física', 1),
      ('pessoa_juridica', 'pessoa_juridica', 'Pessoa Jurídica', 2),
      ('organizacao', 'organizacao', 'Organização', 3),
      ('funcionario', 'funcionario', 'Funcionário', 1),
      ('instituicao', 'instituicao', 'Instituição', 2)
    on conflict do nothing`.execute(db);

  await sql`create unique index persons_party_unique on persons (party_id)`.execute(db);
  await sql`
    create function persons_keep_party() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into parties (name, behave_like, party_type_id, tax_id)
        values (new.name, 1, new.party_type_id, new.individual_registration)
        returning id into new.party_id;
      else
        new.party_id := old.party_id;
        if (new.name, new.party_type_id, new.individual_registration) is distinct from (old.name, old.party_type_id, old.individual_registration) then
          update parties set name = new.name, party_type_id = new.party_type_id, tax_id = new.individual_registration, updated_at = now()
          where id = old.party_id;
        end if;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger persons_keep_party before insert or update on persons for each row execute function persons_keep_party()`.execute(db);
  await sql`
    create function persons_drop_party() returns trigger language plpgsql as $$
    begin
      delete from parties where id = old.party_id;
      return old;
    end $$`.execute(db);
  await sql`create trigger persons_drop_party after delete on persons for each row execute function persons_drop_party()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists persons_drop_party on persons`.execute(db);
  await sql`drop function if exists persons_drop_party()`.execute(db);
  await sql`drop trigger if exists persons_keep_party on persons`.execute(db);
  await sql`drop function if exists persons_keep_party()`.execute(db);
  await sql`drop index if exists persons_party_unique`.execute(db);
  await sql`drop index if exists party_types_code_unique`.execute(db);
}
