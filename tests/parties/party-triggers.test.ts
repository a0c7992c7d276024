/**
 * The database keeps a party for every person and organization, whatever writes them, on both
 * databases: rows inserted by one statement get their parties from one statement too (so the
 * parties' word count runs once, not once per row, which set a spreadsheet import's pace), each
 * party named, typed and numbered as its owner; a row an insert skips on a conflict leaves no party.
 */
import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../support/databases.js';

const CPFS = ['529.982.247-25', '111.444.777-35', '390.533.447-05'];

/** How many times the vocabulary's trigger ran in the transaction so far (function statistics, in the transaction itself). */
const wordCounts = async (trx: Kysely<any>) =>
  Number((await sql<{ calls: string | null }>`select sum(calls) as calls from pg_stat_xact_user_functions where funcname = 'search_words_track'`.execute(trx)).rows[0]?.calls ?? 0);

describeOnDatabases('parties kept by the database', (getDb) => {
  const idOf = async (table: string, values: Record<string, unknown>) =>
    Number((await getDb().insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
  const typeOf = async (code: string) => Number((await getDb().selectFrom('party_types').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id);

  const personRows = async (cpfs: string[]) => {
    const uf = await idOf('states', { initials: 'DF', name: 'Distrito Federal', ibge_code: 53 });
    const refs = {
      party_type_id: await typeOf('pessoa_fisica'),
      genre_id: await idOf('genres', { denomination: 'Feminino' }),
      civil_status_id: await idOf('civil_statuses', { denomination: 'Solteiro(a)' }),
      naturalness_id: await idOf('cities', { name: 'Brasília', uf_id: uf, ibge_code: 5300108 }),
      nationality_id: await idOf('nationalities', { denomination: 'Brasileira' }),
    };
    return cpfs.map((cpf, i) => ({ ...refs, name: `Pessoa ${i} da Silva`, short_name: `Pessoa ${i}`, date_birth: '1990-05-20', individual_registration: cpf }));
  };

  it('inserts the parties of persons written by one statement with one statement, each as its person', async () => {
    const rows = await personRows(CPFS);
    const { persons, calls } = await getDb().transaction().execute(async (trx) => {
      await sql`set local track_functions = 'pl'`.execute(trx);
      const before = await wordCounts(trx);
      const persons = await trx.insertInto('persons').values(rows).returning(['id', 'party_id', 'name', 'party_type_id', 'individual_registration']).execute();
      return { persons, calls: (await wordCounts(trx)) - before };
    });
    // The persons' words and the parties' words: once each for the statement, not once per person.
    expect(calls).toBe(2);
    const parties = await getDb().selectFrom('parties').select(['id', 'name', 'behave_like', 'party_type_id', 'tax_id']).orderBy('id').execute();
    expect(parties.map((p) => ({ ...p, id: Number(p.id), party_type_id: Number(p.party_type_id) }))).toEqual(
      persons.map((p) => ({ id: Number(p.party_id), name: p.name, behave_like: 1, party_type_id: Number(p.party_type_id), tax_id: p.individual_registration })),
    );
    const words = await sql<{ word: string; rows: number }>`select word, rows from search_words where table_name = 'parties' and word = 'silva'`.execute(getDb());
    expect(words.rows.map((w) => Number(w.rows))).toEqual([3]);

    // A person another insert skips on its CPF leaves no party behind.
    const again = await getDb().insertInto('persons').values({ ...rows[0], name: 'Outra Pessoa' }).onConflict((oc) => oc.expression(sql`lower(individual_registration)`).doNothing()).returning('id').execute();
    expect(again).toEqual([]);
    expect(Number((await getDb().selectFrom('parties').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(3);

    // Deleted with their persons, one statement for all.
    await getDb().deleteFrom('persons').execute();
    expect(await getDb().selectFrom('parties').select('id').execute()).toEqual([]);
  });

  it('inserts organizations\' parties together too, of the organization type when none is given', async () => {
    const organizations = await getDb().insertInto('organizations').values([{ name: 'Sindicato Um' }, { name: 'Associação Dois' }]).returning(['party_id', 'name']).execute();
    const organizationType = await typeOf('organizacao');
    const parties = await getDb().selectFrom('parties').select(['id', 'name', 'behave_like', 'party_type_id']).where('id', 'in', organizations.map((o) => o.party_id)).orderBy('id').execute();
    expect(parties.map((p) => ({ name: p.name, behave_like: p.behave_like, party_type_id: Number(p.party_type_id) }))).toEqual([
      { name: 'Sindicato Um', behave_like: 3, party_type_id: organizationType },
      { name: 'Associação Dois', behave_like: 3, party_type_id: organizationType },
    ]);
    await getDb().deleteFrom('organizations').execute();
  });
});
