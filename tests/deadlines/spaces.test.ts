/**
 * Deadlines and occurrences live in the database of their space: another space's people get 404
 * for a deadline's history and its operations, and for a record's occurrences and their delete;
 * each space reads its own under the same ids, and lists only its own in 'Meus prazos'. Spaces on PGlite and on PostgreSQL (each space its
 * own database, made by the platform as in production).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEADLINE_NOT_FOUND } from '../../src/server/features/deadlines/operations.js';
import { FEATURE_SPACE_KINDS, startTwoSpaces, type TwoSpaces } from '../platform/support/platform.js';

for (const kind of FEATURE_SPACE_KINDS) {
  describe(`deadlines and occurrences in two spaces [${kind}]`, () => {
    let spaces: TwoSpaces;
    beforeAll(async () => {
      spaces = await startTwoSpaces(kind, 'prazos');
    }, 240_000);
    afterAll(() => spaces?.close(), 60_000);

    it("answers another space's deadline ids with 404, and keeps each space's own", async () => {
      const { a, b } = spaces.names;
      const deadlineIn = async (space: string, denomination: string) => {
        const type = await spaces.as(space, 'POST', '/api/tipos_prazo', { denomination, alterability: 1, time_unit: 3, counting_way: 2 });
        expect(type.status, type.text).toBe(201);
        const created = await spaces.as(space, 'POST', '/api/deadlines/', { deadline_type_id: type.body.data.id, amount: 5, base_moment: '2026-03-02 10:00:00' });
        expect(created.status, created.text).toBe(201);
        return created.body.data as { id: number; deadline_type: string };
      };
      const ofA = await deadlineIn(a, 'Recurso de A');
      const inB = await spaces.as(b, 'GET', `/api/deadlines/histories/${ofA.id}`);
      expect([inB.status, inB.body.message]).toEqual([404, DEADLINE_NOT_FOUND]);
      const suspended = await spaces.as(b, 'POST', '/api/deadlines/suspension', { deadline_id: ofA.id, base_moment: '2026-03-03 10:00:00' });
      expect([suspended.status, suspended.body.message]).toEqual([404, DEADLINE_NOT_FOUND]);

      const ofB = await deadlineIn(b, 'Recurso de B');
      expect(ofB.id).toBe(ofA.id);
      expect((await spaces.as(b, 'GET', `/api/deadlines/histories/${ofB.id}`)).body.data.deadline_type).toBe('Recurso de B');
      const stillA = await spaces.as(a, 'GET', `/api/deadlines/histories/${ofA.id}`);
      expect(stillA.body.data).toMatchObject({ deadline_type: 'Recurso de A', status: 1 });
      expect(stillA.body.data.deadline_histories.map((h: { event: string }) => h.event)).toEqual(['creation']);
    });

    it("lists in 'Meus prazos' only the space's own deadlines, under the same ids", async () => {
      const { a, b } = spaces.names;
      const mine = async (space: string) => {
        const answer = await spaces.as(space, 'GET', '/api/deadlines/mine');
        expect(answer.status, answer.text).toBe(200);
        return (answer.body.data as { deadline_type: string }[]).map((row) => row.deadline_type);
      };
      expect(await mine(a)).toEqual(['Recurso de A']);
      expect(await mine(b)).toEqual(['Recurso de B']);
    });

    it("answers another space's record and occurrence ids with 404, and deletes nothing there", async () => {
      const { a, b } = spaces.names;
      const idOf = async (space: string, module: string, q: string) => {
        const listed = await spaces.as(space, 'GET', `/api/${module}?q=${encodeURIComponent(q)}&per_page=1`);
        expect(listed.status, listed.text).toBe(200);
        return Number(listed.body.data[0].id);
      };
      const partyType = (await spaces.as(a, 'GET', '/api/tipos_parte?per_page=100')).body.data.find((row: { code: string }) => row.code === 'pessoa_fisica').id;
      const person = await spaces.as(a, 'POST', '/api/pessoa_fisica', {
        name: 'Maria da Silva Souza', short_name: 'Maria', party_type_id: partyType, date_birth: '1985-03-14',
        genre_id: await idOf(a, 'generos', 'Feminino'), civil_status_id: await idOf(a, 'estados_civis', 'Solteiro'),
        naturalness_id: await idOf(a, 'municipios', 'Brasília'), nationality_id: await idOf(a, 'nacionalidades', 'Brasileira'), individual_registration: '529.982.247-25',
      });
      expect(person.status, person.text).toBe(201);
      const type = await spaces.as(a, 'POST', '/api/tipos_ocorrencia', { denomination: 'Observação' });
      expect(type.status, type.text).toBe(201);
      const personId = person.body.data.id;
      const stored = await spaces.as(a, 'POST', `/api/pessoa_fisica/${personId}/occurrences/batch`, { occurrences: [{ occurrence_type_id: type.body.data.id, date: '2026-05-04' }] });
      expect(stored.status, stored.text).toBe(201);
      const occurrence = stored.body.data[0].id;

      expect((await spaces.as(b, 'GET', `/api/pessoa_fisica/${personId}/occurrences`)).status).toBe(404);
      expect((await spaces.as(b, 'POST', `/api/pessoa_fisica/${personId}/occurrences/batch`, { occurrences: [{ occurrence_type_id: type.body.data.id, date: '2026-05-04' }] })).status).toBe(404);
      expect((await spaces.as(b, 'DELETE', `/api/pessoa_fisica/occurrences/multiple_delete/${occurrence}`)).status).toBe(404);
      const inA = await spaces.as(a, 'GET', `/api/pessoa_fisica/${personId}/occurrences`);
      expect(inA.body.data.map((row: { id: number }) => row.id)).toEqual([occurrence]);
    });
  });
}
