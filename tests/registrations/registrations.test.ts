/**
 * Registrations and their configuration through the API, on both databases: the configuration's rules
 * (one main contribution range, next situations that are others), the combos the registration form
 * reads, the numbers drawn in the save (from the phase's sequence, else the category's), typed where
 * numeration is externally controlled (the sequence untouched), none while the situation disables
 * it; a situation moving only to a next one, with its history; the options agreeing with the party.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_REGISTERED, CATEGORY_NOT_OF_TYPE, NOT_NEXT_SITUATION, NUMBER_OFF_MASK, NUMBER_TYPED_REQUIRED, PARTY_NOT_OF_TYPE, RANGE_NOT_OF_CATEGORY } from '../../src/server/features/registrations/rules.js';
import { NEXT_IS_ITSELF, RANGE_REPEATED } from '../../src/server/features/registrations/configuration.js';
import { today } from '../../src/server/features/registrations/calendar.js';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { call, startTestServer, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { registrationSetUp, type RegistrationSetUp } from './support/configuration.js';
import { rowId, saving } from './support/api.js';

const CPF = '529.982.247-25';
const CNPJ = '11.222.333/0001-81';
const YEAR = today().slice(0, 4);

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`registrations [${kind}]`, () => {
    let server: TestServer;
    let setUp: RegistrationSetUp;
    const parties: Record<string, number> = {};
    const admin = () => call(server, server.adminToken);
    const idOf = (table: string, column: string, value: unknown) => rowId(server.db, table, column, value);
    const created = saving(admin);
    const registration = (overrides: Record<string, unknown> = {}) => ({
      person_type: 1, party_id: parties.person, category_id: setUp.categories.engineer, registration_type_id: setUp.type,
      registration_phase_id: setUp.phases.definitive, situation_id: setUp.situations.active, contribution_range_id: setUp.ranges.full,
      ...overrides,
    });
    /** A registration's form sent back with some fields changed, as the edit form sends it. */
    const edit = async (id: number, changes: Record<string, unknown>) => {
      const { data } = (await admin()('GET', `/api/inscricao/${id}`)).body;
      const { id: _id, created_at: _c, updated_at: _u, registration_expiration_date: _e, sequence_auto: _s, ...form } = data;
      return admin()('PUT', `/api/inscricao/${id}`, { ...form, ...changes });
    };
    const edited = async (id: number, changes: Record<string, unknown>) => {
      const answer = await edit(id, changes);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data as Record<string, any>;
    };
    const sequenceNumber = async (id: number) => Number((await server.db.selectFrom('sequences').select('number').where('id', '=', id).executeTakeFirstOrThrow()).number);

    beforeAll(async () => {
      server = await startTestServer(kind);
      await seedReferenceData(server.db);
      setUp = await registrationSetUp((path, body, method) => created(path, body, method));
      const nationality = await idOf('nationalities', 'denomination', 'Brasileira');
      const person = await created('/api/pessoa_fisica', {
        name: 'Maria da Silva Souza', short_name: 'Maria Souza', party_type_id: await idOf('party_types', 'code', 'pessoa_fisica'),
        date_birth: '1985-03-14', genre_id: await idOf('genres', 'denomination', 'Feminino'), civil_status_id: await idOf('civil_statuses', 'denomination', 'Solteiro(a)'),
        naturalness_id: await idOf('cities', 'ibge_code', 5300108), nationality_id: nationality, individual_registration: CPF,
      });
      parties.person = Number(person.party_id);
      const company = await created('/api/pessoa_juridica', {
        cnpj: CNPJ, name: 'Construtora Exemplo Ltda', short_name: 'Exemplo', party_type_id: await idOf('party_types', 'code', 'pessoa_juridica'),
        nationality_id: nationality, legal_nature_id: await idOf('legal_natures', 'code', '206-2'), economic_activity_id: await idOf('economic_activities', 'cnae_code', '4120400'),
        social_capital: '100.000,00',
      });
      parties.company = Number(company.party_id);
    }, 120_000);

    afterAll(async () => server?.close());

    describe('configuration', () => {
      it('asks a category for one main contribution range, each range once', async () => {
        const category = (contribution_ranges: unknown[]) => admin()('POST', '/api/categoria', {
          denomination: 'Técnico', person_type: 1, registration_type_default: setUp.type,
          registration_number_sequence_id: setUp.sequences.number, registration_process_number_sequence_id: setUp.sequences.process, contribution_ranges,
        });
        expect((await category([])).body.errors.contribution_ranges).toEqual(['Adicione ao menos uma faixa de contribuição e marque a principal.']);
        expect((await category([{ contribution_range_id: setUp.ranges.full, main: false }])).body.errors.contribution_ranges).toEqual(['Marque uma faixa de contribuição como principal.']);
        expect((await category([{ contribution_range_id: setUp.ranges.full, main: true }, { contribution_range_id: setUp.ranges.reduced, main: true }])).body.errors.contribution_ranges)
          .toEqual(['Deve haver apenas uma faixa de contribuição principal']);
        const repeated = await category([{ contribution_range_id: setUp.ranges.full, main: true }, { contribution_range_id: setUp.ranges.full, main: false }]);
        expect(repeated.status).toBe(422);
        expect(repeated.body.errors['contribution_ranges.1.contribution_range_id']).toEqual([RANGE_REPEATED]);
        expect(await server.db.selectFrom('categories').select('id').where('denomination', '=', 'Técnico').execute()).toEqual([]);
      });

      it("refuses a situation as its own next one, and a phase that ends without its months", async () => {
        const itself = await admin()('PUT', `/api/situacoes/${setUp.situations.cancelled}`, { denomination: 'Cancelada', next_situations: [{ next_situation_id: setUp.situations.cancelled, default: true }] });
        expect(itself.status).toBe(422);
        expect(itself.body.errors['next_situations.0.next_situation_id']).toEqual([NEXT_IS_ITSELF]);
        const noMain = await admin()('PUT', `/api/situacoes/${setUp.situations.cancelled}`, { denomination: 'Cancelada', next_situations: [{ next_situation_id: setUp.situations.active, default: false }] });
        expect(noMain.body.errors.next_situations).toEqual(['Marque uma próxima situação como principal.']);
        const phase = await admin()('POST', '/api/fases_inscricao', { denomination: 'Temporária', has_end: true });
        expect(phase.body.errors.amount_months_term).toEqual(['O campo Prazo (meses) é obrigatório.']);
      });

      it('gives the registration form what it needs in the combos', async () => {
        const categories = (await admin()('GET', '/api/categoria/combos?person_type=1')).body.data;
        expect(categories.map((c: { id: number }) => c.id)).toEqual([setUp.categories.engineer]);
        expect(categories[0]).toMatchObject({ person_type: 1, registration_type_default: setUp.type, registration_number_sequence_id: setUp.sequences.number });
        const ranges = (await admin()('GET', `/api/faixa_de_contribuicao/combos?category_id=${setUp.categories.company}`)).body.data;
        expect(ranges.map((r: { name: string }) => r.name)).toEqual(['Integral']);
        const engineerRanges = (await admin()('GET', `/api/inscricao/categorias/${setUp.categories.engineer}/faixas`)).body.data;
        expect(engineerRanges).toEqual([{ id: setUp.ranges.full, name: 'Integral', main: true }, { id: setUp.ranges.reduced, name: 'Reduzida', main: false }]);
        expect((await admin()('GET', '/api/inscricao/categorias/999999/faixas')).status).toBe(404);
        const types = (await admin()('GET', '/api/tipos_registro/combos')).body.data;
        expect(types[0]).toMatchObject({ situation_default: setUp.situations.active, number_phases_default: setUp.phases.definitive });
        const situations = (await admin()('GET', '/api/situacoes/combos')).body.data;
        expect(situations.find((s: { id: number }) => s.id === setUp.situations.review)).toMatchObject({ disable_number: true });
        const institutions = (await admin()('GET', '/api/instituicoes_ensino/combos?filter=UFMG')).body.data;
        expect(institutions[0].name).toBe('UFMG - Universidade Federal de Minas Gerais');
      });
    });

    describe('numbers', () => {
      it("draws the number and the process number from the category's sequences, dated today", async () => {
        const saved = await created('/api/inscricao', registration());
        expect(saved).toMatchObject({
          number: 1, formatted_number: `000001/${YEAR}`, process_number: 1, process_formatted_number: `PROC-00001/${YEAR}`, sequence_auto: true,
          registration_date: today(), situation_date: today(), registration_phase_date: today(), registration_expiration_date: null, status: 1,
        });
        const history = (await admin()('GET', `/api/inscricao/${saved.id}/situacoes`)).body.data;
        expect(history).toMatchObject([{ situation_id: setUp.situations.active, situation: 'Ativa', previous_situation_id: null, situation_date: today() }]);
        // Numbers typed for an automatically numbered registration change nothing, and draw nothing: the
        // edit form shows them read-only.
        const drawn = [await sequenceNumber(setUp.sequences.number), await sequenceNumber(setUp.sequences.process)];
        const typed = await edited(saved.id, {
          number: 999, formatted_number: '999', book_number: 5, leaf_number: 6, order_number: 7, process_number: 55, process_formatted_number: 'PROC-X', notes: 'Conferida',
        });
        expect(typed).toMatchObject({
          number: 1, formatted_number: `000001/${YEAR}`, book_number: null, leaf_number: null, order_number: null,
          process_number: 1, process_formatted_number: `PROC-00001/${YEAR}`, sequence_auto: true, notes: 'Conferida',
        });
        expect([await sequenceNumber(setUp.sequences.number), await sequenceNumber(setUp.sequences.process)]).toEqual(drawn);
        await edited(saved.id, { status: 2 });
      });

      it("takes the phase's own sequence and expiry", async () => {
        const saved = await created('/api/inscricao', registration({ registration_phase_id: setUp.phases.provisional, registration_date: '2026-01-31' }));
        expect(saved).toMatchObject({ number: 1, formatted_number: 'P0001/2026', registration_expiration_date: '2027-01-31', contribution_range_date: '2026-01-31' });
        await edited(saved.id, { status: 4 });
      });

      it('asks for the number where numeration is externally controlled, in the mask of the situation, and draws nothing', async () => {
        const before = await sequenceNumber(setUp.sequences.number);
        const beforeProcess = await sequenceNumber(setUp.sequences.process);
        const missing = await admin()('POST', '/api/inscricao', registration({ registration_phase_id: setUp.phases.historical }));
        expect(missing.body.errors.number).toEqual([NUMBER_TYPED_REQUIRED]);
        const offMask = await admin()('POST', '/api/inscricao', registration({ registration_phase_id: setUp.phases.historical, number: 1234, formatted_number: '1234-98' }));
        expect(offMask.body.errors.formatted_number).toEqual([NUMBER_OFF_MASK('000000/0000')]);
        const saved = await created('/api/inscricao', registration({ registration_phase_id: setUp.phases.historical, number: 1234, formatted_number: '001234/1998', process_number: 77, registration_date: '1998-05-04' }));
        expect(saved).toMatchObject({ number: 1234, formatted_number: '001234/1998', process_number: 77, process_formatted_number: '77', sequence_auto: false });
        expect(await sequenceNumber(setUp.sequences.number)).toBe(before);
        expect(await sequenceNumber(setUp.sequences.process)).toBe(beforeProcess);
        await edited(saved.id, { status: 2 });
      });

      it('takes the typed number where the sequence does not number by itself, and asks for it when none is typed', async () => {
        const byHand = await created('/api/sequencias', { name: 'Livro antigo', formatting: '{numero}', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: false, has_book: false });
        const type = await created('/api/tipos_registro', { denomination: 'Secundária', number_registration_sequence_id: byHand.id });
        const missing = await admin()('POST', '/api/inscricao', registration({ registration_type_id: type.id }));
        expect(missing.body.errors.number).toEqual(['A sequência "Livro antigo" não gera números automaticamente: informe o número.']);
        const saved = await created('/api/inscricao', registration({ registration_type_id: type.id, number: 4321 }));
        expect(saved).toMatchObject({ number: 4321, formatted_number: '4321', sequence_auto: false, process_formatted_number: expect.stringMatching(/^PROC-\d{5}\//) });
        expect(await sequenceNumber(byHand.id)).toBe(0);
        await edited(saved.id, { status: 2 });
      });

      it('leaves a registration in a situation that disables the number without one, and numbers it when it moves on', async () => {
        const saved = await created('/api/inscricao', registration({ situation_id: setUp.situations.review }));
        expect(saved).toMatchObject({ number: null, formatted_number: null, sequence_auto: false });
        const next = (await admin()('GET', `/api/inscricao/${saved.id}/proximas_situacoes`)).body.data;
        expect(next).toEqual([
          { id: setUp.situations.active, name: 'Ativa', default: true, disable_number: false },
          { id: setUp.situations.cancelled, name: 'Cancelada', default: false, disable_number: false },
        ]);
        const moved = await edited(saved.id, { situation_id: setUp.situations.active });
        expect(moved.formatted_number).toMatch(new RegExp(`^0000\\d\\d/${YEAR}$`));
        expect(moved.situation_date).toBe(today());
        const history = (await admin()('GET', `/api/inscricao/${saved.id}/situacoes`)).body.data;
        expect(history.map((h: { situation: string; previous_situation: string | null }) => [h.situation, h.previous_situation])).toEqual([['Ativa', 'Em análise'], ['Em análise', null]]);
        await edited(saved.id, { status: 2 });
      });
    });

    describe('rules', () => {
      it('moves a situation only to one of its next situations', async () => {
        const saved = await created('/api/inscricao', registration());
        const back = await edit(saved.id, { situation_id: setUp.situations.review });
        expect(back.status).toBe(422);
        expect(back.body.errors.situation_id).toEqual([NOT_NEXT_SITUATION('Em análise', 'Ativa')]);
        const moved = await edited(saved.id, { situation_id: setUp.situations.suspended, situation_date: '2026-03-02' });
        expect(moved).toMatchObject({ situation_id: setUp.situations.suspended, situation_date: '2026-03-02' });
        await edited(saved.id, { status: 2 });
      });

      it('keeps the options in agreement with the party, and one open registration per category and type', async () => {
        const wrong = await admin()('POST', '/api/inscricao', registration({ category_id: setUp.categories.company, contribution_range_id: setUp.ranges.exempt }));
        expect(wrong.status).toBe(422);
        expect(wrong.body.errors).toMatchObject({ category_id: [CATEGORY_NOT_OF_TYPE(1)], contribution_range_id: [RANGE_NOT_OF_CATEGORY] });
        const company = await admin()('POST', '/api/inscricao', registration({ party_id: parties.company }));
        expect(company.body.errors.party_id).toEqual([PARTY_NOT_OF_TYPE(1)]);

        const first = await created('/api/inscricao', registration());
        const again = await admin()('POST', '/api/inscricao', registration({ contribution_range_id: setUp.ranges.reduced }));
        expect(again.body.errors.party_id).toEqual([ALREADY_REGISTERED]);
        await edited(first.id, { status: 2 });
        await created('/api/inscricao', registration({ contribution_range_id: setUp.ranges.reduced }));
      });

      it("registers a company in a company's category", async () => {
        const saved = await created('/api/inscricao', registration({ person_type: 2, party_id: parties.company, category_id: setUp.categories.company }));
        expect(saved.formatted_number).toMatch(new RegExp(`/${YEAR}$`));
      });
    });

    describe('look-ups', () => {
      it('finds a person with the open registration of a category and type, and every registration of a tax id', async () => {
        const digits = CPF.replace(/\D/g, '');
        const check = await admin()('GET', `/api/pessoa_fisica/cpf/${digits}/category/${setUp.categories.engineer}/type/${setUp.type}`);
        expect(check.status).toBe(200);
        expect(check.body.data.individual_registration).toBe(CPF);
        expect(check.body.open_registration).toMatchObject({ category_id: setUp.categories.engineer, situation: 'Ativa', status: 1 });
        const none = await admin()('GET', `/api/pessoa_juridica/cnpj/${CNPJ.replace(/\W/g, '')}/category/${setUp.categories.engineer}/type/${setUp.type}`);
        expect(none.body.open_registration).toBeNull();
        const all = await admin()('GET', `/api/inscricao/parte/1/${digits}`);
        expect(all.body.data.length).toBeGreaterThanOrEqual(5);
        expect((await admin()('GET', '/api/inscricao/parte/3/123')).status).toBe(422);
        expect((await admin()('GET', '/api/inscricao/parte/__proto__/123')).status).toBe(422);
        expect((await admin()('GET', '/api/inscricao/parte/1/11111111111')).status).toBe(422);
      });

      it('filters the list by category, situation, phase, party and number', async () => {
        const list = async (filter: Record<string, unknown>) => (await admin()('GET', `/api/inscricao?filter=${encodeURIComponent(JSON.stringify(filter))}`)).body.data as { formatted_number: string }[];
        expect((await list({ registration_phase_id: setUp.phases.provisional })).map((r) => r.formatted_number)).toEqual(['P0001/2026']);
        expect((await list({ party_id: parties.company, category_id: setUp.categories.company })).length).toBe(1);
        expect((await list({ situation_id: setUp.situations.suspended })).length).toBe(1);
        expect((await admin()('GET', '/api/inscricao?q=001234')).body.data.map((r: { formatted_number: string }) => r.formatted_number)).toEqual(['001234/1998']);
      });

      it("finds registrations by their party's name, CPF or CNPJ, typed with or without marks (`x-list.search` through party_id)", async () => {
        const parties_ = async (q: string) => new Set(((await admin()('GET', `/api/inscricao?per_page=100&q=${encodeURIComponent(q)}`)).body.data as { party_id: number }[]).map((r) => r.party_id));
        const all = async (party: number) => ((await admin()('GET', `/api/inscricao?per_page=100&filter=${encodeURIComponent(JSON.stringify({ party_id: party }))}`)).body.data as unknown[]).length;
        expect(await all(parties.person)).toBeGreaterThan(0);
        for (const q of ['Maria da Silva', 'silva souza', 'Sou', CPF, CPF.replace(/\D/g, ''), '529982', '529.98']) expect([...(await parties_(q))], q).toEqual([parties.person]);
        for (const q of ['Exemplo', CNPJ, '11222333', '11.222']) expect([...(await parties_(q))], q).toEqual([parties.company]);
        // Every registration of the person, as the filter by party finds them.
        expect(((await admin()('GET', `/api/inscricao?per_page=100&q=${encodeURIComponent(CPF)}`)).body.data as unknown[]).length).toBe(await all(parties.person));
        // A CPF is read by its start: its middle digits find no one; a word and a number together narrow.
        expect(await parties_('982247')).toEqual(new Set());
        expect([...(await parties_(`Maria ${CPF.slice(0, 7)}`))]).toEqual([parties.person]);
        expect(await parties_('Maria 11222333')).toEqual(new Set());
        // The registration's own numbers are still searched.
        expect([...(await parties_('001234'))].length).toBe(1);
      });
    });
  });
}
