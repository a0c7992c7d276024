/**
 * The institution's settings through the API, on both databases: read by anyone signed in, saved by
 * holders of institution.update; every wrong value a 422 on its field that changes nothing; two saves
 * from one version, one 409; audited; the parties' options open to whoever sets them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, userWith } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { CPFS, startRegistry, type Registry } from './support.js';

const REQUIRED = { institution_id: ['O campo Instituição é obrigatório.'], president_id: ['O campo Presidente é obrigatório.'] };
const INVALID = { institution_id: ['O campo Instituição é inválido.'], president_id: ['O campo Presidente é inválido.'] };

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`institution settings [${kind}]`, () => {
    let registry: Registry;
    const parties: Record<string, number> = {};
    const read = async (token: string | null = registry.server.adminToken) => {
      const response = await registry.server.app.inject({ method: 'GET', url: '/api/instituicao', headers: token ? { authorization: `Bearer ${token}` } : {} });
      return { status: response.statusCode, body: JSON.parse(response.body), etag: response.headers.etag as string | undefined };
    };

    beforeAll(async () => {
      registry = await startRegistry(kind);
      parties.council = await registry.legalEntity('Conselho Regional de Exemplo');
      parties.other = await registry.legalEntity('Conselho Federal de Exemplo');
      parties.president = (await registry.person('Ana Presidente Lima', CPFS[0])).party_id;
      parties.person = (await registry.person('Bruno Conselheiro Dias', CPFS[1])).party_id;
    }, 120_000);
    afterAll(() => registry?.server.close());

    it('answers no institution nor president before the first save, to anyone signed in', async () => {
      const nobody = await userWith(registry.server, []);
      const answer = await read(nobody.token);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ institution_id: null, institution: null, president_id: null, president: null, update_job_relations: false });
      expect(answer.etag).toMatch(/^"\d+"$/);
      expect((await read(null)).status).toBe(401);
    });

    it('saves for a holder of institution.update, refuses anyone else with 403, and shows everyone the names', async () => {
      const nobody = await userWith(registry.server, [{ name: 'party.update' }, { name: 'parameter.update' }]);
      const body = { institution_id: parties.council, president_id: parties.president, update_job_relations: false };
      const refused = await registry.save(body, { token: nobody.token! });
      expect(refused.status).toBe(403);
      expect((await read()).body.data.institution_id).toBeNull();

      const holder = await userWith(registry.server, [{ name: 'institution.update' }]);
      const saved = await registry.save(body, { token: holder.token! });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.message).toBe('Configurações da instituição salvas.');
      expect(saved.body.moved_work_relations).toBe(0);
      expect(saved.body.data).toMatchObject({
        institution_id: parties.council, institution: { id: parties.council, name: 'Conselho Regional de Exemplo' },
        president_id: parties.president, president: { id: parties.president, name: 'Ana Presidente Lima' }, update_job_relations: false,
      });
      expect(saved.etag).toBe(`"${Date.parse(saved.body.data.updated_at)}"`);
      const seen = await read(nobody.token);
      expect(seen.body.data).toEqual(saved.body.data);
      expect(seen.etag).toBe(saved.etag);

      const trail = await registry.server.db.selectFrom('audits').select(['event', 'user_id', 'old_values', 'new_values']).where('module', '=', 'instituicao').execute();
      expect(trail).toHaveLength(1);
      const row = trail[0];
      const values = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
      expect([row.event, Number(row.user_id)]).toEqual(['updated', holder.id]);
      expect(values(row.old_values)).toEqual({ institution_id: null, president_id: null });
      expect(values(row.new_values)).toEqual({ institution_id: parties.council, president_id: parties.president });
    });

    it('refuses every wrong value with a 422 on its field, and changes nothing', async () => {
      const before = await read();
      const good = { institution_id: parties.council, president_id: parties.president };
      const cases: [unknown, Record<string, string[]>][] = [
        [{}, REQUIRED],
        [{ institution_id: null, president_id: null }, REQUIRED],
        [{ institution_id: '', president_id: '' }, REQUIRED],
        [{ institution_id: String(parties.council), president_id: 'presidente' }, INVALID],
        [{ institution_id: 1.5, president_id: -3 }, INVALID],
        [{ institution_id: 0, president_id: 1e20 }, INVALID],
        [{ institution_id: 2 ** 53, president_id: Number.MAX_VALUE }, INVALID],
        [{ institution_id: [parties.council], president_id: { id: parties.president } }, INVALID],
        [{ institution_id: true, president_id: false }, INVALID],
        [{ institution_id: 987654321, president_id: 987654322 }, { institution_id: ['O registro selecionado não existe.'], president_id: ['O registro selecionado não existe.'] }],
        [{ institution_id: parties.person, president_id: parties.president }, { institution_id: ['A instituição deve ser uma pessoa jurídica.'] }],
        [{ institution_id: parties.council, president_id: parties.other }, { president_id: ['O presidente deve ser uma pessoa física.'] }],
        [{ institution_id: parties.president, president_id: parties.council }, { institution_id: ['A instituição deve ser uma pessoa jurídica.'], president_id: ['O presidente deve ser uma pessoa física.'] }],
        [{ ...good, update_job_relations: 'sim' }, { update_job_relations: ['O campo Atualizar vínculos empregatícios deve ser sim ou não.'] }],
        [{ ...good, update_job_relations: 1 }, { update_job_relations: ['O campo Atualizar vínculos empregatícios deve ser sim ou não.'] }],
        [{ ...good, updated_at: 'ontem' }, { updated_at: ['A versão do registro (updated_at) é inválida.'] }],
        [null, { _: ['O corpo da requisição deve ser um objeto.'] }],
        [42, { _: ['O corpo da requisição deve ser um objeto.'] }],
        [[good], { _: ['O corpo da requisição deve ser um objeto.'] }],
      ];
      for (const [body, errors] of cases) {
        const answer = await registry.save(body);
        expect(answer.status, JSON.stringify(body)).toBe(422);
        expect(answer.body.errors, JSON.stringify(body)).toEqual(errors);
      }
      const after = await read();
      expect(after.body.data).toEqual(before.body.data);
      expect(after.etag).toBe(before.etag);
    });

    it('lets one of two saves from the same version through and answers the other 409', async () => {
      const opened = await read();
      const bodies = [
        { institution_id: parties.other, president_id: parties.president },
        { institution_id: parties.council, president_id: parties.person },
      ];
      const answers = await Promise.all(bodies.map((body) => registry.save(body, { ifMatch: opened.etag })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const lost = answers.find((a) => a.status === 409)!;
      expect(lost.body.message).toBe('O registro foi alterado por outra pessoa depois que você o abriu. Recarregue para ver a versão atual.');
      const won = answers.find((a) => a.status === 200)!;
      expect((await read()).body.data).toEqual(won.body.data);
      // The version in the body counts as If-Match does; a save naming none is applied.
      const stale = await registry.save({ ...bodies[0], updated_at: opened.body.data.updated_at });
      expect(stale.status).toBe(409);
      const fresh = await registry.save({ ...bodies[0], updated_at: won.body.data.updated_at });
      expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
      expect((await registry.save({ institution_id: parties.council, president_id: parties.president })).status).toBe(200);
    });

    it('serialises saves made at once without a version: each one whole, the last one kept', async () => {
      const bodies = [1, 2, 3, 4].map((n) => ({ institution_id: n % 2 ? parties.council : parties.other, president_id: n % 2 ? parties.president : parties.person }));
      const answers = await Promise.all(bodies.map((body) => registry.save(body)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      const versions = answers.map((a) => Date.parse(a.body.data.updated_at));
      expect(new Set(versions).size).toBe(4);
      const last = answers[versions.indexOf(Math.max(...versions))].body.data;
      const stored = (await read()).body.data;
      expect(stored).toEqual(last);
      expect([stored.institution_id, stored.president_id]).toEqual(stored.institution_id === parties.council ? [parties.council, parties.president] : [parties.other, parties.person]);
      expect((await registry.save({ institution_id: parties.council, president_id: parties.president })).status).toBe(200);
    });

    it("opens the parties' options to whoever sets the institution, and nothing else of the parties", async () => {
      const holder = await userWith(registry.server, [{ name: 'institution.update' }]);
      const as = call(registry.server, holder.token);
      const options = async (combo: string) => {
        const answer = await as('GET', `/api/partes/combos?combo=${combo}`);
        expect(answer.status, combo).toBe(200);
        return (answer.body.data as { id: number }[]).map((option) => option.id).sort((a, b) => a - b);
      };
      expect(await options('pessoas_juridicas')).toEqual([parties.council, parties.other].sort((a, b) => a - b));
      expect(await options('pessoas_fisicas')).toEqual([parties.president, parties.person].sort((a, b) => a - b));
      expect((await as('GET', '/api/partes')).status).toBe(403);
      expect((await as('GET', `/api/partes/${parties.council}`)).status).toBe(403);
      const nobody = await userWith(registry.server, []);
      expect((await call(registry.server, nobody.token)('GET', '/api/partes/combos?combo=pessoas_juridicas')).status).toBe(403);
    });
  });
}
