/**
 * A record's history and the restoring of an earlier version, through the API on both databases, on
 * physical persons (references, sub-lists, the CPF's rules): the changes read field by field under
 * their labels, referenced records by name; a restore is an ordinary save (the rules apply, a
 * refusal writes nothing), audited as such; two restores at once, another person's save meanwhile,
 * permissions and ids that are no version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { STALE_RECORD_MESSAGE } from '../../src/server/core/resources/versions.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

const CPF = '529.982.247-25';
const OTHER_CPF = '111.444.777-35';

interface Version { id: number; event: string; event_label: string; user_name: string | null; changes: { field: string; label: string; before: string; after: string }[]; restorable: boolean }

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`record history [${kind}]`, () => {
    let server: TestServer;
    const ids: Record<string, number> = {};
    const admin = () => call(server, server.adminToken);
    const idOf = async (table: string, column: string, value: unknown) =>
      Number((await server.db.selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()).id);
    const versions = async (id: number): Promise<Version[]> => {
      const answer = await admin()('GET', `/api/pessoa_fisica/${id}/versions`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data;
    };
    const person = (name: string, cpf: string) => ({
      name, short_name: name.split(' ')[0], party_type_id: ids.personType, date_birth: '1985-03-14', genre_id: ids.female, civil_status_id: ids.single,
      naturalness_id: ids.city, nationality_id: ids.nationality, individual_registration: cpf,
      telephones: [{ area_code: '61', number: '99876-5432', telephone_companies_id: ids.carrier, send_sms: true, main: true }],
    });
    const create = async (name: string, cpf: string) => {
      const created = await admin()('POST', '/api/pessoa_fisica', person(name, cpf));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data;
    };
    /** A save as the form makes it: the record as read, with some fields changed. */
    const update = async (id: number, changes: Record<string, unknown>) => {
      const current = (await admin()('GET', `/api/pessoa_fisica/${id}`)).body.data;
      const updated = await admin()('PUT', `/api/pessoa_fisica/${id}`, { ...current, ...changes });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      return updated.body.data;
    };

    beforeAll(async () => {
      server = await startTestServer(kind);
      await seedReferenceData(server.db);
      ids.personType = await idOf('party_types', 'code', 'pessoa_fisica');
      ids.female = await idOf('genres', 'denomination', 'Feminino');
      ids.male = await idOf('genres', 'denomination', 'Masculino');
      ids.single = await idOf('civil_statuses', 'denomination', 'Solteiro(a)');
      ids.city = await idOf('cities', 'ibge_code', 5300108);
      ids.nationality = await idOf('nationalities', 'denomination', 'Brasileira');
      ids.carrier = await idOf('telephone_companies', 'denomination', 'Vivo');
    }, 120_000);
    afterAll(() => server?.close());

    it('reads each change field by field, under its label, a reference by name and a sub-list by its items', async () => {
      const created = await create('Ana Maria Costa', CPF);
      await update(created.id, {
        name: 'Ana Maria Costa Lima',
        genre_id: ids.male,
        telephones: [...created.telephones, { area_code: '61', number: '3322-1100', telephone_companies_id: ids.carrier, send_sms: false, main: false }],
      });
      const [latest, first] = await versions(created.id);
      expect([latest.event, latest.event_label]).toEqual(['updated', 'Alteração']);
      expect(latest.user_name).toBeTruthy();
      const byLabel = Object.fromEntries(latest.changes.map((c) => [c.label, [c.before, c.after]]));
      expect(byLabel).toMatchObject({ Nome: ['Ana Maria Costa', 'Ana Maria Costa Lima'], Gênero: ['Feminino', 'Masculino'], Telefones: ['1 item', '2 itens'] });
      // The latest row is how the record is now: nothing to restore; the first one can be.
      expect(latest.restorable).toBe(false);
      expect(first.event).toBe('created');
      expect(first.restorable).toBe(true);
      expect(first.changes.find((c) => c.label === 'CPF')).toMatchObject({ before: '', after: CPF });
      expect(first.changes.find((c) => c.label === 'Data de nascimento')).toMatchObject({ after: '14/03/1985' });
    });

    it('restores an earlier version through the ordinary save, sub-list and all, and audits it as a restore', async () => {
      const created = await create('Beatriz Nunes', OTHER_CPF);
      await update(created.id, { name: 'Beatriz Nunes Prado', telephones: [] });
      await update(created.id, { short_name: 'Bia' });
      const [, , first] = await versions(created.id);
      const restored = await admin()('POST', `/api/pessoa_fisica/${created.id}/versions/${first.id}/restore`);
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      expect(restored.body.message).toBe('Versão restaurada com sucesso.');
      expect(restored.body.data).toMatchObject({ name: 'Beatriz Nunes', short_name: 'Beatriz', individual_registration: OTHER_CPF });
      expect(restored.body.data.telephones).toMatchObject([{ area_code: '61', number: '99876-5432', main: true }]);
      const now = (await admin()('GET', `/api/pessoa_fisica/${created.id}`)).body.data;
      expect(now).toMatchObject({ name: 'Beatriz Nunes', short_name: 'Beatriz' });
      expect(now.telephones).toHaveLength(1);
      const [latest] = await versions(created.id);
      expect(latest.event).toBe('restored');
      expect(latest.event_label).toBe('Restauração de versão');
      expect(Object.fromEntries(latest.changes.map((c) => [c.label, [c.before, c.after]]))).toMatchObject({
        Nome: ['Beatriz Nunes Prado', 'Beatriz Nunes'], 'Nome abreviado': ['Bia', 'Beatriz'], Telefones: ['Nenhum item', '1 item'],
      });
      // Restoring the version the record is now at again says so, and writes nothing.
      const again = await admin()('POST', `/api/pessoa_fisica/${created.id}/versions/${first.id}/restore`);
      expect(again).toEqual({ status: 400, body: { message: 'O registro já está como nesta versão.' } });
      expect((await versions(created.id))[0].id).toBe(latest.id);
    });

    it('refuses a restore that would break a rule, on the field, and writes nothing', async () => {
      const cpfs = ['390.533.447-05', '714.602.380-01'];
      const created = await create('Carla Dias', cpfs[0]);
      await update(created.id, { individual_registration: cpfs[1] });
      // Someone else takes the CPF the first version had.
      await create('Carlos Dias', cpfs[0]);
      const [latest, first] = await versions(created.id);
      const refused = await admin()('POST', `/api/pessoa_fisica/${created.id}/versions/${first.id}/restore`);
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(Object.keys(refused.body.errors)).toEqual(['individual_registration']);
      expect(refused.body.message).toBe('Esta versão não pode ser restaurada. CPF: Já existe um registro com este valor.');
      expect((await admin()('GET', `/api/pessoa_fisica/${created.id}`)).body.data.individual_registration).toBe(cpfs[1]);
      expect((await versions(created.id))[0].id).toBe(latest.id);
    });

    it('lets one of two simultaneous restores through, and refuses one made over a save it did not see', async () => {
      const created = await create('Daniela Reis', '248.438.034-80');
      await update(created.id, { name: 'Daniela Reis Alves' });
      const [, first] = await versions(created.id);
      const restore = (headers: Record<string, string> = {}) =>
        server.app.inject({ method: 'POST', url: `/api/pessoa_fisica/${created.id}/versions/${first.id}/restore`, headers: { authorization: `Bearer ${server.adminToken}`, ...headers } });
      const answers = await Promise.all([restore(), restore()]);
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses[0]).toBe(200);
      // The second either met the first's save (409) or found the record already so (400): never two writes.
      expect([400, 409]).toContain(statuses[1]);
      expect((await versions(created.id)).filter((v) => v.event === 'restored')).toHaveLength(1);

      // A restore naming the version it saw (If-Match) is refused once someone saved after it.
      const seen = (await admin()('GET', `/api/pessoa_fisica/${created.id}`)).body.data.updated_at;
      await update(created.id, { name: 'Daniela R. Alves' });
      const stale = await restore({ 'if-match': `"${Date.parse(seen)}"` });
      expect(stale.statusCode).toBe(409);
      expect(JSON.parse(stale.body).message).toBe(STALE_RECORD_MESSAGE);
      expect((await admin()('GET', `/api/pessoa_fisica/${created.id}`)).body.data.name).toBe('Daniela R. Alves');
    });

    it('needs the module\'s show permission to read, its update permission to restore, and a version of that record', async () => {
      const created = await create('Elisa Moura', '853.513.468-93');
      await update(created.id, { name: 'Elisa Moura Reis' });
      const other = await create('Fábio Moura', '095.534.650-99');
      const [, first] = await versions(created.id);
      const [otherFirst] = await versions(other.id);
      const reader = await userWith(server, [{ name: 'party.show' }]);
      const asReader = call(server, reader.token);
      const read = await asReader('GET', `/api/pessoa_fisica/${created.id}/versions`);
      expect(read.status).toBe(200);
      // Offered nothing to restore, and refused when it tries.
      expect(read.body.data.every((v: Version) => v.restorable === false)).toBe(true);
      expect((await asReader('POST', `/api/pessoa_fisica/${created.id}/versions/${first.id}/restore`)).status).toBe(403);
      const stranger = await userWith(server, [{ name: 'municipio.show' }]);
      expect((await call(server, stranger.token)('GET', `/api/pessoa_fisica/${created.id}/versions`)).status).toBe(403);
      // Another record's version, a version that does not exist, and ids that are no ids.
      for (const path of [`${created.id}/versions/${otherFirst.id}`, `${created.id}/versions/999999999`, `${created.id}/versions/abc`, `${created.id}/versions/-1`, `999999999/versions/${first.id}`]) {
        const answer = await admin()('POST', `/api/pessoa_fisica/${path}/restore`);
        expect(answer.status, path).toBe(404);
      }
      expect((await admin()('GET', '/api/pessoa_fisica/999999999/versions')).status).toBe(404);
      expect((await admin()('GET', `/api/pessoa_fisica/${created.id}`)).body.data.name).toBe('Elisa Moura Reis');
    });
  });
}
