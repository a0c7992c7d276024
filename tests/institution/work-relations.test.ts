/**
 * The institution and the work relations, on both databases: a new relation saved without an
 * employer works for the institution (and without one set the employer stays required); a change of
 * institution with update_job_relations moves the old one's current relations to the new one, in the
 * same transaction, audited, and without it moves nothing; the president cannot be deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { CPFS, startRegistry, type Registry } from './support.js';

const EMPLOYER_REQUIRED = 'O campo Empregador é obrigatório.';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`the institution and the work relations [${kind}]`, () => {
    let registry: Registry;
    const parties: Record<string, number> = {};
    const employers = async (personId: number) =>
      (await registry.server.db.selectFrom('person_work_relations').select(['employee_register_id', 'employer_id']).where('person_id', '=', personId).orderBy('employee_register_id').execute())
        .map((row) => [row.employee_register_id, Number(row.employer_id)]);

    beforeAll(async () => {
      registry = await startRegistry(kind);
      parties.old = await registry.legalEntity('Conselho Regional de Exemplo');
      parties.next = await registry.legalEntity('Conselho Regional de Exemplo (nova sede)');
      parties.company = await registry.legalEntity('Construtora Exemplo Ltda');
      parties.president = (await registry.person('Ana Presidente Lima', CPFS[0])).party_id;
    }, 120_000);
    afterAll(() => registry?.server.close());

    it('keeps the employer required while no institution is set', async () => {
      const answer = await registry.admin('POST', '/api/pessoa_fisica', registry.personBody('Carla Sem Empregador', CPFS[1], [{}]));
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ 'work_relations.0.employer_id': [EMPLOYER_REQUIRED] });
    });

    it("gives a new work relation saved without an employer the institution's party; a stored one keeps its own", async () => {
      expect((await registry.save({ institution_id: parties.old, president_id: parties.president })).status).toBe(200);
      const created = await registry.admin('POST', '/api/pessoa_fisica', registry.personBody('Carla Funcionária Reis', CPFS[1], [
        { employee_register_id: 'A' }, { employee_register_id: 'B', employer_id: null }, { employee_register_id: 'C', employer_id: parties.company },
      ]));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const person = created.body.data;
      expect(person.work_relations.map((r: { employer_id: number }) => r.employer_id)).toEqual([parties.old, parties.old, parties.company]);

      // On edit, an added relation takes it too, and one stored keeps its employer required.
      const added = await registry.admin('PUT', `/api/pessoa_fisica/${person.id}`, { ...person, work_relations: [...person.work_relations, registry.relation({ employee_register_id: 'D' })] });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(await employers(person.id)).toEqual([['A', parties.old], ['B', parties.old], ['C', parties.company], ['D', parties.old]]);
      const stored = added.body.data;
      const cleared = await registry.admin('PUT', `/api/pessoa_fisica/${person.id}`, { ...stored, work_relations: stored.work_relations.map((r: object, i: number) => (i === 2 ? { ...r, employer_id: null } : r)) });
      expect(cleared.status).toBe(422);
      expect(cleared.body.errors).toEqual({ 'work_relations.2.employer_id': [EMPLOYER_REQUIRED] });
      // The stock dialect's save goes through the same write.
      const rest = await registry.server.app.inject({
        method: 'PUT', url: `/api/rest/pessoa_fisica/${person.id}`, headers: { authorization: `Bearer ${registry.server.adminToken}` },
        payload: { ...stored, work_relations: [...stored.work_relations, registry.relation({ employee_register_id: 'E' })] },
      });
      expect(rest.statusCode, rest.body).toBe(200);
      expect((await employers(person.id)).at(-1)).toEqual(['E', parties.old]);
    });

    it('moves nothing when a save changes the institution without update_job_relations', async () => {
      const person = await registry.person('Davi Servidor Rocha', CPFS[2], [{ employee_register_id: 'A', employer_id: parties.old }]);
      const saved = await registry.save({ institution_id: parties.next, president_id: parties.president, update_job_relations: false });
      expect(saved.status).toBe(200);
      expect(saved.body.moved_work_relations).toBe(0);
      expect(await employers(person.id)).toEqual([['A', parties.old]]);
      expect((await registry.save({ institution_id: parties.old, president_id: parties.president })).status).toBe(200);
    });

    it("moves the old institution's current work relations to the new one with update_job_relations, and audits each person", async () => {
      const person = await registry.person('Elisa Analista Prado', CPFS[3], [
        { employee_register_id: 'A', employer_id: parties.old },
        { employee_register_id: 'B', employer_id: parties.old, resignation_date: '2021-12-31' },
        { employee_register_id: 'C', employer_id: parties.company },
      ]);
      const moving = await registry.server.db.selectFrom('person_work_relations').select('id').where('employer_id', '=', parties.old).where('resignation_date', 'is', null).execute();
      const opened = person.record;

      const saved = await registry.save({ institution_id: parties.next, president_id: parties.president, update_job_relations: true });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.moved_work_relations).toBe(moving.length);
      expect(saved.body.data.update_job_relations).toBe(true);
      expect(await employers(person.id)).toEqual([['A', parties.next], ['B', parties.old], ['C', parties.company]]);
      expect(await registry.server.db.selectFrom('person_work_relations').select('id').where('employer_id', '=', parties.old).where('resignation_date', 'is', null).execute()).toEqual([]);

      // The person has a new version: a form opened before the move cannot put the old employer back.
      const stale = await registry.admin('PUT', `/api/pessoa_fisica/${person.id}`, opened);
      expect(stale.status).toBe(409);
      const trail = await registry.server.db.selectFrom('audits').select(['old_values', 'new_values']).where('module', '=', 'pessoa_fisica').where('record_id', '=', person.id).where('event', '=', 'updated').execute();
      const values = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
      const relationA = (await registry.admin('GET', `/api/pessoa_fisica/${person.id}`)).body.data.work_relations.find((r: { employee_register_id: string }) => r.employee_register_id === 'A');
      expect(trail.map((row) => [values(row.old_values), values(row.new_values)])).toEqual([
        [{ work_relations: [{ id: relationA.id, employer_id: parties.old }] }, { work_relations: [{ id: relationA.id, employer_id: parties.next }] }],
      ]);
      const settingsTrail = await registry.server.db.selectFrom('audits').select('new_values').where('module', '=', 'instituicao').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(values(settingsTrail.new_values)).toEqual({ institution_id: parties.next, update_job_relations: true, moved_work_relations: moving.length });

      // Saving the same institution again moves nothing.
      const again = await registry.save({ institution_id: parties.next, president_id: parties.president, update_job_relations: true });
      expect(again.body.moved_work_relations).toBe(0);
    });

    it('moves nothing when the save is refused', async () => {
      const before = await registry.server.db.selectFrom('person_work_relations').select(['id', 'employer_id']).orderBy('id').execute();
      const refused = await registry.save({ institution_id: parties.old, president_id: parties.company, update_job_relations: true });
      expect(refused.status).toBe(422);
      expect(await registry.server.db.selectFrom('person_work_relations').select(['id', 'employer_id']).orderBy('id').execute()).toEqual(before);
    });

    it('keeps the president from being deleted while they are', async () => {
      const president = await registry.server.db.selectFrom('persons').select('id').where('party_id', '=', parties.president).executeTakeFirstOrThrow();
      const refused = await registry.admin('DELETE', `/api/pessoa_fisica/${president.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Não é possível excluir: a pessoa é o presidente da instituição.');
      const other = await registry.person('Fábio Novo Presidente', CPFS[4]);
      expect((await registry.save({ institution_id: parties.next, president_id: other.party_id })).status).toBe(200);
      expect((await registry.admin('DELETE', `/api/pessoa_fisica/${president.id}`)).status).toBe(200);
    });
  });
}
