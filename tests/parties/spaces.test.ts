/**
 * A person lives in the database of its space: another space's administrator, at the same address,
 * gets 404 for the record and for its CPF, and may register the same CPF as a person of their own.
 * Spaces on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_SPACE_KINDS, startTwoSpaces, type SpaceKind, type TwoSpaces } from '../platform/support/platform.js';

const CPF = '529.982.247-25';

describe.each<SpaceKind>(FEATURE_SPACE_KINDS)('physical persons in two spaces (%s spaces)', (kind) => {
  let spaces: TwoSpaces;
  beforeAll(async () => {
    spaces = await startTwoSpaces(kind, 'pessoas');
  }, 240_000);
  afterAll(() => spaces?.close(), 60_000);

  /** A person with the space's own reference records, found by their names through the space's combos. */
  async function personIn(space: string, name: string) {
    const option = async (module: string, label: string, combo?: string) => {
      const answer = await spaces.as(space, 'GET', `/api/${module}/combos?${new URLSearchParams({ filter: label, ...(combo ? { combo } : {}) })}`);
      return (answer.body.data as { id: number; name: string }[]).find((o) => o.name === label)!.id;
    };
    return {
      name, short_name: name.split(' ')[0], date_birth: '1985-03-14', individual_registration: CPF,
      party_type_id: await option('tipos_parte', 'Pessoa Física', 'pessoa_fisica'),
      genre_id: await option('generos', 'Feminino'),
      civil_status_id: await option('estados_civis', 'Casado(a)'),
      naturalness_id: await option('municipios', 'Aracaju'),
      nationality_id: await option('nacionalidades', 'Brasileira'),
    };
  }

  it("answers another space's person and CPF with 404, and lets it register the same CPF", async () => {
    const { a, b } = spaces.names;
    const created = await spaces.as(a, 'POST', '/api/pessoa_fisica', await personIn(a, 'Maria de A'));
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;
    expect((await spaces.as(a, 'GET', `/api/pessoa_fisica/cpf/${CPF.replace(/\D/g, '')}`)).body.data.id).toBe(id);

    expect((await spaces.as(b, 'GET', `/api/pessoa_fisica/${id}`)).status).toBe(404);
    const lookup = await spaces.as(b, 'GET', `/api/pessoa_fisica/cpf/${CPF.replace(/\D/g, '')}`);
    expect(lookup.status).toBe(404);
    expect(lookup.body.message).toBe('Pessoa física não encontrada.');
    const crossed = await spaces.as(b, 'GET', `/api/pessoa_fisica/cpf/${CPF.replace(/\D/g, '')}`, undefined, spaces.tokens[a]);
    expect(crossed.status).toBe(401);

    const theirs = await spaces.as(b, 'POST', '/api/pessoa_fisica', await personIn(b, 'Maria de B'));
    expect(theirs.status, theirs.text).toBe(201);
    expect((await spaces.as(a, 'GET', `/api/pessoa_fisica/${id}`)).body.data.name).toBe('Maria de A');
    const listed = await spaces.as(b, 'GET', '/api/pessoa_fisica');
    expect(listed.body.data.map((row: { name: string }) => row.name)).toEqual(['Maria de B']);
  });
});
