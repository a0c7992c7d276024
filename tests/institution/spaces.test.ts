/**
 * The institution's settings live in the database of their space: another space's administrator
 * reads their own (none set), saves their own without touching these, and cannot name this space's
 * parties; a token of one space means nothing in the other. Spaces on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_SPACE_KINDS, startTwoSpaces, type SpaceKind, type TwoSpaces } from '../platform/support/platform.js';

describe.each<SpaceKind>(FEATURE_SPACE_KINDS)('institution settings in two spaces (%s spaces)', (kind) => {
  let spaces: TwoSpaces;
  beforeAll(async () => {
    spaces = await startTwoSpaces(kind, 'instituicao');
  }, 240_000);
  afterAll(() => spaces?.close(), 60_000);

  /** A legal entity and a person's party of the space, inserted as the demo data inserts its employers. */
  async function partiesOf(space: string, prefix: string) {
    const { db } = await spaces.api.directory.resolve(space);
    const type = async (code: string) => Number((await db.selectFrom('party_types').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id);
    const insert = async (name: string, behaveLike: 1 | 2, code: string) =>
      Number((await db.insertInto('parties').values({ name, behave_like: behaveLike, party_type_id: await type(code) }).returning('id').executeTakeFirstOrThrow()).id);
    return { institution: await insert(`${prefix} Conselho`, 2, 'pessoa_juridica'), president: await insert(`${prefix} Presidente`, 1, 'pessoa_fisica') };
  }

  it("keeps each space's institution to itself", async () => {
    const { a, b } = spaces.names;
    // Space b's parties come first, so that space a's ids are ones space b does not have.
    const theirs = await partiesOf(b, 'B');
    const ours = await partiesOf(a, 'A');
    await partiesOf(a, 'A2');
    const saved = await spaces.as(a, 'PUT', '/api/instituicao', { institution_id: ours.institution, president_id: ours.president });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.institution.name).toBe('A Conselho');

    const seen = await spaces.as(b, 'GET', '/api/instituicao');
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ institution_id: null, institution: null, president_id: null, president: null });
    const crossed = await spaces.as(b, 'PUT', '/api/instituicao', { institution_id: ours.institution + 2, president_id: ours.president + 2 }, spaces.tokens[a]);
    expect(crossed.status).toBe(401);
    const unknown = await spaces.as(b, 'PUT', '/api/instituicao', { institution_id: ours.institution + 2, president_id: ours.president + 2 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ institution_id: ['O registro selecionado não existe.'], president_id: ['O registro selecionado não existe.'] });

    const own = await spaces.as(b, 'PUT', '/api/instituicao', { institution_id: theirs.institution, president_id: theirs.president });
    expect(own.status, own.text).toBe(200);
    expect(own.body.data.institution.name).toBe('B Conselho');
    expect((await spaces.as(a, 'GET', '/api/instituicao')).body.data).toEqual(saved.body.data);
  });
});
