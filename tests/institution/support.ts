/**
 * What the institution's tests share: the API on a fresh database with the reference data, parties
 * to choose (legal entities inserted as the demo data does, persons through the API), a person's body
 * with one work relation per employer given, and a save of the settings with an `If-Match`.
 */
import { expect } from 'vitest';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { call, startTestServer, type TestServer } from '../api/support/server.js';
import type { DatabaseKind } from '../support/databases.js';

export interface Registry {
  server: TestServer;
  /** Reference ids a person's body needs, by name. */
  ids: Record<string, number>;
  admin: ReturnType<typeof call>;
  /** A party behaving as a legal entity, inserted as the demo data inserts its employers. */
  legalEntity(name: string): Promise<number>;
  /** A person registered through the API (CPF given), with its party's id. */
  person(name: string, cpf: string, relations?: Record<string, unknown>[]): Promise<{ id: number; party_id: number; record: any }>;
  /** A person's body: one current work relation per employer given (null: no employer sent). */
  personBody(name: string, cpf: string, relations?: Record<string, unknown>[]): Record<string, unknown>;
  /** A work relation as the form sends it; `employer_id` only when given. */
  relation(overrides?: Record<string, unknown>): Record<string, unknown>;
  /** `PUT /api/instituicao` with the token and, when given, an `If-Match`. */
  save(body: unknown, options?: { token?: string; ifMatch?: string }): Promise<{ status: number; body: any; etag?: string }>;
}

export async function startRegistry(kind: DatabaseKind): Promise<Registry> {
  const server = await startTestServer(kind);
  await seedReferenceData(server.db);
  const admin = call(server, server.adminToken);
  const idOf = async (table: string, column: string, value: unknown) =>
    Number((await server.db.selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()).id);
  const ids: Record<string, number> = {
    personType: await idOf('party_types', 'code', 'pessoa_fisica'),
    legalEntityType: await idOf('party_types', 'code', 'pessoa_juridica'),
    genre: await idOf('genres', 'denomination', 'Feminino'),
    civilStatus: await idOf('civil_statuses', 'denomination', 'Solteiro(a)'),
    city: await idOf('cities', 'ibge_code', 5300108),
    nationality: await idOf('nationalities', 'denomination', 'Brasileira'),
    relationType: await idOf('employment_relationship_types', 'denomination', 'Empregado'),
    regime: await idOf('work_regimes', 'denomination', 'CLT'),
  };
  const assignment = await admin('POST', '/api/atribuicoes_tecnicas', { denomination: 'Fiscalização' });
  expect(assignment.status, JSON.stringify(assignment.body)).toBe(201);
  ids.assignment = assignment.body.data.id;

  const relation = (overrides: Record<string, unknown> = {}) => ({
    employee_register_id: 'M-1', admission_date: '2020-02-01', technical_manager: false, responsible_sector: false,
    employment_relationship_type_id: ids.relationType, work_regime_id: ids.regime, technical_assignment_id: ids.assignment,
    expedients: [{ expedient_number: 1, day: 2, start: '08:00', end: '12:00' }],
    ...overrides,
  });
  const personBody = (name: string, cpf: string, relations: Record<string, unknown>[] = []) => ({
    name, short_name: name.split(' ')[0], party_type_id: ids.personType, date_birth: '1980-05-20', genre_id: ids.genre,
    civil_status_id: ids.civilStatus, naturalness_id: ids.city, nationality_id: ids.nationality, individual_registration: cpf,
    work_relations: relations.map((overrides) => relation(overrides)),
  });
  return {
    server, ids, admin, relation, personBody,
    async legalEntity(name) {
      const row = await server.db.insertInto('parties').values({ name, behave_like: 2, party_type_id: ids.legalEntityType }).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async person(name, cpf, relations = []) {
      const created = await admin('POST', '/api/pessoa_fisica', personBody(name, cpf, relations));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return { id: created.body.data.id, party_id: created.body.data.party_id, record: created.body.data };
    },
    async save(body, options = {}) {
      const headers: Record<string, string> = { authorization: `Bearer ${options.token ?? server.adminToken}`, 'content-type': 'application/json' };
      if (options.ifMatch) headers['if-match'] = options.ifMatch;
      const response = await server.app.inject({ method: 'PUT', url: '/api/instituicao', headers, payload: JSON.stringify(body) });
      return { status: response.statusCode, body: JSON.parse(response.body), etag: response.headers.etag as string | undefined };
    },
  };
}

/** Valid CPFs for the tests' persons. */
export const CPFS = ['529.982.247-25', '111.444.777-35', '390.533.447-05', '853.513.468-93', '168.995.350-09'] as const;
