/**
 * The registration's own routes given hostile input, on both databases: ids that are null, negative,
 * fractions, words, too long for a number or 100,000 characters long; tax ids of every wrong shape;
 * bodies (null, scalars, arrays, a megabyte) sent where none belongs. Each answer is a 4xx with its
 * pt-BR message (a look-up's bad tax id on its field), never a 5xx; the real records still answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_NOT_FOUND, PERSON_TYPE_INVALID, REGISTRATION_NOT_FOUND, REGISTRATION_TYPE_NOT_FOUND } from '../../src/server/features/registrations/routes.js';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { call, startTestServer, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { registrationSetUp, type RegistrationSetUp } from './support/configuration.js';
import { rowId, saving } from './support/api.js';

const CPF = '529.982.247-25';
const CPF_DIGITS = CPF.replace(/\D/g, '');
const ROUTE_NOT_FOUND = 'Recurso não encontrado.';

/** Ids no record has: not numbers, not whole, not positive, past any integer, or far too long for a path. */
const HOSTILE_IDS = ['null', 'undefined', '-1', '0', '1.5', '1e3', 'abc', '%00', '%20', '%5B%5D', '%7B%7D', '0x10', '+5', '99999999999999999999', '2147483648', '9'.repeat(300), 'x'.repeat(100_000)];
/** Tax ids of every wrong shape (the real ones are checked apart). */
const HOSTILE_TAX_IDS = ['null', '-1', '0', 'abc', '12345678900', '11111111111', '%00', '1'.repeat(300), 'x'.repeat(100_000)];
/** Bodies where a GET takes none: the answer is the one the request would get without it. */
const HOSTILE_BODIES: unknown[] = [null, 42, 'texto', true, [], [1, 2], { id: 1 }, { a: 'x'.repeat(1_000_000) }];

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`the registration's own routes given hostile input [${kind}]`, () => {
    let server: TestServer;
    let setUp: RegistrationSetUp;
    let registration: number;
    const admin = () => call(server, server.adminToken);
    const idOf = (table: string, column: string, value: unknown) => rowId(server.db, table, column, value);
    const created = saving(admin);
    /** The answer is a 4xx with this message (or, for a path too long to route, the missing route's). */
    const refused = async (url: string, status: number, expected: Record<string, unknown>, payload?: unknown) => {
      const answer = await admin()('GET', url, payload);
      const what = `GET ${url.slice(0, 120)}${payload === undefined ? '' : ` com corpo ${JSON.stringify(payload).slice(0, 40)}`}`;
      expect(answer.status, `${what}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeLessThan(500);
      if (url.length > 2000 && answer.status === 404 && answer.body?.message === ROUTE_NOT_FOUND) return;
      expect([answer.status, answer.body], what).toEqual([status, expect.objectContaining(expected)]);
    };

    beforeAll(async () => {
      server = await startTestServer(kind);
      await seedReferenceData(server.db);
      setUp = await registrationSetUp((path, body, method) => created(path, body, method));
      const person = await created('/api/pessoa_fisica', {
        name: 'Maria da Silva Souza', short_name: 'Maria Souza', party_type_id: await idOf('party_types', 'code', 'pessoa_fisica'),
        date_birth: '1985-03-14', genre_id: await idOf('genres', 'denomination', 'Feminino'), civil_status_id: await idOf('civil_statuses', 'denomination', 'Solteiro(a)'),
        naturalness_id: await idOf('cities', 'ibge_code', 5300108), nationality_id: await idOf('nationalities', 'denomination', 'Brasileira'), individual_registration: CPF,
      });
      registration = (await created('/api/inscricao', {
        person_type: 1, party_id: Number(person.party_id), category_id: setUp.categories.engineer, registration_type_id: setUp.type,
        registration_phase_id: setUp.phases.definitive, situation_id: setUp.situations.active, contribution_range_id: setUp.ranges.full,
      })).id;
    }, 120_000);
    afterAll(() => server?.close());

    it("answers a registration's situations and next situations for hostile ids with 'Inscrição não encontrada.'", async () => {
      for (const id of [...HOSTILE_IDS, '999999']) {
        await refused(`/api/inscricao/${id}/situacoes`, 404, { message: REGISTRATION_NOT_FOUND });
        await refused(`/api/inscricao/${id}/proximas_situacoes`, 404, { message: REGISTRATION_NOT_FOUND });
      }
      expect((await admin()('GET', `/api/inscricao/${registration}/situacoes`)).body.data).toHaveLength(1);
      expect((await admin()('GET', `/api/inscricao/${registration}/proximas_situacoes`)).body.data.map((s: { id: number }) => s.id)).toEqual([setUp.situations.suspended, setUp.situations.cancelled]);
    });

    it("answers a category's contribution ranges for hostile ids with 'Categoria não encontrada.'", async () => {
      for (const id of [...HOSTILE_IDS, '999999']) await refused(`/api/inscricao/categorias/${id}/faixas`, 404, { message: CATEGORY_NOT_FOUND });
      expect((await admin()('GET', `/api/inscricao/categorias/${setUp.categories.engineer}/faixas`)).status).toBe(200);
    });

    it('answers the registrations of a tax id: a person type other than 1 or 2, a number of the wrong shape, an unknown one', async () => {
      for (const type of ['0', '3', '-1', 'null', '1.0', '01', 'abc', '9'.repeat(300)]) {
        await refused(`/api/inscricao/parte/${type}/${CPF_DIGITS}`, 422, { errors: { person_type: [PERSON_TYPE_INVALID] } });
      }
      for (const number of HOSTILE_TAX_IDS) {
        await refused(`/api/inscricao/parte/1/${number}`, 422, { errors: { cpf: ['CPF Inválido'] } });
        await refused(`/api/inscricao/parte/2/${number}`, 422, { errors: { cnpj: ['CNPJ Inválido'] } });
      }
      await refused('/api/inscricao/parte/1/11144477735', 404, { message: 'Pessoa física não encontrada.' });
      await refused('/api/inscricao/parte/2/11222333000181', 404, { message: 'Pessoa jurídica não encontrada.' });
      expect((await admin()('GET', `/api/inscricao/parte/1/${CPF_DIGITS}`)).body.data.map((r: { id: number }) => r.id)).toEqual([registration]);
    });

    it('answers the look-ups with category and type check: hostile or unknown categories and types, tax ids of the wrong shape', async () => {
      const { engineer } = setUp.categories;
      for (const [module, kind, digits, field, message] of [['pessoa_fisica', 'cpf', CPF_DIGITS, 'cpf', 'CPF Inválido'], ['pessoa_juridica', 'cnpj', '11222333000181', 'cnpj', 'CNPJ Inválido']] as const) {
        for (const id of [...HOSTILE_IDS, '999999']) {
          await refused(`/api/${module}/${kind}/${digits}/category/${id}/type/${setUp.type}`, 404, { message: CATEGORY_NOT_FOUND });
          await refused(`/api/${module}/${kind}/${digits}/category/${engineer}/type/${id}`, 404, { message: REGISTRATION_TYPE_NOT_FOUND });
        }
        for (const number of HOSTILE_TAX_IDS) await refused(`/api/${module}/${kind}/${number}/category/${engineer}/type/${setUp.type}`, 422, { errors: { [field]: [message] } });
      }
      await refused(`/api/pessoa_juridica/cnpj/11222333000181/category/${engineer}/type/${setUp.type}`, 404, { message: 'Pessoa jurídica não encontrada.' });
      const found = await admin()('GET', `/api/pessoa_fisica/cpf/${CPF_DIGITS}/category/${engineer}/type/${setUp.type}`);
      expect(found.status).toBe(200);
      expect(found.body.open_registration.id).toBe(registration);
    });

    it('gives a body sent with these look-ups no say, and answers a huge query string without a 5xx', async () => {
      for (const payload of HOSTILE_BODIES) {
        await refused('/api/inscricao/abc/situacoes', 404, { message: REGISTRATION_NOT_FOUND }, payload);
        await refused('/api/inscricao/categorias/0/faixas', 404, { message: CATEGORY_NOT_FOUND }, payload);
        await refused('/api/inscricao/parte/3/1', 422, { errors: { person_type: [PERSON_TYPE_INVALID] } }, payload);
        const answer = await admin()('GET', `/api/inscricao/${registration}/situacoes`, payload);
        expect([answer.status, answer.body.data?.length], JSON.stringify(payload).slice(0, 40)).toEqual([200, 1]);
      }
      const query = `?${new URLSearchParams({ q: 'x'.repeat(100_000), id: '-1', filter: '{"a":' })}`;
      const answer = await admin()('GET', `/api/inscricao/${registration}/proximas_situacoes${query}`);
      expect(answer.status).toBe(200);
      // Methods these paths do not have are a missing route, in Portuguese, whatever their body.
      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        for (const payload of HOSTILE_BODIES) {
          const wrong = await admin()(method, `/api/inscricao/${registration}/situacoes`, payload);
          expect([wrong.status, wrong.body?.message], `${method} ${JSON.stringify(payload).slice(0, 40)}`).toEqual([404, ROUTE_NOT_FOUND]);
        }
      }
    });
  });
}
