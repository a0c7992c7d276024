/**
 * Registrations imported by their natural key, on both databases: the formatted number within the
 * category (`x-natural-key` unique within other fields). A row whose number names a registration of
 * its category updates it, or is skipped when it changes nothing; the same number in another category
 * is another registration; a number repeated in one category within the file is an error on its row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { call, startTestServer, type TestServer } from '../api/support/server.js';
import { registrationSetUp, type RegistrationSetUp } from '../registrations/support/configuration.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { cpfs, csvOf, multipart } from './support.js';
import { rowId, saving } from '../registrations/support/api.js';

const HEADERS = ['Tipo de pessoa', 'Inscrito', 'Categoria', 'Tipo de registro', 'Fase', 'Situação', 'Faixa de contribuição', 'Número', 'Número formatado', 'Observações'];

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`registrations imported by number within the category [${kind}]`, () => {
    let server: TestServer;
    let setUp: RegistrationSetUp;
    const api = () => call(server, server.adminToken);
    const idOf = (table: string, column: string, value: unknown) => rowId(server.db, table, column, value);
    const created = saving(api);
    /** Uploads, dry-runs and commits a CSV of registrations; answers the dry run's counts and rows. */
    const importRegistrations = async (rows: (string | number)[][]) => {
      const { payload, headers } = multipart('inscricoes.csv', csvOf([HEADERS, ...rows]));
      const upload = await server.app.inject({ method: 'POST', url: '/api/inscricao/import', headers: { ...headers, authorization: `Bearer ${server.adminToken}` }, payload });
      expect(upload.statusCode, upload.body).toBe(201);
      const started = upload.json().data;
      expect(started).toMatchObject({ natural_key: 'formatted_number', natural_key_within: ['category_id'] });
      const checked = (await api()('POST', `/api/inscricao/import/${started.id}/check`)).body.data;
      const planned = (await api()('GET', `/api/inscricao/import/${started.id}/rows`)).body.data;
      expect((await api()('POST', `/api/inscricao/import/${started.id}/commit`)).status).toBe(202);
      for (let i = 0; i < 300; i += 1) {
        const state = (await api()('GET', `/api/inscricao/import/${started.id}`)).body.data;
        if (state.status === 'done') return { counts: checked.counts, rows: planned, done: state.counts };
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the import never finished');
    };
    const stored = async (category: number, number: string) =>
      server.db.selectFrom('registrations').select(['id', 'notes', 'party_id']).where('category_id', '=', category).where('formatted_number', '=', number).execute();

    beforeAll(async () => {
      server = await startTestServer(kind);
      await seedReferenceData(server.db);
      setUp = await registrationSetUp((path, body, method) => created(path, body, method));
      const person = async (name: string, cpf: string) => created('/api/pessoa_fisica', {
        name, short_name: name.split(' ')[0], party_type_id: await idOf('party_types', 'code', 'pessoa_fisica'), date_birth: '1985-03-14',
        genre_id: await idOf('genres', 'denomination', 'Feminino'), civil_status_id: await idOf('civil_statuses', 'denomination', 'Solteiro(a)'),
        naturalness_id: await idOf('cities', 'ibge_code', 5300108), nationality_id: await idOf('nationalities', 'denomination', 'Brasileira'), individual_registration: cpf,
      });
      const [first, second] = cpfs(2);
      await person('Ana Importada Lima', first);
      await person('Bia Importada Souza', second);
      await created('/api/categoria', {
        denomination: 'Engenheiro agrônomo', person_type: 1, registration_type_default: setUp.type,
        registration_number_sequence_id: setUp.sequences.number, registration_process_number_sequence_id: setUp.sequences.process,
        contribution_ranges: [{ contribution_range_id: setUp.ranges.full, main: true }],
      });
    }, 180_000);
    afterAll(() => server?.close());

    it('updates the registration a number names within its category, skips an unchanged one, and creates the others', async () => {
      // Historical phase: numbers typed, as a council's older registrations come.
      const row = (party: string, category: string, number: number, notes = '') =>
        ['Pessoa Física', party, category, 'Principal', 'Histórica', 'Ativa', 'Integral', number, `${String(number).padStart(6, '0')}/1998`, notes];
      const first = await importRegistrations([
        row('Ana Importada Lima', 'Engenheiro civil', 101),
        row('Bia Importada Souza', 'Engenheiro civil', 102),
        // The number of line 2 again in its category: an error on this row.
        row('Bia Importada Souza', 'Engenheiro civil', 101),
        // The same number in another category is another registration.
        row('Ana Importada Lima', 'Engenheiro agrônomo', 101),
      ]);
      expect(first.counts, JSON.stringify(first.rows)).toMatchObject({ create: 3, error: 1, update: 0 });
      expect(first.rows[2].errors).toEqual({ formatted_number: ['O campo Número formatado repete o da linha 2 da planilha, com o mesmo valor de Categoria.'] });
      const agronomist = await idOf('categories', 'denomination', 'Engenheiro agrônomo');
      expect(await stored(setUp.categories.engineer, '000101/1998')).toHaveLength(1);
      expect(await stored(agronomist, '000101/1998')).toHaveLength(1);

      const second = await importRegistrations([
        row('Ana Importada Lima', 'Engenheiro civil', 101, 'Transferida do livro antigo'),
        row('Bia Importada Souza', 'Engenheiro civil', 102),
      ]);
      expect(second.counts, JSON.stringify(second.rows)).toMatchObject({ update: 1, skip: 1, create: 0, error: 0 });
      expect(second.done.done).toBe(1);
      expect((await stored(setUp.categories.engineer, '000101/1998')).map((r) => r.notes)).toEqual(['Transferida do livro antigo']);
      // The other category's registration of that number is left as it was.
      expect((await stored(agronomist, '000101/1998')).map((r) => r.notes)).toEqual([null]);
      expect(Number((await server.db.selectFrom('registrations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(3);
    }, 120_000);

    it('refuses on its own row a category that names nothing and a number far past its column, and writes nothing of them', async () => {
      const before = Number((await server.db.selectFrom('registrations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const row = (category: string, formatted: string) =>
        ['Pessoa Física', 'Ana Importada Lima', category, 'Principal', 'Histórica', 'Ativa', 'Integral', 301, formatted, ''];
      const hostile = await importRegistrations([
        row('Categoria que não existe', '000301/1998'),
        row('Engenheiro civil', '9'.repeat(200_000)),
      ]);
      expect(hostile.counts, JSON.stringify(hostile.rows).slice(0, 800)).toMatchObject({ error: 2, create: 0, update: 0 });
      expect(Object.keys(hostile.rows[0].errors)).toEqual(['category_id']);
      expect(Object.keys(hostile.rows[1].errors)).toEqual(['formatted_number']);
      expect(Number((await server.db.selectFrom('registrations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(before);
    }, 120_000);
  });
}
