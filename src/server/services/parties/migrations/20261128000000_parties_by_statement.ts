import { sql, type Kysely } from 'kysely';

/**
 * The parties of persons, legal entities and organizations inserted once per statement instead of
 * once per row. Before, each row's trigger inserted its party with a statement of its own, so the
 * parties' word-counting trigger (a statement trigger, db/search-vocabulary.ts) ran once per person:
 * a spreadsheet's 500 persons written by one insert cost 500 party inserts and 500 word counts.
 *
 * Now the row trigger only draws the party's id from the parties' own sequence, and a statement
 * trigger inserts the statement's parties together from its new rows. Those parties exist only at the
 * end of the statement, after its rows' foreign-key checks would have run, so the reference to the
 * party is checked at commit (`deferrable initially deferred`). Changing and deleting are unchanged:
 * they were a row at a time and stay so (20261124220000_parties.ts).
 */

interface PartyOwner {
  table: string;
  behaveLike: 1 | 2 | 3;
  /** The owner's column copied into the party's `tax_id`, if it has one. */
  taxId?: string;
  /** Statements run before the row's party is drawn (an organization's default party type). */
  before?: string;
}

const OWNERS: PartyOwner[] = [
  { table: 'persons', behaveLike: 1, taxId: 'individual_registration' },
  { table: 'legal_entities', behaveLike: 2, taxId: 'cnpj' },
  {
    table: 'organizations',
    behaveLike: 3,
    before: `if new.party_type_id is null then
          select id into new.party_type_id from party_types where code = 'organizacao';
        end if;`,
  },
];

/** The row trigger's body: the party's id drawn on insert; on update the party kept alike, as before. */
function keepParty({ before = '', taxId }: PartyOwner, insert: string): string {
  const owned = taxId ? `new.name, new.party_type_id, new.${taxId}` : 'new.name, new.party_type_id';
  const old = taxId ? `old.name, old.party_type_id, old.${taxId}` : 'old.name, old.party_type_id';
  const set = taxId ? `name = new.name, party_type_id = new.party_type_id, tax_id = new.${taxId}` : 'name = new.name, party_type_id = new.party_type_id';
  return `
    begin
      ${before}
      if tg_op = 'INSERT' then
        ${insert}
      else
        new.party_id := old.party_id;
        if (${owned}) is distinct from (${old}) then
          update parties set ${set}, updated_at = now() where id = old.party_id;
        end if;
      end if;
      return new;
    end`;
}

const exists = async (db: Kysely<unknown>, table: string) =>
  (await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(db)).rows[0]?.found != null;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(await exists(db, 'parties'))) return;
  for (const owner of OWNERS) {
    if (!(await exists(db, owner.table))) continue;
    const { table, behaveLike, taxId } = owner;
    await sql.raw(`alter table ${table} alter constraint ${table}_party_id_fk deferrable initially deferred`).execute(db);
    await sql.raw(`
      create or replace function ${table}_keep_party() returns trigger language plpgsql as $$
      ${keepParty(owner, `new.party_id := nextval(pg_get_serial_sequence('parties', 'id'));`)}
      $$`).execute(db);
    await sql.raw(`
      create function ${table}_insert_parties() returns trigger language plpgsql as $$
      begin
        insert into parties (id, name, behave_like, party_type_id${taxId ? ', tax_id' : ''})
        select party_id, name, ${behaveLike}, party_type_id${taxId ? `, ${taxId}` : ''} from new_rows order by party_id;
        return null;
      end $$`).execute(db);
    await sql.raw(`
      create trigger ${table}_insert_parties after insert on ${table} referencing new table as new_rows
      for each statement execute function ${table}_insert_parties()`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const owner of OWNERS) {
    if (!(await exists(db, owner.table))) continue;
    const { table, behaveLike, taxId } = owner;
    await sql.raw(`drop trigger if exists ${table}_insert_parties on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${table}_insert_parties()`).execute(db);
    await sql.raw(`
      create or replace function ${table}_keep_party() returns trigger language plpgsql as $$
      ${keepParty(
        owner,
        `insert into parties (name, behave_like, party_type_id${taxId ? ', tax_id' : ''})
        values (new.name, ${behaveLike}, new.party_type_id${taxId ? `, new.${taxId}` : ''})
        returning id into new.party_id;`,
      )}
      $$`).execute(db);
    await sql.raw(`alter table ${table} alter constraint ${table}_party_id_fk not deferrable`).execute(db);
  }
}
