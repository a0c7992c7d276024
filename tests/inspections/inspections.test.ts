/**
 * Inspections (`fiscalizacoes`) through the API, on both databases: the number drawn from the
 * inspection's sequence in its insert's transaction (kept by an edit, never shared by inspections
 * saved at once, not consumed by a refused save), a sequence that does not number by itself refused,
 * start no later than end, the inspected party, documents and occurrences beside the record, and
 * who may do what.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

const YEAR = new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date());

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`inspections [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let sequence = 0;
    let otherSequence = 0;
    let manualSequence = 0;
    let type = 0;
    let company = 0;
    let person = 0;
    const created = async (path: string, body: Record<string, unknown>) => {
      const answer = await api('POST', path, body);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
      return answer.body.data as Record<string, any>;
    };
    const party = async (name: string, code: string, behaveLike: number) => {
      const row = await server.db.selectFrom('party_types').select('id').where('code', '=', code).executeTakeFirstOrThrow();
      return Number((await server.db.insertInto('parties').values({ name, behave_like: behaveLike, party_type_id: row.id }).returning('id').executeTakeFirstOrThrow()).id);
    };
    const body = (extra: Record<string, unknown> = {}) => ({
      inspection_type_id: type, sequence_id: sequence, inspected_id: company, source: 'Denúncia', start_date: `${YEAR}-03-02`, end_date: `${YEAR}-03-20`, notes: 'Obra sem placa.', ...extra,
    });

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      const newSequence = async (name: string, auto: boolean) => Number((await created('/api/sequencias', {
        name, number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: auto, has_book: false, formatting: 'FISC-{numero:4}/{ano}',
      })).id);
      sequence = await newSequence('Fiscalizações', true);
      otherSequence = await newSequence('Fiscalizações especiais', true);
      manualSequence = await newSequence('Fiscalizações em papel', false);
      type = Number((await created('/api/tipos_fiscalizacao', { denomination: 'Rotina' })).id);
      company = await party('Construtora Alfa Ltda', 'pessoa_juridica', 2);
      person = await party('Maria da Silva Souza', 'pessoa_fisica', 1);
    }, 120_000);

    afterAll(async () => server?.close());

    it('numbers an inspection from its sequence and keeps the number on edit', async () => {
      const first = await created('/api/fiscalizacoes', body());
      expect(first).toMatchObject({ number: 1, formatted_number: `FISC-0001/${YEAR}`, inspected_id: company, source: 'Denúncia', start_date: `${YEAR}-03-02`, end_date: `${YEAR}-03-20` });
      const second = await created('/api/fiscalizacoes', body({ inspected_id: person, end_date: null }));
      expect(second).toMatchObject({ number: 2, formatted_number: `FISC-0002/${YEAR}`, inspected_id: person, end_date: null });
      const edited = await api('PUT', `/api/fiscalizacoes/${first.id}`, body({ sequence_id: otherSequence, notes: 'Placa instalada.' }));
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.data).toMatchObject({ number: 1, formatted_number: `FISC-0001/${YEAR}`, sequence_id: sequence, notes: 'Placa instalada.' });
      const shown = (await api('GET', `/api/fiscalizacoes/${first.id}`)).body.data;
      expect(shown).toMatchObject({ formatted_number: `FISC-0001/${YEAR}`, sequence_id: sequence });
      const list = await api('GET', `/api/fiscalizacoes?q=FISC-0002`);
      expect(list.body.data.map((row: any) => row.id)).toEqual([second.id]);
      // The combo names an inspection as a person recognises it: number, inspected party, start date.
      const named = (await api('GET', `/api/fiscalizacoes/combos?id=${first.id},${second.id}`)).body.data.map((option: any) => option.name).sort();
      expect(named).toEqual([`FISC-0001/${YEAR} - Construtora Alfa Ltda - 02/03/${YEAR}`, `FISC-0002/${YEAR} - Maria da Silva Souza - 02/03/${YEAR}`]);
      const typed = (await api('GET', `/api/fiscalizacoes/combos?filter=${encodeURIComponent('maria da silva')}`)).body.data.map((option: any) => option.id);
      expect(typed).toEqual([second.id]);
      const whole = await api('GET', `/api/fiscalizacoes/combos?filter=${encodeURIComponent(`FISC-0002/${YEAR} - Maria da Silva Souza - 02/03/${YEAR}`)}`);
      expect(whole.body.data.map((option: any) => option.id)).toEqual([second.id]);
    });

    it('never gives two inspections saved at once the same number', async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => api('POST', '/api/fiscalizacoes', body({ sequence_id: otherSequence }))));
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
      const numbers = answers.map((answer) => answer.body.data.number).sort((a, b) => a - b);
      expect(numbers).toEqual([1, 2, 3, 4, 5, 6]);
      expect(new Set(answers.map((answer) => answer.body.data.formatted_number)).size).toBe(6);
    });

    it('refuses a start after the end, and such a refused save takes no number', async () => {
      const late = await api('POST', '/api/fiscalizacoes', body({ start_date: `${YEAR}-03-21`, end_date: `${YEAR}-03-20` }));
      expect(late.status).toBe(422);
      expect(late.body.errors).toEqual({ end_date: ['A data inicial não pode ser posterior à data final.'] });
      const sameDay = await created('/api/fiscalizacoes', body({ start_date: `${YEAR}-03-20`, end_date: `${YEAR}-03-20` }));
      expect(sameDay.number).toBe(3);
    });

    it('asks for the type, the sequence and the inspected party, and a sequence that numbers by itself', async () => {
      const empty = await api('POST', '/api/fiscalizacoes', { source: 'Denúncia' });
      expect(empty.status).toBe(422);
      expect(empty.body.errors).toMatchObject({
        inspection_type_id: ['O campo Tipo de fiscalização é obrigatório.'],
        sequence_id: ['O campo Sequência é obrigatório.'],
        inspected_id: ['O campo Fiscalizado é obrigatório.'],
        start_date: ['O campo Data de início é obrigatório.'],
      });
      const manual = await api('POST', '/api/fiscalizacoes', body({ sequence_id: manualSequence }));
      expect(manual.status).toBe(422);
      expect(manual.body.errors).toEqual({ sequence_id: ['O registro selecionado não está entre as opções permitidas para o campo Sequência.'] });
      const offered = await api('GET', '/api/sequencias/combos?combo=automaticas');
      expect(offered.body.data.map((option: any) => option.name)).toEqual(['Fiscalizações', 'Fiscalizações especiais']);
    });

    it('keeps documents and occurrences beside an inspection', async () => {
      const inspection = await created('/api/fiscalizacoes', body());
      const documents = await api('GET', `/api/fiscalizacoes/${inspection.id}/documents`);
      expect(documents.status).toBe(200);
      expect(documents.body.data).toEqual([]);
      const occurrenceType = await created('/api/tipos_ocorrencia', { denomination: 'Auto de constatação' });
      const batch = await api('POST', `/api/fiscalizacoes/${inspection.id}/occurrences/batch`, { occurrences: [{ occurrence_type_id: occurrenceType.id, date: `${YEAR}-03-05`, notes: 'Visita' }] });
      expect(batch.status, JSON.stringify(batch.body)).toBe(201);
      const occurrences = await api('GET', `/api/fiscalizacoes/${inspection.id}/occurrences`);
      expect(occurrences.body.data.map((row: any) => [row.occurrence_type, row.notes])).toEqual([['Auto de constatação', 'Visita']]);
    });

    it('lets only who holds the inspection permissions list and insert', async () => {
      const reader = call(server, (await userWith(server, [{ name: 'inspection.index' }, { name: 'inspection.show' }])).token);
      expect((await reader('GET', '/api/fiscalizacoes')).status).toBe(200);
      expect((await reader('POST', '/api/fiscalizacoes', body())).status).toBe(403);
      const stranger = call(server, (await userWith(server, [{ name: 'inspectionType.index' }])).token);
      expect((await stranger('GET', '/api/fiscalizacoes')).status).toBe(403);
    });
  });
}
