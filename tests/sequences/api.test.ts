import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { futureDateMessage } from '../../src/server/services/sequences/draw.js';
import { MASK_MESSAGES } from '../../src/server/services/sequences/mask.js';
import { drawByHand } from '../../src/server/services/sequences/routes.js';
import { councilDay } from '../../src/server/services/sequences/year.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { BAD_MASKS, MASK_CASES } from './support/mask-cases.js';
import { bookBlocks } from './support/sequences.js';

const FORBIDDEN = { message: 'Você não tem permissão para executar esta ação.' };
/** The server's clock, held still: the council's today and tomorrow are read from it. */
const NOW = Date.now();

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`sequences through the API [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let made = 0;
    const create = async (body: Record<string, unknown> = {}) => {
      made += 1;
      const answer = await api('POST', '/api/sequencias', { name: `Sequência ${made}`, number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false, ...body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.data as Record<string, any>;
    };

    /** PUT of the whole record as GET gave it, with some fields changed (the edit rules read whole bodies). */
    const edit = async (id: number, changes: Record<string, unknown>) => {
      const current = (await api('GET', `/api/sequencias/${id}`)).body.data;
      return api('PUT', `/api/sequencias/${id}`, { ...current, ...changes });
    };

    beforeAll(async () => {
      server = await startTestServer(kind, { clock: { now: () => NOW } });
      api = call(server, server.adminToken);
    }, 60_000);
    afterAll(() => server?.close());

    it('previews each mask of the table exactly as a draw formats it', async () => {
      // A sequence without a mask writes the number as it is; the preview is of masks (blank: tests below).
      for (const { mask, number, year, book, formatted } of MASK_CASES.filter((row) => row.mask !== null)) {
        const answer = await api('POST', '/api/sequencias/mask_preview', { formatting: mask, number, year, ...book });
        expect(answer, `${mask}`).toEqual({ status: 200, body: { data: formatted } });
      }
      const form = await server.app.inject({
        method: 'POST', url: '/api/sequencias/mask_preview', payload: 'formatting=%7Bnumero%3A4%7D%2F%7Bano%3A2%7D&number=12&year=2026',
        headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.json()).toEqual({ data: '0012/26' });
    });

    it('answers 422 on formatting for a mask it cannot read, and on number when there is none', async () => {
      for (const [mask, message] of BAD_MASKS) {
        expect(await api('POST', '/api/sequencias/mask_preview', { formatting: mask, number: 1 }), mask).toEqual({ status: 422, body: { message: 'Os dados informados são inválidos.', errors: { formatting: [message] } } });
      }
      expect((await api('POST', '/api/sequencias/mask_preview', { formatting: '{numero}' })).body.errors).toEqual({ number: ['O campo Número é obrigatório.'] });
      expect((await api('POST', '/api/sequencias/mask_preview', { formatting: 42, number: -1 })).body.errors).toEqual({
        formatting: ['O campo Formatação deve ser um texto.'], number: ['O campo Número deve ser um número inteiro de 0 a 2.147.483.647.'],
      });
      expect((await api('POST', '/api/sequencias/mask_preview', { formatting: '{numero}', number: 1, annual_restart: true })).body.errors).toEqual({ formatting: [MASK_MESSAGES.annualNeedsYear] });
      expect((await api('POST', '/api/sequencias/mask_preview', [1])).status).toBe(422);
      for (const formatting of [undefined, null, '', '   ']) {
        expect(await api('POST', '/api/sequencias/mask_preview', { formatting, number: 1 }), String(formatting)).toEqual({ status: 422, body: { message: 'Os dados informados são inválidos.', errors: { formatting: ['O campo Formatação é obrigatório.'] } } });
      }
    });

    it('keeps the book blocks only with has_book, each required then, leaf and order within their ends', async () => {
      const plain = await create({ ...bookBlocks() });
      expect(plain.number_book).toBeNull();
      expect(plain.end_order).toBeNull();
      const missing = await api('POST', '/api/sequencias', { name: 'Com livro sem blocos', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: true });
      expect(missing.status).toBe(422);
      expect(missing.body.errors.end_leaf).toEqual(['O campo Fim da folha é obrigatório quando a sequência possui livro.']);
      expect(Object.keys(missing.body.errors)).toHaveLength(11);
      const ends = await api('POST', '/api/sequencias', { name: 'Fins trocados', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: true, ...bookBlocks(), start_leaf: 10, end_leaf: 5, number_order: 101 });
      expect(ends.body.errors).toEqual({
        end_leaf: ['O fim da folha não pode ser menor que o início da folha (10).'],
        number_order: ['O número da ordem não pode passar do fim da ordem (100).'],
      });
      const book = await create({ has_book: true, ...bookBlocks() });
      const off = await edit(book.id, { has_book: false });
      expect(off.status).toBe(200);
      expect(off.body.data).toMatchObject({ has_book: false, number_book: null, number_leaf: null, end_leaf: null, number_order: null, end_order: null });
    });

    it('refuses a mask it cannot read, a mask without the year when numbers restart every year, and book fields without a book', async () => {
      const errors = async (body: Record<string, unknown>) => (await api('POST', '/api/sequencias', { name: `Máscara ${++made}`, number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false, ...body })).body.errors;
      expect(await errors({ formatting: '000000/0000' })).toEqual({ formatting: [MASK_MESSAGES.noNumber] });
      expect(await errors({ formatting: '{numero:6}', annual_restart: true })).toEqual({ formatting: [MASK_MESSAGES.annualNeedsYear] });
      expect(await errors({ formatting: '{numero}/{folha}' })).toEqual({ formatting: [MASK_MESSAGES.bookNeedsBook] });
      expect(await errors({ formatting: '{numero:6}/{ano' })).toEqual({ formatting: [MASK_MESSAGES.unclosed] });
    });

    it('draws a number by hand: the formatted number, its year and place in the book, audited', async () => {
      const sequence = await create({ formatting: 'L{livro}F{folha:2}O{ordem:2} {numero:4}/{ano}', has_book: true, ...bookBlocks({ order: 2 }), auto_numbering: false });
      const first = await api('POST', `/api/sequencias/${sequence.id}/next`, {});
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const year = new Date().getFullYear();
      expect(first.body.data).toMatchObject({ number: 1, book: 1, leaf: 1, order: 1 });
      expect(first.body.data.formatted_number).toBe(`L1F01O01 0001/${first.body.data.year}`);
      expect(Math.abs(first.body.data.year - year)).toBeLessThanOrEqual(1);
      const dated = await api('POST', `/api/sequencias/${sequence.id}/next`, { date: '2024-07-01' });
      expect(dated.body.data).toEqual({ number: 2, formatted_number: 'L1F01O02 0002/2024', year: 2024, book: 1, leaf: 1, order: 2 });
      const third = await api('POST', `/api/sequencias/${sequence.id}/next`);
      expect(third.body.data).toMatchObject({ number: 3, book: 1, leaf: 2, order: 1 });

      const shown = (await api('GET', `/api/sequencias/${sequence.id}`)).body.data;
      expect(shown).toMatchObject({ number: 3, last_drawn_number: 3, last_drawn_book: 1, last_drawn_leaf: 2, last_drawn_order: 1, number_book: 1, number_leaf: 2, number_order: 2 });
      const trail = await server.db.selectFrom('audits').selectAll().where('module', '=', 'sequencias').where('record_id', '=', sequence.id).orderBy('id').execute();
      expect(trail.map((row) => row.event)).toEqual(['created', 'updated', 'updated', 'updated']);
      expect(trail[2].old_values).toMatchObject({ number: 1, last_drawn_number: 1, number_order: 2 });
      expect(trail[2].new_values).toEqual({ number: 2, last_drawn_number: 2, last_drawn_order: 2, number_order: 1, number_leaf: 2 });
      expect(trail[3].user_id).not.toBeNull();
    });

    it('answers 404, 409 and 422 where a number cannot be drawn', async () => {
      expect((await api('POST', '/api/sequencias/987654/next', {})).status).toBe(404);
      expect((await api('POST', '/api/sequencias/abc/next', {})).status).toBe(404);
      const inactive = await create({ inactivated: true, name: 'Sequência inativa' });
      expect(await api('POST', `/api/sequencias/${inactive.id}/next`, {})).toEqual({ status: 409, body: { message: 'A sequência "Sequência inativa" está inativa: reative-a para gerar números.' } });
      const sequence = await create();
      for (const date of ['31/12/2025', '2025-02-30', 20251231]) {
        expect((await api('POST', `/api/sequencias/${sequence.id}/next`, { date })).body.errors, String(date)).toEqual({ date: ['A data informada é inválida: use AAAA-MM-DD ou AAAA-MM-DD HH:mm:ss.'] });
      }
      const text = await server.app.inject({
        method: 'POST', url: `/api/sequencias/${sequence.id}/next`, payload: '"texto"',
        headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      });
      expect(text.statusCode).toBe(422);
      expect((await api('GET', `/api/sequencias/${sequence.id}`)).body.data.number).toBe(0);
    });

    it("refuses a number by hand dated past the council's tomorrow with 422 on date, so no slip moves the sequence into a later year", async () => {
      const sequence = await create({ annual_restart: true, formatting: '{numero}/{ano}' });
      const [today, tomorrow] = [councilDay(NOW), councilDay(NOW, 1)];
      expect((await api('POST', `/api/sequencias/${sequence.id}/next`, { date: today })).body.data).toMatchObject({ number: 1, formatted_number: `1/${today.slice(0, 4)}` });
      for (const date of ['9999-01-01', '2062-03-10', councilDay(NOW, 2), `${councilDay(NOW, 2)} 00:00:00`, `${councilDay(NOW, 2)}T03:00:00Z`]) {
        expect(await api('POST', `/api/sequencias/${sequence.id}/next`, { date }), date).toEqual({ status: 422, body: { message: 'Os dados informados são inválidos.', errors: { date: [futureDateMessage(tomorrow)] } } });
      }
      expect((await api('GET', `/api/sequencias/${sequence.id}`)).body.data).toMatchObject({ number: 1, last_draw_year: Number(today.slice(0, 4)) });
      expect((await api('POST', `/api/sequencias/${sequence.id}/next`, { date: tomorrow })).status).toBe(200);
    });

    it('takes a sequence moved into a later year by mistake back to this year, audited, its next number after the last one issued there', async () => {
      const sequence = await create({ annual_restart: true, formatting: '{numero}/{ano}' });
      const year = Number(councilDay(NOW).slice(0, 4));
      for (let i = 0; i < 3; i++) await api('POST', `/api/sequencias/${sequence.id}/next`, {});
      // A slip before such dates were refused: the draw itself, as the server drew it then.
      expect((await drawByHand(server.db, sequence.id, { date: '9999-01-01', notAfter: '9999-12-31', userId: null })).formatted_number).toBe('1/9999');
      expect((await api('POST', `/api/sequencias/${sequence.id}/next`, {})).body.data.formatted_number).toBe('2/9999');
      const reset = (body: Record<string, unknown>, as = api) => as('POST', `/api/sequencias/${sequence.id}/reset_year`, body);
      const clerk = await userWith(server, [{ name: 'sequence.update' }, { name: 'sequence.show' }]);
      expect(await reset({}, call(server, clerk.token))).toEqual({ status: 403, body: FORBIDDEN });
      expect((await reset({ year: year + 1 })).body.errors).toEqual({ year: [`O campo Ano deve ser um ano de 1 a ${year}.`] });
      expect((await reset({ number: 2 })).body.errors).toEqual({ number: [`O número não pode ser menor que 3, o último emitido em ${year}: um próximo número repetiria um já emitido.`] });
      const back = await reset({});
      expect(back, JSON.stringify(back.body)).toEqual({ status: 200, body: { message: 'Ano da sequência reposto.', data: { last_draw_year: year, number: 3, last_drawn_number: 3 } } });
      expect((await api('POST', `/api/sequencias/${sequence.id}/next`, {})).body.data.formatted_number).toBe(`4/${year}`);
      expect((await reset({})).body.errors).toEqual({ year: [`A sequência não está adiante de ${year}: não há o que desfazer.`] });
      const [trail] = await server.db.selectFrom('audits').selectAll().where('module', '=', 'sequencias').where('record_id', '=', sequence.id).where('event', '=', 'year_reset').execute();
      expect(trail).toMatchObject({ old_values: { last_draw_year: 9999, number: 2, last_drawn_number: 2 }, new_values: { last_draw_year: year, number: 3, last_drawn_number: 3 } });
      expect(trail.user_id).not.toBeNull();
    });

    it('never lets an edit take number below the last number drawn, nor the book position back', async () => {
      const sequence = await create({ has_book: true, ...bookBlocks() });
      for (let i = 0; i < 3; i++) await api('POST', `/api/sequencias/${sequence.id}/next`, {});
      const below = await edit(sequence.id, { number: 2 });
      expect(below.status).toBe(422);
      expect(below.body.errors).toEqual({ number: ['O número atual não pode ser menor que o último número gerado (3): um próximo número repetiria um já emitido.'] });
      expect((await edit(sequence.id, { number: 10 })).body.data.number).toBe(10);
      // Back down to the last number drawn: the next is 4 again, never one already issued.
      expect((await edit(sequence.id, { number: 3 })).status).toBe(200);
      expect((await api('POST', `/api/sequencias/${sequence.id}/next`, {})).body.data.number).toBe(4);
      const back = await edit(sequence.id, { number_order: 2 });
      expect(back.body.errors).toEqual({ number_order: ['A posição no livro não pode voltar: o próximo registro vai para o livro 1, folha 1, ordem 5.'] });
      expect((await edit(sequence.id, { number_leaf: 2, number_order: 1 })).status).toBe(200);
    });

    it('tells a form opened before a draw that the sequence changed (409) instead of saving over it', async () => {
      const sequence = await create();
      await api('POST', `/api/sequencias/${sequence.id}/next`, {});
      const stale = await api('PUT', `/api/sequencias/${sequence.id}`, { ...sequence, name: 'Renomeada' });
      expect(stale.status).toBe(409);
    });

    it('asks sequence.update to draw, and sequence.show, store or update to preview; another user gets 403', async () => {
      const sequence = await create();
      const reader = await userWith(server, [{ name: 'sequence.show' }]);
      const editor = await userWith(server, [{ name: 'sequence.update' }]);
      const stranger = await userWith(server, [{ name: 'civilStatus.index' }]);
      const as = (token: string | null) => call(server, token);
      expect(await as(reader.token)('POST', `/api/sequencias/${sequence.id}/next`, {})).toEqual({ status: 403, body: FORBIDDEN });
      expect(await as(stranger.token)('POST', `/api/sequencias/${sequence.id}/next`, {})).toEqual({ status: 403, body: FORBIDDEN });
      expect(await as(stranger.token)('POST', '/api/sequencias/mask_preview', { formatting: '{numero}', number: 1 })).toEqual({ status: 403, body: FORBIDDEN });
      expect((await as(null)('POST', `/api/sequencias/${sequence.id}/next`, {})).status).toBe(401);
      expect((await as(reader.token)('POST', '/api/sequencias/mask_preview', { formatting: '{numero:3}', number: 1 })).body).toEqual({ data: '001' });
      expect((await api('GET', `/api/sequencias/${sequence.id}`)).body.data.number).toBe(0);
      expect((await as(editor.token)('POST', `/api/sequencias/${sequence.id}/next`, {})).body.data.number).toBe(1);
    });
  });
}
