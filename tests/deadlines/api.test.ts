/**
 * Holidays and deadlines through the API, on both databases: a municipal holiday's place checked, a
 * simulation crossing it (its city only), the operations with their history, alterability, a
 * suspension given back on reactivation, finished deadlines refused, two operations at once, hostile
 * payloads on their fields, permissions, and the seed never bringing back a deleted holiday.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekday } from '../../src/server/services/holidays/calendar.js';
import { CITY_OUTSIDE_UF } from '../../src/server/services/holidays/rules.js';
import { MOMENT_MESSAGE } from '../../src/server/features/deadlines/input.js';
import {
  ALREADY_COMPLETED, ALREADY_SUSPENDED, ALREADY_CANCELLED, DOCUMENT_NOT_FOUND, DOCUMENT_REQUIRED, NOT_ALTERABLE, NOT_SUSPENDED, SIMULATION_MESSAGE, TYPE_NOT_FOUND,
} from '../../src/server/features/deadlines/operations.js';
import { holidayYears, seedHolidays } from '../../src/server/core/seed/holidays.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

const FORBIDDEN = 'Você não tem permissão para executar esta ação.';
const NEXT_YEAR = holidayYears()[1];

/** The first Wednesday of August of next year: no national holiday near it. */
function firstWednesdayOfAugust(): string {
  let day = `${NEXT_YEAR}-08-01`;
  while (weekday(day) !== 3) day = addDays(day, 1);
  return day;
}

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`holidays and deadlines [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    const place = { uf: 0, otherUf: 0, city: 0, otherCity: 0, cityOfOtherUf: 0 };
    const types: Record<string, number> = {};
    const wednesday = firstWednesdayOfAugust();
    const monday = addDays(wednesday, -2);

    const created = async (path: string, body: Record<string, unknown>) => {
      const answer = await api('POST', path, body);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
      return answer.body.data as Record<string, any>;
    };
    const newDeadline = async (body: Record<string, unknown> = {}) =>
      created('/api/deadlines/', { deadline_type_id: types.business, amount: 10, base_moment: `${monday} 10:00:00`, city_id: place.otherCity, ...body });

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      const state = async (initials: string, ibge: number) => Number((await server.db.insertInto('states').values({ initials, name: `Estado ${initials}`, ibge_code: ibge }).returning('id').executeTakeFirstOrThrow()).id);
      const city = async (name: string, uf: number, ibge: number) => Number((await server.db.insertInto('cities').values({ name, uf_id: uf, ibge_code: ibge }).returning('id').executeTakeFirstOrThrow()).id);
      place.uf = await state('SP', 35);
      place.otherUf = await state('RJ', 33);
      place.city = await city('Campinas', place.uf, 3509502);
      place.otherCity = await city('Santos', place.uf, 3548500);
      place.cityOfOtherUf = await city('Niterói', place.otherUf, 3303302);
      const type = async (denomination: string, body: Record<string, unknown>) => Number((await created('/api/tipos_prazo', { denomination, alterability: 1, time_unit: 3, counting_way: 1, ...body })).id);
      types.business = await type('Defesa prévia', {});
      types.locked = await type('Recurso', { alterability: 2 });
      types.withDocument = await type('Prorrogação', { alterability: 3 });
      types.hours = await type('Resposta urgente', { time_unit: 2, counting_way: null });
    }, 120_000);

    afterAll(async () => server?.close());

    it('asks a state holiday for its UF and a municipal one for a city within it', async () => {
      const holiday = (body: Record<string, unknown>) => api('POST', '/api/feriados', { name: 'Aniversário', date: wednesday, occurs_every_year: true, ...body });
      expect((await holiday({ type: 2 })).body.errors).toEqual({ uf_id: ['O campo UF é obrigatório.'] });
      expect((await holiday({ type: 3, uf_id: place.uf })).body.errors).toEqual({ city_id: ['O campo Município é obrigatório.'] });
      expect((await holiday({ type: 3, uf_id: place.uf, city_id: place.cityOfOtherUf })).body.errors).toEqual({ city_id: [CITY_OUTSIDE_UF] });
      const national = await created('/api/feriados', { name: 'Dia do conselho', date: `${NEXT_YEAR}-10-28`, type: 1, occurs_every_year: false, uf_id: place.uf, city_id: place.city });
      expect([national.uf_id, national.city_id]).toEqual([null, null]);
    });

    it('moves a simulated deadline past a municipal holiday in its city only, storing nothing', async () => {
      const simulate = (cityId: number) => api('POST', '/api/deadlines/simulation', { deadline_type_id: types.business, amount: 2, base_moment: `${monday} 10:00:00`, city_id: cityId });
      expect((await simulate(place.city)).body.data.deadline_moment).toBe(`${wednesday} 23:59:59`);
      await created('/api/feriados', { name: 'Aniversário de Campinas', date: wednesday, type: 3, occurs_every_year: false, uf_id: place.uf, city_id: place.city });
      const inCity = await simulate(place.city);
      expect(inCity.status).toBe(200);
      expect(inCity.body.message).toBe(SIMULATION_MESSAGE);
      expect(inCity.body.data).toMatchObject({ deadline_moment: `${addDays(wednesday, 1)} 23:59:59`, uf_id: place.uf, city_id: place.city, event: 'simulation' });
      expect((await simulate(place.otherCity)).body.data.deadline_moment).toBe(`${wednesday} 23:59:59`);
      expect(await server.db.selectFrom('deadlines').select('id').execute()).toEqual([]);
    });

    it('creates a deadline with its history, readable by id', async () => {
      const deadline = await newDeadline();
      expect(deadline).toMatchObject({ deadline_type_id: types.business, status: 1, status_label: 'Em andamento', amount: 10, base_moment: `${monday} 10:00:00`, deadline_moment: `${addDays(monday, 14)} 23:59:59` });
      expect(deadline.deadline_histories).toHaveLength(1);
      expect(deadline.deadline_histories[0]).toMatchObject({ event: 'creation', event_label: 'Criação', amount: 10, user: expect.any(String) });
      const read = await api('GET', `/api/deadlines/histories/${deadline.id}`);
      expect(read.body.data).toEqual(deadline);
      expect((await api('GET', '/api/deadlines/histories/999999')).status).toBe(404);
      const audit = await server.db.selectFrom('audits').select('event').where('module', '=', 'prazos').where('record_id', '=', String(deadline.id)).execute();
      expect(audit.map((row) => row.event)).toEqual(['created']);
    });

    it('alters a deadline as its type allows: freely, never, or with a document', async () => {
      const free = await newDeadline();
      const altered = await api('POST', '/api/deadlines/alteration', { deadline_id: free.id, amount: 1, base_moment: `${monday} 10:00:00`, notes: 'Pedido deferido' });
      expect(altered.status).toBe(200);
      expect(altered.body.data).toMatchObject({ amount: 1, deadline_moment: `${addDays(monday, 1)} 23:59:59` });
      expect(altered.body.data.deadline_histories.map((h: any) => [h.event, h.notes])).toEqual([['creation', null], ['alteration', 'Pedido deferido']]);
      const locked = await newDeadline({ deadline_type_id: types.locked });
      expect((await api('POST', '/api/deadlines/alteration', { deadline_id: locked.id, amount: 1, base_moment: `${monday} 10:00:00` })).body.errors).toEqual({ deadline_id: [NOT_ALTERABLE] });
      const withDocument = await newDeadline({ deadline_type_id: types.withDocument });
      const alter = (body: Record<string, unknown>) => api('POST', '/api/deadlines/alteration', { deadline_id: withDocument.id, amount: 1, base_moment: `${monday} 10:00:00`, ...body });
      expect((await alter({})).body.errors).toEqual({ document_id: [DOCUMENT_REQUIRED] });
      expect((await alter({ document_id: 999999 })).body.errors).toEqual({ document_id: [DOCUMENT_NOT_FOUND] });
      expect((await api('GET', `/api/deadlines/histories/${withDocument.id}`)).body.data.deadline_histories).toHaveLength(1);
    });

    it('gives back the business days a suspension took when reactivated', async () => {
      const deadline = await newDeadline();
      const suspended = await api('POST', '/api/deadlines/suspension', { deadline_id: deadline.id, base_moment: `${wednesday} 12:00:00` });
      expect(suspended.body.data).toMatchObject({ status: 2, status_label: 'Suspenso', deadline_moment: deadline.deadline_moment });
      expect((await api('POST', '/api/deadlines/alteration', { deadline_id: deadline.id, amount: 1, base_moment: `${monday} 10:00:00` })).status).toBe(422);
      // Thursday, Friday and Monday suspended: three business days back.
      const reactivated = await api('POST', '/api/deadlines/reactivation', { deadline_id: deadline.id, base_moment: `${addDays(wednesday, 5)} 08:00:00` });
      expect(reactivated.body.data).toMatchObject({ status: 1, deadline_moment: `${addDays(monday, 17)} 23:59:59` });
      expect((await api('POST', '/api/deadlines/reactivation', { deadline_id: deadline.id, base_moment: `${wednesday} 12:00:00` })).body.errors).toEqual({ deadline_id: [NOT_SUSPENDED] });
    });

    it('refuses every operation on a completed or cancelled deadline', async () => {
      const completed = await newDeadline();
      expect((await api('POST', '/api/deadlines/completion', { deadline_id: completed.id, base_moment: `${wednesday} 09:00:00` })).body.data.status_label).toBe('Concluído');
      for (const operation of ['alteration', 'suspension', 'completion', 'cancellation']) {
        const answer = await api('POST', `/api/deadlines/${operation}`, { deadline_id: completed.id, amount: 1, base_moment: `${wednesday} 09:00:00` });
        expect(answer.body.errors, operation).toEqual({ deadline_id: [ALREADY_COMPLETED] });
      }
      const cancelled = await newDeadline();
      expect((await api('POST', '/api/deadlines/cancellation', { deadline_id: cancelled.id, amount: 10, base_moment: `${wednesday} 09:00:00` })).body.data.status_label).toBe('Cancelado');
      expect((await api('POST', '/api/deadlines/suspension', { deadline_id: cancelled.id, base_moment: `${wednesday} 09:00:00` })).body.errors).toEqual({ deadline_id: [ALREADY_CANCELLED] });
    });

    it('lets one of two suspensions at once through', async () => {
      const deadline = await newDeadline();
      const answers = await Promise.all([1, 2].map(() => api('POST', '/api/deadlines/suspension', { deadline_id: deadline.id, base_moment: `${wednesday} 12:00:00` })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
      expect(answers.find((a) => a.status === 422)!.body.errors).toEqual({ deadline_id: [ALREADY_SUSPENDED] });
      expect((await api('GET', `/api/deadlines/histories/${deadline.id}`)).body.data.deadline_histories.map((h: any) => h.event)).toEqual(['creation', 'suspension']);
    });

    it('answers hostile payloads with 422 on the field, in pt-BR', async () => {
      const send = (body: unknown, path = '/api/deadlines/simulation') => api('POST', path, body);
      expect((await send(42)).body.errors).toEqual({ _: ['O corpo da requisição deve ser um objeto.'] });
      expect((await send([1, 2])).body.errors).toEqual({ _: ['O corpo da requisição deve ser um objeto.'] });
      expect((await send({ deadline_type_id: null, amount: null, base_moment: null })).body.errors).toEqual({
        deadline_type_id: ['O campo Tipo de prazo é obrigatório.'], amount: ['O campo Quantidade é obrigatório.'], base_moment: ['O campo Momento base é obrigatório.'],
      });
      expect((await send({ deadline_type_id: 'x', amount: 1.5, base_moment: '2026-02-30 10:00:00' })).body.errors).toEqual({
        deadline_type_id: ['O campo Tipo de prazo é inválido.'], amount: ['O campo Quantidade é inválido.'], base_moment: [MOMENT_MESSAGE],
      });
      expect((await send({ deadline_type_id: types.business, amount: 1e20, base_moment: '2026-02-10 25:00:00' })).body.errors).toEqual({ amount: ['O campo Quantidade é inválido.'], base_moment: [MOMENT_MESSAGE] });
      expect((await send({ deadline_type_id: types.business, amount: 10000, base_moment: { a: 1 } })).body.errors).toEqual({ amount: ['O campo Quantidade deve ser no máximo 9999.'], base_moment: [MOMENT_MESSAGE] });
      expect((await send({ deadline_type_id: types.business, amount: 0, base_moment: '2026-02-10 10:00:00' })).body.errors).toEqual({ amount: ['O campo Quantidade deve ser no mínimo 1.'] });
      expect((await send({ deadline_type_id: 999999, amount: 1, base_moment: '2026-02-10 10:00:00' })).body.errors).toEqual({ deadline_type_id: [TYPE_NOT_FOUND] });
      expect((await send({ deadline_type_id: types.business, amount: 1, base_moment: '2026-02-10 10:00:00', uf_id: place.otherUf, city_id: place.city })).body.errors).toEqual({ city_id: [CITY_OUTSIDE_UF] });
      expect((await send({ deadline_type_id: types.business, amount: 9999, base_moment: '9999-12-01 10:00:00' })).body.errors).toEqual({ amount: ['O prazo calculado passa do ano 9999.'] });
      expect((await send({ deadline_id: [1], base_moment: '2026-02-10 10:00:00' }, '/api/deadlines/suspension')).body.errors).toEqual({ deadline_id: ['O campo Prazo é inválido.'] });
      expect((await send({ deadline_id: 999999, base_moment: '2026-02-10 10:00:00' }, '/api/deadlines/completion')).status).toBe(404);
    });

    it('counts hours on the clock', async () => {
      const answer = await api('POST', '/api/deadlines/simulation', { deadline_type_id: types.hours, amount: 30, base_moment: `${monday} 20:15:00` });
      expect(answer.body.data.deadline_moment).toBe(`${addDays(monday, 2)} 02:15:00`);
    });

    it('checks the deadline permissions on every route', async () => {
      const nobody = call(server, (await userWith(server, [])).token);
      const reader = call(server, (await userWith(server, [{ name: 'deadline.index' }])).token);
      const deadline = await newDeadline();
      const body = { deadline_type_id: types.business, amount: 1, base_moment: `${monday} 10:00:00` };
      expect((await nobody('POST', '/api/deadlines/simulation', body)).body).toEqual({ message: FORBIDDEN });
      expect((await nobody('GET', `/api/deadlines/histories/${deadline.id}`)).status).toBe(403);
      expect((await reader('GET', `/api/deadlines/histories/${deadline.id}`)).status).toBe(200);
      expect((await reader('POST', '/api/deadlines/simulation', body)).status).toBe(200);
      expect((await reader('POST', '/api/deadlines', body)).status).toBe(403);
      expect((await reader('POST', '/api/deadlines/completion', { deadline_id: deadline.id, base_moment: `${monday} 10:00:00` })).status).toBe(403);
      expect((await call(server, null)('POST', '/api/deadlines/simulation', body)).status).toBe(401);
    });

    it('seeds the national holidays once and never brings back one a council deleted', async () => {
      await seedHolidays(server.db);
      const carnival = await server.db.selectFrom('holidays').select(['id', 'type']).where('name', '=', 'Carnaval (terça-feira)').where('date', '>=', `${NEXT_YEAR}-01-01`).executeTakeFirstOrThrow();
      expect(carnival.type).toBe(4);
      const natal = await server.db.selectFrom('holidays').select(['type', 'occurs_every_year']).where('name', '=', 'Natal').executeTakeFirstOrThrow();
      expect(natal).toEqual({ type: 1, occurs_every_year: true });
      expect((await api('DELETE', `/api/feriados/${carnival.id}`)).status).toBe(200);
      expect(await seedHolidays(server.db)).toBe(0);
      expect(await seedHolidays(server.db, [NEXT_YEAR])).toBe(0);
      expect(await server.db.selectFrom('holidays').select('id').where('id', '=', carnival.id).execute()).toEqual([]);
      // A new year is seeded once: its four movable days.
      expect(await seedHolidays(server.db, [NEXT_YEAR + 1])).toBe(4);
      expect(await seedHolidays(server.db, [NEXT_YEAR + 1])).toBe(0);
    });
  });
}
