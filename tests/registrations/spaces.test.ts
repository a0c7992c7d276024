/**
 * A registration lives in the database of its space: another space's administrator, at the same
 * address, gets 404 for it and for each of its own routes, and changes nothing of it. Spaces on
 * PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_NOT_FOUND, REGISTRATION_NOT_FOUND } from '../../src/server/features/registrations/routes.js';
import { FEATURE_SPACE_KINDS, startTwoSpaces, type SpaceKind, type TwoSpaces } from '../platform/support/platform.js';
import { registrationSetUp } from './support/configuration.js';

const CPF = '529.982.247-25';

describe.each<SpaceKind>(FEATURE_SPACE_KINDS)('registrations in two spaces (%s spaces)', (kind) => {
  let spaces: TwoSpaces;
  beforeAll(async () => {
    spaces = await startTwoSpaces(kind, 'inscricoes');
  }, 240_000);
  afterAll(() => spaces?.close(), 60_000);

  it("answers another space's registration and each of its routes with 404, and leaves it as it was", async () => {
    const { a, b } = spaces.names;
    const post = async (path: string, body: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') => {
      const answer = await spaces.as(a, method, path, body);
      expect(answer.status, `${path}: ${answer.text}`).toBe(method === 'POST' ? 201 : 200);
      return answer.body.data;
    };
    const option = async (module: string, label: string, combo?: string) => {
      const answer = await spaces.as(a, 'GET', `/api/${module}/combos?${new URLSearchParams({ filter: label, ...(combo ? { combo } : {}) })}`);
      return (answer.body.data as { id: number; name: string }[]).find((o) => o.name === label)!.id;
    };
    const setUp = await registrationSetUp(post);
    const person = await post('/api/pessoa_fisica', {
      name: 'Maria de A', short_name: 'Maria', date_birth: '1985-03-14', individual_registration: CPF,
      party_type_id: await option('tipos_parte', 'Pessoa Física', 'pessoa_fisica'), genre_id: await option('generos', 'Feminino'),
      civil_status_id: await option('estados_civis', 'Casado(a)'), naturalness_id: await option('municipios', 'Aracaju'),
      nationality_id: await option('nacionalidades', 'Brasileira'),
    });
    const registration = await post('/api/inscricao', {
      person_type: 1, party_id: person.party_id, category_id: setUp.categories.engineer, registration_type_id: setUp.type,
      registration_phase_id: setUp.phases.definitive, situation_id: setUp.situations.active, contribution_range_id: setUp.ranges.full,
    });
    const id = registration.id;

    const theirs = async (method: 'GET' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
      const answer = await spaces.as(b, method, url, body);
      return [answer.status, answer.body?.message];
    };
    expect(await theirs('GET', `/api/inscricao/${id}`)).toEqual([404, expect.any(String)]);
    expect(await theirs('GET', `/api/inscricao/${id}/situacoes`)).toEqual([404, REGISTRATION_NOT_FOUND]);
    expect(await theirs('GET', `/api/inscricao/${id}/proximas_situacoes`)).toEqual([404, REGISTRATION_NOT_FOUND]);
    expect(await theirs('GET', `/api/inscricao/categorias/${setUp.categories.engineer}/faixas`)).toEqual([404, CATEGORY_NOT_FOUND]);
    expect(await theirs('GET', `/api/inscricao/parte/1/${CPF.replace(/\D/g, '')}`)).toEqual([404, 'Pessoa física não encontrada.']);
    expect(await theirs('GET', `/api/pessoa_fisica/cpf/${CPF.replace(/\D/g, '')}/category/${setUp.categories.engineer}/type/${setUp.type}`)).toEqual([404, CATEGORY_NOT_FOUND]);
    const { id: _id, created_at: _c, updated_at: _u, registration_expiration_date: _e, sequence_auto: _s, ...form } = registration;
    expect((await theirs('PUT', `/api/inscricao/${id}`, { ...form, notes: 'Mudada por outro espaço' }))[0]).toBe(404);
    expect((await theirs('DELETE', `/api/inscricao/${id}`))[0]).toBe(404);
    expect((await spaces.as(b, 'GET', '/api/inscricao')).body.data).toEqual([]);

    const kept = await spaces.as(a, 'GET', `/api/inscricao/${id}`);
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ notes: null, formatted_number: registration.formatted_number, situation_id: setUp.situations.active });
    expect((await spaces.as(a, 'GET', `/api/inscricao/${id}/situacoes`)).body.data).toHaveLength(1);
  });
});
