import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KEPT_MS } from '../../src/server/features/postal-code/cache.js';
import { POSTAL_CODE_MESSAGES } from '../../src/server/features/postal-code/code.js';
import { call, startTestServer, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { BRASILAPI_SE, BRASILAPI_UNKNOWN, standIn, VIACEP_SE, VIACEP_UNKNOWN, type StandIn } from './support/providers.js';

// Long enough that a provider which answers is never cut off on a busy machine (300 ms once was).
const TIMEOUT_MS = 1_000;
const savedAllowed = process.env.OUTBOUND_ALLOWED_HOSTS;
const HOUR_MS = 60 * 60 * 1000;

/** The postal-code lookup with its providers played by small HTTP servers on loopback. */
for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`GET /api/cep/{cep} [${kind}]`, () => {
    let server: TestServer;
    let viaCep: StandIn;
    let brasilApi: StandIn;
    let api: ReturnType<typeof call>;
    const place: Record<string, number> = {};
    let codes = 0;
    /** A code no earlier test has cached: 01001-000, 01001-001, … */
    const freshCode = () => `01001${String(++codes).padStart(3, '0')}`;
    const age = (digits: string, ms: number) => sql`update postal_code_cache set looked_up_at = now() - ${`${ms} milliseconds`}::interval where postal_code = ${digits}`.execute(server.db);

    beforeAll(async () => {
      process.env.OUTBOUND_ALLOWED_HOSTS = '127.0.0.1';
      viaCep = await standIn('viacep');
      brasilApi = await standIn('brasilapi');
      server = await startTestServer(kind, {
        env: { POSTAL_CODE_VIACEP_URL: `${viaCep.url}/`, POSTAL_CODE_BRASILAPI_URL: brasilApi.url, POSTAL_CODE_TIMEOUT_MS: String(TIMEOUT_MS) },
      });
      api = call(server, server.adminToken);
      const state = async (initials: string, name: string, ibge_code: number) =>
        Number((await server.db.insertInto('states').values({ initials, name, ibge_code }).returning('id').executeTakeFirstOrThrow()).id);
      const city = async (name: string, uf_id: number, ibge_code: number) =>
        Number((await server.db.insertInto('cities').values({ name, uf_id, ibge_code }).returning('id').executeTakeFirstOrThrow()).id);
      place.SP = await state('SP', 'São Paulo', 35);
      place.PI = await state('PI', 'Piauí', 22);
      place.RS = await state('RS', 'Rio Grande do Sul', 43);
      place.saoPaulo = await city('São Paulo', place.SP, 3550308);
      place.bomJesusPI = await city('Bom Jesus', place.PI, 2201903);
      place.bomJesusRS = await city('Bom Jesus', place.RS, 4302402);
    }, 60_000);

    afterAll(async () => {
      await server?.close();
      await viaCep?.close();
      await brasilApi?.close();
      if (savedAllowed === undefined) delete process.env.OUTBOUND_ALLOWED_HOSTS;
      else process.env.OUTBOUND_ALLOWED_HOSTS = savedAllowed;
    });

    beforeEach(() => {
      process.env.OUTBOUND_ALLOWED_HOSTS = '127.0.0.1';
      viaCep.asked.length = 0;
      brasilApi.asked.length = 0;
      viaCep.reply = () => ({ status: 200, body: VIACEP_SE });
      brasilApi.reply = () => ({ status: 200, body: BRASILAPI_SE });
    });

    it('answers ViaCEP\'s address in the product\'s fields, the UF and municipality of the space (by IBGE code)', async () => {
      const code = freshCode();
      const answer = await api('GET', `/api/cep/${code.slice(0, 5)}-${code.slice(5)}`);
      expect(answer).toEqual({
        status: 200,
        body: {
          data: {
            postal_code: `${code.slice(0, 5)}-${code.slice(5)}`, uf_id: place.SP, uf: 'SP', city_id: place.saoPaulo, city: 'São Paulo',
            neighborhood: 'Sé', street_address: 'Praça da Sé', address_complement: 'lado ímpar',
          },
        },
      });
      expect(viaCep.asked).toEqual([code]);
      expect(brasilApi.asked).toEqual([]);
    });

    it('takes the code with its dots and hyphen, or none', async () => {
      const code = freshCode();
      expect((await api('GET', `/api/cep/${code.slice(0, 2)}.${code.slice(2, 5)}-${code.slice(5)}`)).body.data.postal_code).toBe(`${code.slice(0, 5)}-${code.slice(5)}`);
      expect((await api('GET', `/api/cep/${code}`)).status).toBe(200);
    });

    it('gives a cached address without asking any provider', async () => {
      const code = freshCode();
      const first = await api('GET', `/api/cep/${code}`);
      viaCep.reply = () => ({ status: 500 });
      brasilApi.reply = () => ({ status: 500 });
      expect(await api('GET', `/api/cep/${code}`)).toEqual(first);
      expect(viaCep.asked).toEqual([code]);
      expect(brasilApi.asked).toEqual([]);
    });

    it('answers 404 when ViaCEP says {erro: true} and BrasilAPI 404', async () => {
      const code = freshCode();
      viaCep.reply = () => VIACEP_UNKNOWN;
      brasilApi.reply = () => BRASILAPI_UNKNOWN;
      expect(await api('GET', `/api/cep/${code}`)).toEqual({ status: 404, body: { message: 'CEP não encontrado.' } });
      expect(viaCep.asked).toEqual([code]);
      expect(brasilApi.asked).toEqual([code]);
    });

    it('takes ViaCEP\'s 400 as a code it does not know, and asks BrasilAPI', async () => {
      const unknown = freshCode();
      viaCep.reply = () => ({ status: 400, body: '<h1>Bad Request</h1>' });
      brasilApi.reply = () => BRASILAPI_UNKNOWN;
      expect(await api('GET', `/api/cep/${unknown}`)).toEqual({ status: 404, body: { message: 'CEP não encontrado.' } });
      const known = freshCode();
      brasilApi.reply = () => ({ status: 200, body: BRASILAPI_SE });
      expect((await api('GET', `/api/cep/${known}`)).body.data).toMatchObject({ uf: 'SP', city_id: place.saoPaulo });
      expect(brasilApi.asked).toEqual([unknown, known]);
    });

    it('keeps an unknown code for a day, then asks again', async () => {
      const code = freshCode();
      viaCep.reply = () => VIACEP_UNKNOWN;
      brasilApi.reply = () => BRASILAPI_UNKNOWN;
      await api('GET', `/api/cep/${code}`);
      expect((await api('GET', `/api/cep/${code}`)).status).toBe(404);
      await age(code, KEPT_MS.notFound - HOUR_MS);
      expect((await api('GET', `/api/cep/${code}`)).status).toBe(404);
      expect(viaCep.asked).toEqual([code]);
      await age(code, KEPT_MS.notFound + HOUR_MS);
      viaCep.reply = () => ({ status: 200, body: VIACEP_SE });
      expect((await api('GET', `/api/cep/${code}`)).status).toBe(200);
      expect(viaCep.asked).toEqual([code, code]);
    });

    it('keeps an address for 30 days, then asks again', async () => {
      const code = freshCode();
      await api('GET', `/api/cep/${code}`);
      await age(code, KEPT_MS.found - HOUR_MS);
      await api('GET', `/api/cep/${code}`);
      expect(viaCep.asked).toEqual([code]);
      await age(code, KEPT_MS.found + HOUR_MS);
      viaCep.reply = () => ({ status: 200, body: { ...VIACEP_SE, logradouro: 'Praça da Sé (renomeada)' } });
      expect((await api('GET', `/api/cep/${code}`)).body.data.street_address).toBe('Praça da Sé (renomeada)');
      expect(viaCep.asked).toEqual([code, code]);
    });

    it('asks BrasilAPI when ViaCEP does not answer in time, matching the municipality by UF and name', async () => {
      const code = freshCode();
      viaCep.reply = () => 'hang';
      const started = Date.now();
      const answer = await api('GET', `/api/cep/${code}`);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
      expect(answer).toEqual({
        status: 200,
        body: { data: { postal_code: `${code.slice(0, 5)}-${code.slice(5)}`, uf_id: place.SP, uf: 'SP', city_id: place.saoPaulo, city: 'São Paulo', neighborhood: 'Sé', street_address: 'Praça da Sé', address_complement: null } },
      });
      expect(brasilApi.asked).toEqual([code]);
      expect((await server.db.selectFrom('postal_code_cache').select(['provider', 'ibge_code']).where('postal_code', '=', code).executeTakeFirst())).toEqual({ provider: 'brasilapi', ibge_code: null });
    });

    it('finds a municipality by name only within its UF, and never by name when the IBGE code is given', async () => {
      viaCep.reply = () => ({ status: 500 });
      brasilApi.reply = () => ({ status: 200, body: { ...BRASILAPI_SE, state: 'RS', city: 'bom jesus' } });
      expect((await api('GET', `/api/cep/${freshCode()}`)).body.data).toMatchObject({ uf_id: place.RS, city_id: place.bomJesusRS, city: 'Bom Jesus' });
      brasilApi.reply = () => ({ status: 200, body: { ...BRASILAPI_SE, state: 'SP', city: 'Bom Jesus' } });
      expect((await api('GET', `/api/cep/${freshCode()}`)).body.data).toMatchObject({ uf_id: place.SP, city_id: null, city: 'Bom Jesus' });
      viaCep.reply = () => ({ status: 200, body: { ...VIACEP_SE, ibge: '9999999' } });
      expect((await api('GET', `/api/cep/${freshCode()}`)).body.data).toMatchObject({ uf_id: place.SP, city_id: null, city: 'São Paulo' });
      viaCep.reply = () => ({ status: 200, body: { ...VIACEP_SE, localidade: 'Sampa' } });
      expect((await api('GET', `/api/cep/${freshCode()}`)).body.data).toMatchObject({ city_id: place.saoPaulo, city: 'São Paulo' });
    });

    it('answers 503 when every provider fails, in pt-BR', async () => {
      const code = freshCode();
      viaCep.reply = () => ({ status: 502, body: 'Bad Gateway' });
      brasilApi.reply = () => 'reset';
      expect(await api('GET', `/api/cep/${code}`)).toEqual({ status: 503, body: { message: POSTAL_CODE_MESSAGES.unavailable } });
      viaCep.reply = () => ({ status: 200, body: '<html>manutenção</html>' });
      brasilApi.reply = () => 'hang';
      expect((await api('GET', `/api/cep/${code}`)).status).toBe(503);
      viaCep.reply = () => ({ status: 200, body: { cep: code } });
      brasilApi.reply = () => ({ status: 200, body: [BRASILAPI_SE] });
      expect((await api('GET', `/api/cep/${code}`)).status).toBe(503);
      expect(await server.db.selectFrom('postal_code_cache').select('postal_code').where('postal_code', '=', code).execute()).toEqual([]);
    });

    it('gives the last address kept, however old, when every provider fails', async () => {
      const code = freshCode();
      const first = await api('GET', `/api/cep/${code}`);
      await age(code, KEPT_MS.found * 3);
      viaCep.reply = () => ({ status: 500 });
      brasilApi.reply = () => 'hang';
      expect(await api('GET', `/api/cep/${code}`)).toEqual(first);
      expect(viaCep.asked).toEqual([code, code]);
      expect(brasilApi.asked).toEqual([code]);
    });

    it('answers 404 without keeping it when one provider does not know the code and the other fails', async () => {
      const code = freshCode();
      viaCep.reply = () => VIACEP_UNKNOWN;
      brasilApi.reply = () => ({ status: 500 });
      expect((await api('GET', `/api/cep/${code}`)).status).toBe(404);
      brasilApi.reply = () => ({ status: 200, body: BRASILAPI_SE });
      expect((await api('GET', `/api/cep/${code}`)).status).toBe(200);
    });

    it('reaches the providers only through the outbound guard', async () => {
      delete process.env.OUTBOUND_ALLOWED_HOSTS;
      expect((await api('GET', `/api/cep/${freshCode()}`)).status).toBe(503);
      expect(viaCep.asked).toEqual([]);
      expect(brasilApi.asked).toEqual([]);
    });

    it('answers 422 with a pt-BR message for a code that is not 8 digits, and asks no provider', async () => {
      const invalid = { status: 422, body: { message: POSTAL_CODE_MESSAGES.invalid, errors: { cep: [POSTAL_CODE_MESSAGES.invalid] } } };
      for (const text of ['abcdefgh', '0100100', '010010000', '01001-00a', '01001 000', '%20', '0'.repeat(5_000), encodeURIComponent('01001-000\u0000'), encodeURIComponent('٠١٠٠١٠٠٠')]) {
        expect(await api('GET', `/api/cep/${text}`), text.slice(0, 20)).toEqual(invalid);
      }
      expect(await api('GET', `/api/cep/${'1'.repeat(19_000)}`)).toEqual(invalid);
      // Past the router's limit for one path segment (20,000 characters) no route matches.
      expect(await api('GET', `/api/cep/${'1'.repeat(30_000)}`)).toEqual({ status: 404, body: { message: 'Recurso não encontrado.' } });
      expect(viaCep.asked).toEqual([]);
    });

    it('answers 401 without a session', async () => {
      expect(await call(server, null)('GET', `/api/cep/${freshCode()}`)).toEqual({ status: 401, body: { message: 'Não autenticado.' } });
      expect(await call(server, 'nao-e-um-token')('GET', `/api/cep/${freshCode()}`)).toMatchObject({ status: 401 });
      expect(viaCep.asked).toEqual([]);
    });
  });
}
