/**
 * Choices fields (several values of a fixed list, one jsonb column) through the API on both
 * databases, on a fixture schema: a document template's accepted extensions (required, repeats
 * refused), its review days (whole numbers, 2 to 3 when given, repeats folded), its archive formats
 * (shown and required for a physical template only) and its signers' roles (a choices field in a
 * sub-list row). Values are kept and answered each once, in the schema's order; every value a form
 * could not send answers 422 on the field, never 500.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { hostileValue } from '../fuzz/support/arbitraries.js';
import { fixtureModel, writeFixtureMigrations, type FixtureMigrations } from './fixtures/model.js';
import { call, startTestServer, type TestServer } from './support/server.js';
import { TOO_DEEP, TOO_MANY_ITEMS } from '../../src/server/core/http/json-body.js';

const model = fixtureModel();
let migrations: FixtureMigrations;
beforeAll(() => {
  migrations = writeFixtureMigrations(model);
});
afterAll(() => migrations?.remove());

const NOT_A_LIST = 'O campo Extensões aceitas deve ser uma lista de valores.';
const OFF_THE_LIST = 'O valor selecionado para o campo Extensões aceitas é inválido.';
const REQUIRED = 'O campo Extensões aceitas é obrigatório.';
const REPEATED = 'O campo Extensões aceitas não pode ter valores repetidos.';
const TOO_MANY = 'O campo Extensões aceitas aceita no máximo 1000 itens.';

/** Values of `accepted_extensions` a form never sends, and what the answer says on the field. */
const HOSTILE: [string, unknown, string[]][] = [
  ['a text', 'pdf', [NOT_A_LIST]],
  ['a list written as text', '["pdf"]', [NOT_A_LIST]],
  ['a number', 5, [NOT_A_LIST]],
  ['true', true, [NOT_A_LIST]],
  ['an object', { pdf: true }, [NOT_A_LIST]],
  ['null', null, [REQUIRED]],
  ['an empty text', '', [REQUIRED]],
  ['an empty list', [], [REQUIRED]],
  ['a null item', ['pdf', null], [OFF_THE_LIST]],
  ['a value off the list', ['pdf', 'exe'], [OFF_THE_LIST]],
  ['a value in other letters', ['PDF'], [OFF_THE_LIST]],
  ['a value with spaces', [' pdf'], [OFF_THE_LIST]],
  ['a number for a text', [1], [OFF_THE_LIST]],
  ['a nested list', [['pdf']], [OFF_THE_LIST]],
  ['an object item', [{ id: 'pdf' }], [OFF_THE_LIST]],
  ['a repeated value', ['pdf', 'png', 'pdf'], [REPEATED]],
  ['10,000 copies of one value', Array(10_000).fill('pdf'), [REPEATED, TOO_MANY]],
  ['10,000 values off the list', Array.from({ length: 10_000 }, (_, i) => `x${i}`), [OFF_THE_LIST, TOO_MANY]],
  ['10,000 nested lists', Array.from({ length: 10_000 }, () => [[['pdf']]]), [OFF_THE_LIST, TOO_MANY]],
];

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`choices fields [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    const create = async (body: Record<string, unknown>) => {
      const response = await api('POST', '/api/modelos_documento', body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data;
    };
    const listed = async (filter: unknown) => {
      const response = await api('GET', `/api/modelos_documento?sort=id&filter=${encodeURIComponent(JSON.stringify(filter))}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data.map((row: { denomination: string }) => row.denomination);
    };

    beforeAll(async () => {
      server = await startTestServer(kind, { model, migrations: migrations.set });
      api = call(server, server.adminToken);
    }, 60_000);
    afterAll(() => server?.close());

    it('keeps the values chosen each once, in the order of the schema\'s list, in one jsonb array', async () => {
      const created = await create({
        denomination: 'Ofício', accepted_extensions: ['png', 'pdf', 'docx'], review_days: [6, 2, 6],
        signers: [{ name: 'Ana', roles: ['approver', 'author'] }, { name: 'Bruno' }],
      });
      expect(created).toMatchObject({ accepted_extensions: ['pdf', 'docx', 'png'], review_days: [2, 6] });
      expect(created.signers).toEqual([
        { id: expect.any(Number), name: 'Ana', roles: ['author', 'approver'] },
        { id: expect.any(Number), name: 'Bruno', roles: [] },
      ]);
      expect((await api('GET', `/api/modelos_documento/${created.id}`)).body.data).toEqual(created);
      const row = (await api('GET', `/api/modelos_documento?filter=${encodeURIComponent(JSON.stringify({ id: created.id }))}`)).body.data[0];
      expect(row).toMatchObject({ accepted_extensions: ['pdf', 'docx', 'png'], review_days: [2, 6] });
      const stored = await sql<{ type: string; text: string }>`select jsonb_typeof(accepted_extensions) as type, accepted_extensions::text as text from document_templates where id = ${created.id}`.execute(server.db);
      expect(stored.rows[0]).toEqual({ type: 'array', text: '["pdf", "docx", "png"]' });
      // Kept in another order (by hand, or before the schema's list was reordered), it is answered in the list's.
      await sql`update document_templates set accepted_extensions = '["png", "pdf"]'::jsonb where id = ${created.id}`.execute(server.db);
      expect((await api('GET', `/api/modelos_documento/${created.id}`)).body.data.accepted_extensions).toEqual(['pdf', 'png']);
    });

    it('answers an optional field left out, null or blank as an empty list', async () => {
      expect((await create({ denomination: 'Sem dias', accepted_extensions: ['txt'] })).review_days).toEqual([]);
      expect((await create({ denomination: 'Dias nulos', accepted_extensions: ['txt'], review_days: null })).review_days).toEqual([]);
      expect((await create({ denomination: 'Dias em branco', accepted_extensions: ['txt'], review_days: '' })).review_days).toEqual([]);
    });

    it('replaces the list on update, keeps it when the body leaves it out, in both dialects', async () => {
      const created = await create({ denomination: 'Parecer', accepted_extensions: ['pdf'], review_days: [2, 3] });
      const edited = await api('PUT', `/api/modelos_documento/${created.id}`, { denomination: 'Parecer', accepted_extensions: ['xml', 'doc'] });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.data).toMatchObject({ accepted_extensions: ['doc', 'xml'], review_days: [2, 3] });
      // The simple-rest dialect saves what it is sent: the list left out stays.
      const rest = await api('PUT', `/api/rest/modelos_documento/${created.id}`, { denomination: 'Parecer técnico', review_days: [] });
      expect(rest.status, JSON.stringify(rest.body)).toBe(200);
      expect((await api('GET', `/api/modelos_documento/${created.id}`)).body.data).toMatchObject({ denomination: 'Parecer técnico', accepted_extensions: ['doc', 'xml'], review_days: [] });
    });

    it('filters the list by a value the records hold, any of several, or none', async () => {
      await create({ denomination: 'Filtro A', accepted_extensions: ['pdf', 'png'], review_days: [1, 7] });
      await create({ denomination: 'Filtro B', accepted_extensions: ['png', 'csvMeta'] });
      await create({ denomination: 'Filtro C', accepted_extensions: ['odt'], review_days: [7, 1, 4] });
      const mine = (names: string[]) => names.filter((name) => name.startsWith('Filtro'));
      expect(mine(await listed({ accepted_extensions: 'png' }))).toEqual(['Filtro A', 'Filtro B']);
      expect(mine(await listed({ accepted_extensions: 'csvMeta' }))).toEqual(['Filtro B']);
      expect(mine(await listed({ accepted_extensions: ['csvMeta', 'odt'] }))).toEqual(['Filtro B', 'Filtro C']);
      expect(mine(await listed({ accepted_extensions: 'jrprint' }))).toEqual([]);
      // A whole-number list takes its digits as text too (a query string carries text).
      expect(mine(await listed({ review_days: '7' }))).toEqual(['Filtro A', 'Filtro C']);
      expect(mine(await listed({ review_days: 4, accepted_extensions: 'odt' }))).toEqual(['Filtro C']);
      expect(mine(await listed({ review_days: null }))).toEqual(['Filtro B']);
    });

    it('refuses a filter value off the list, a range and a sort on a choices field with 400', async () => {
      for (const filter of [{ accepted_extensions: 'exe' }, { accepted_extensions: { a: 1 } }, { review_days: '8' }, { review_days: 'x' }, { accepted_extensions_gte: 'pdf' }]) {
        const response = await api('GET', `/api/modelos_documento?filter=${encodeURIComponent(JSON.stringify(filter))}`);
        expect(response.status, JSON.stringify(filter)).toBe(400);
      }
      expect((await api('GET', '/api/modelos_documento?sort=accepted_extensions')).status).toBe(400);
    });

    it.each(HOSTILE)('answers %s with 422 on the field', async (_name, value, messages) => {
      const response = await api('POST', '/api/modelos_documento', { denomination: 'Hostil', accepted_extensions: value });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ accepted_extensions: messages });
    });

    it('holds a whole-number field to its limits, and a sub-list row\'s field to its list', async () => {
      const cases: [unknown, string][] = [
        [[3], 'O campo Dias de revisão deve ter pelo menos 2 itens.'],
        [[1, 2, 3, 4], 'O campo Dias de revisão não pode ter mais de 3 itens.'],
        [['1', '2'], 'O valor selecionado para o campo Dias de revisão é inválido.'],
        [[1.5, 2], 'O valor selecionado para o campo Dias de revisão é inválido.'],
        [[0, 2], 'O valor selecionado para o campo Dias de revisão é inválido.'],
      ];
      for (const [value, message] of cases) {
        const response = await api('POST', '/api/modelos_documento', { denomination: 'Limites', accepted_extensions: ['pdf'], review_days: value });
        expect(response.status, JSON.stringify(value)).toBe(422);
        expect(response.body.errors).toEqual({ review_days: [message] });
      }
      const row = await api('POST', '/api/modelos_documento', { denomination: 'Papéis', accepted_extensions: ['pdf'], signers: [{ name: 'Ana', roles: ['author', 'chefe'] }] });
      expect(row.status).toBe(422);
      expect(row.body.errors).toEqual({ 'signers.0.roles': ['O valor selecionado para o campo Papéis é inválido.'] });
      const created = await create({ denomination: 'Limites', accepted_extensions: ['pdf'] });
      const edit = await api('PUT', `/api/modelos_documento/${created.id}`, { denomination: 'Limites', accepted_extensions: ['pdf', 'pdf'] });
      expect(edit.status).toBe(422);
      expect(edit.body.errors).toEqual({ accepted_extensions: [REPEATED] });
    });

    it('asks for one value at least while a condition shows the field, and keeps none once it hides it', async () => {
      const shown = await api('POST', '/api/modelos_documento', { denomination: 'Arquivo', accepted_extensions: ['pdf'], physical: true, archive_formats: [] });
      expect(shown.status).toBe(422);
      expect(shown.body.errors).toEqual({ archive_formats: ['O campo Formas de arquivo é obrigatório.'] });
      const kept = await create({ denomination: 'Arquivo', accepted_extensions: ['pdf'], physical: true, archive_formats: ['microfilm', 'paper'] });
      expect(kept.archive_formats).toEqual(['paper', 'microfilm']);
      const hidden = await api('PUT', `/api/modelos_documento/${kept.id}`, { denomination: 'Arquivo', accepted_extensions: ['pdf'], physical: false, archive_formats: ['paper'] });
      expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
      expect(hidden.body.data).toMatchObject({ physical: false, archive_formats: [] });
    });

    it('never fails with a 5xx whatever a choices field is sent as', async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('accepted_extensions', 'review_days', 'signers'), hostileValue, async (field, value) => {
          const body = { denomination: 'Fuzz', accepted_extensions: ['pdf'], [field]: field === 'signers' ? [{ name: 'Ana', roles: value }] : value };
          const response = await api('POST', '/api/modelos_documento', body);
          expect(response.status, JSON.stringify(value)?.slice(0, 200)).toBeLessThan(500);
          // A value past the body's depth or length limits is refused by the JSON reader before any
          // rule reads it, on the top-level key the client sent (src/server/core/http/json-body.ts).
          const shape = response.status === 422 && [TOO_DEEP, TOO_MANY_ITEMS].includes(response.body.errors?.[field]?.[0]);
          if (response.status === 422) expect(Object.keys(response.body.errors)).toEqual([field === 'signers' && !shape ? 'signers.0.roles' : field]);
        }),
        { numRuns: 60, seed: 20_260_101 },
      );
    }, 60_000);
  });
}
