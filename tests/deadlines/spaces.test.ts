/**
 * A deadline lives in the database of its space: another space's people get 404 'Prazo não
 * encontrado.' for its history and its operations, and each space reads its own deadline under the
 * same id. Spaces on PGlite (each space its own database, made by the platform as in production).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEADLINE_NOT_FOUND } from '../../src/server/deadlines/operations.js';
import { startTwoSpaces, type TwoSpaces } from '../platform/support/platform.js';

describe('deadlines in two spaces', () => {
  let spaces: TwoSpaces;
  beforeAll(async () => {
    spaces = await startTwoSpaces('pglite', 'prazos');
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
});
