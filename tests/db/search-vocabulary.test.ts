import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { ensureSearchVocabulary } from '../../src/server/db/search-vocabulary.js';
import { describeOnDatabases } from '../support/databases.js';

const vocabulary = async (db: Kysely<any>) =>
  Object.fromEntries(
    (await sql<{ word: string; rows: number }>`select word, rows from search_words where table_name = 'civil_statuses' order by word`.execute(db)).rows.map((r) => [r.word, Number(r.rows)]),
  );

describeOnDatabases('search vocabulary', (getDb) => {
  it('counts the words of searchable columns as rows are inserted, changed and deleted', async () => {
    const db = getDb();
    await db.insertInto('civil_statuses').values([{ denomination: 'União Estável Teste' }, { denomination: 'Uniao de Fato' }, { denomination: 'Só' }]).execute();
    expect(await vocabulary(db)).toEqual({ estavel: 1, fato: 1, teste: 1, uniao: 2 });
    await db.updateTable('civil_statuses').set({ denomination: 'Separação Teste' }).where('denomination', '=', 'Uniao de Fato').execute();
    expect(await vocabulary(db)).toEqual({ estavel: 1, separacao: 1, teste: 2, uniao: 1 });
    await db.deleteFrom('civil_statuses').execute();
    expect(await vocabulary(db)).toEqual({});
  });

  it('fills the vocabulary of rows written before its triggers existed', async () => {
    const db = getDb();
    for (const event of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`civil_statuses_words_${event}`)} on civil_statuses`.execute(db);
    await db.insertInto('civil_statuses').values([{ denomination: 'Viúvo Antigo' }]).execute();
    expect(await vocabulary(db)).toEqual({});
    // Two processes starting together both find the triggers missing; they take turns.
    await Promise.all([ensureSearchVocabulary(db), ensureSearchVocabulary(db)]);
    expect(await vocabulary(db)).toEqual({ antigo: 1, viuvo: 1 });
    await db.insertInto('civil_statuses').values([{ denomination: 'Viúva Nova' }]).execute();
    expect(await vocabulary(db)).toEqual({ antigo: 1, nova: 1, viuva: 1, viuvo: 1 });
  });
});
