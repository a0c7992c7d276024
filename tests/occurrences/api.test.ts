/**
 * Occurrences of a record (`x-occurrences`) through the API, on both databases: the types' combo with
 * `sequence_auto_numbering`, a batch numbered from the type's sequence in order, a batch with one bad
 * item storing nothing (422, the first reason, each item's `success`), a typed number where the
 * sequence does not number by itself, the multiple delete, the record's delete taking them along,
 * and who may do what.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUMBER_REQUIRED, numberTaken } from '../../src/server/features/occurrences/batch.js';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

const YEAR = new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date());

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`occurrences [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    const types: Record<string, number> = {};
    let person = 0;
    let autoSequence = 0;
    const idOf = async (table: string, column: string, value: unknown) => Number((await server.db.selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()).id);
    const created = async (path: string, body: Record<string, unknown>) => {
      const answer = await api('POST', path, body);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
      return answer.body.data as Record<string, any>;
    };
    const newPerson = async (name: string, cpf: string) => Number((await created('/api/pessoa_fisica', {
      name, short_name: name.split(' ')[0], party_type_id: await idOf('party_types', 'code', 'pessoa_fisica'), date_birth: '1985-03-14',
      genre_id: await idOf('genres', 'denomination', 'Feminino'), civil_status_id: await idOf('civil_statuses', 'denomination', 'Solteiro(a)'),
      naturalness_id: await idOf('cities', 'ibge_code', 5300108), nationality_id: await idOf('nationalities', 'denomination', 'Brasileira'), individual_registration: cpf,
    })).id);
    const sequenceNumber = async () => Number((await server.db.selectFrom('sequences').select('number').where('id', '=', autoSequence).executeTakeFirstOrThrow()).number);

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      await seedReferenceData(server.db);
      const sequence = (name: string, auto: boolean) => created('/api/sequencias', { name, number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: auto, has_book: false, formatting: '{numero:4}/{ano}' });
      autoSequence = Number((await sequence('Ocorrências', true)).id);
      const manual = Number((await sequence('Ocorrências em papel', false)).id);
      types.auto = Number((await created('/api/tipos_ocorrencia', { denomination: 'Advertência', sequence_id: autoSequence })).id);
      types.manual = Number((await created('/api/tipos_ocorrencia', { denomination: 'Ofício recebido', sequence_id: manual })).id);
      types.none = Number((await created('/api/tipos_ocorrencia', { denomination: 'Observação' })).id);
      person = await newPerson('Maria da Silva Souza', '529.982.247-25');
    }, 120_000);

    afterAll(async () => server?.close());

    it('offers the occurrence types with whether their sequence numbers by itself', async () => {
      const { body } = await api('GET', '/api/occurrence_types/combo');
      expect(body.data).toEqual([
        { id: types.auto, name: 'Advertência', sequence_id: autoSequence, sequence_auto_numbering: true },
        { id: types.none, name: 'Observação', sequence_id: null, sequence_auto_numbering: false },
        { id: types.manual, name: 'Ofício recebido', sequence_id: expect.any(Number), sequence_auto_numbering: false },
      ]);
    });

    it('stores a batch numbered from the type\'s sequence, in order, and lists it newest first', async () => {
      const answer = await api('POST', `/api/pessoa_fisica/${person}/occurrences/batch`, { occurrences: [
        { occurrence_type_id: types.auto, date: `${YEAR}-03-02`, notes: 'Primeira' },
        { occurrence_type_id: types.auto, date: `${YEAR}-03-05`, notes: 'Segunda' },
        { occurrence_type_id: types.none, date: `${YEAR}-03-01` },
      ] });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body.with_errors).toBe(false);
      expect(answer.body.data.map((o: any) => [o.formatted_number, o.sequence_auto, o.notes])).toEqual([[`0001/${YEAR}`, true, 'Primeira'], [`0002/${YEAR}`, true, 'Segunda'], [null, false, null]]);
      const list = await api('GET', `/api/pessoa_fisica/${person}/occurrences`);
      expect(list.body.data.map((o: any) => [o.date, o.occurrence_type])).toEqual([[`${YEAR}-03-05`, 'Advertência'], [`${YEAR}-03-02`, 'Advertência'], [`${YEAR}-03-01`, 'Observação']]);
    });

    it('stores nothing of a batch with one bad item, answering the first reason and each item\'s success', async () => {
      const before = await sequenceNumber();
      const answer = await api('POST', `/api/pessoa_fisica/${person}/occurrences/batch`, [
        { occurrence_type_id: types.auto, date: `${YEAR}-04-01` },
        { occurrence_type_id: types.auto, date: `${YEAR}-02-30` },
        { occurrence_type_id: 999999, date: null },
      ]);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ message: 'O campo Data está em formato inválido.', with_errors: true });
      expect(answer.body.data.map((item: any) => item.success)).toEqual([true, false, false]);
      expect(answer.body.errors).toEqual({
        'occurrences.1.date': ['O campo Data está em formato inválido.'],
        'occurrences.2.occurrence_type_id': ['Tipo de ocorrência não encontrado.'], 'occurrences.2.date': ['O campo Data é obrigatório.'],
      });
      expect(await sequenceNumber()).toBe(before);
      expect((await api('GET', `/api/pessoa_fisica/${person}/occurrences`)).body.data).toHaveLength(3);
      for (const bad of [{}, { occurrences: [] }, 42, { occurrences: Array.from({ length: 51 }, () => ({})) }]) {
        expect((await api('POST', `/api/pessoa_fisica/${person}/occurrences/batch`, bad)).status, JSON.stringify(bad).slice(0, 40)).toBe(422);
      }
    });

    it('takes the typed number where the type\'s sequence does not number by itself', async () => {
      const refused = await api('POST', `/api/pessoa_fisica/${person}/occurrences/batch`, { occurrences: [{ occurrence_type_id: types.manual, date: `${YEAR}-05-01` }] });
      expect(refused.body.errors).toEqual({ 'occurrences.0.number': [NUMBER_REQUIRED] });
      const typed = await api('POST', `/api/pessoa_fisica/${person}/occurrences/batch`, { occurrences: [{ occurrence_type_id: types.manual, date: `${YEAR}-05-01`, number: 'OF-77/2020' }] });
      expect(typed.body.data[0]).toMatchObject({ formatted_number: 'OF-77/2020', number: null, sequence_auto: false });
    });

    it('refuses a typed number its paper sequence already holds, on any record, and stores it once when typed twice at once', async () => {
      const other = await newPerson('João Pereira Lima', '111.444.777-35');
      const batch = (record: number, ...numbers: string[]) => api('POST', `/api/pessoa_fisica/${record}/occurrences/batch`, {
        occurrences: numbers.map((number) => ({ occurrence_type_id: types.manual, date: `${YEAR}-05-02`, number })),
      });
      const count = async (number: string) => Number((await server.db.selectFrom('occurrences').select((eb) => eb.fn.countAll<string>().as('n')).where('formatted_number', '=', number).executeTakeFirstOrThrow()).n);
      expect(await batch(person, 'OF-80/2026')).toMatchObject({ status: 201 });
      const again = await batch(other, 'OF-81/2026', 'OF-80/2026');
      expect([again.status, again.body.message, again.body.errors]).toEqual([422, numberTaken('OF-80/2026'), { 'occurrences.1.number': [numberTaken('OF-80/2026')] }]);
      expect(again.body.data.map((item: { success: boolean }) => item.success)).toEqual([true, false]);
      expect(await count('OF-81/2026')).toBe(0);
      const twice = await batch(other, 'OF-82/2026', 'OF-82/2026');
      expect(twice.body.errors).toEqual({ 'occurrences.1.number': [numberTaken('OF-82/2026')] });
      // A type with no sequence takes any number, repeated or not.
      const free = () => api('POST', `/api/pessoa_fisica/${other}/occurrences/batch`, { occurrences: [{ occurrence_type_id: types.none, date: `${YEAR}-05-02`, number: 'OF-80/2026' }] });
      expect([(await free()).status, (await free()).status]).toEqual([201, 201]);
      const atOnce = await Promise.all([batch(person, 'OF-83/2026'), batch(other, 'OF-83/2026'), batch(other, 'OF-83/2026')]);
      expect(atOnce.map((answer) => answer.status).sort()).toEqual([201, 422, 422]);
      expect(await count('OF-83/2026')).toBe(1);
    });

    it('deletes several occurrences at once, all or none, and a record\'s with it', async () => {
      const other = await newPerson('Joana Prado', '390.533.447-05');
      const stored = (await api('POST', `/api/pessoa_fisica/${other}/occurrences/batch`, { occurrences: [1, 2, 3].map((d) => ({ occurrence_type_id: types.none, date: `${YEAR}-06-0${d}` })) })).body.data;
      const ids = stored.map((o: any) => o.id);
      expect((await api('DELETE', `/api/pessoa_fisica/occurrences/multiple_delete/${ids[0]},999999`)).status).toBe(404);
      expect((await api('DELETE', `/api/pessoa_juridica/occurrences/multiple_delete/${ids[0]}`)).status).toBe(404);
      expect((await api('DELETE', `/api/pessoa_fisica/occurrences/multiple_delete/${ids[0]},${ids[1]}`)).status).toBe(200);
      expect((await api('GET', `/api/pessoa_fisica/${other}/occurrences`)).body.data.map((o: any) => o.id)).toEqual([ids[2]]);
      expect((await api('DELETE', `/api/pessoa_fisica/${other}`)).status).toBe(200);
      expect(await server.db.selectFrom('occurrences').select('id').where('entity_id', '=', other).where('entity_type', '=', 'pessoa_fisica').execute()).toEqual([]);
    });

    it('asks the record\'s permissions and answers 404 for a record that is not there', async () => {
      const reader = call(server, (await userWith(server, [{ name: 'party.show' }])).token);
      expect((await reader('GET', `/api/pessoa_fisica/${person}/occurrences`)).status).toBe(200);
      expect((await reader('POST', `/api/pessoa_fisica/${person}/occurrences/batch`, { occurrences: [{ occurrence_type_id: types.none, date: `${YEAR}-06-01` }] })).status).toBe(403);
      expect((await reader('DELETE', `/api/pessoa_fisica/occurrences/multiple_delete/1`)).status).toBe(403);
      expect((await api('GET', '/api/pessoa_fisica/999999/occurrences')).status).toBe(404);
      expect((await api('GET', '/api/inscricao/999999/occurrences')).status).toBe(404);
      expect((await call(server, null)('GET', '/api/occurrence_types/combo')).status).toBe(401);
    });
  });
}
