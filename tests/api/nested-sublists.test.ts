/**
 * Sub-lists inside sub-list items through the API, on a fixture schema: a professional with work
 * relations (each with its weekly expedients) and courses (each with its diploma registrations, one
 * of them main). The whole tree is read, replaced and refused as one record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { fixtureModel, writeFixtureMigrations, type FixtureMigrations } from './fixtures/model.js';
import { call, startTestServer, type TestServer } from './support/server.js';

const model = fixtureModel();
let migrations: FixtureMigrations;
beforeAll(() => {
  migrations = writeFixtureMigrations(model);
});
afterAll(() => migrations?.remove());

const TABLES = ['professionals', 'work_relations', 'work_relation_expedients', 'professional_courses', 'course_diploma_registrations', 'audits'];
const INVALID = 'Os dados informados são inválidos.';

type Row = Record<string, any>;

const monday = { weekday: 2, start: '08:00:00', finish: '12:00:00' };
const tuesday = { weekday: 3, start: '13:00:00', finish: '18:00:00' };

for (const kind of DATABASE_KINDS) {
  describe(`nested sub-lists [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let specialty: number;

    const count = async (table: string) => Number((await server.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const snapshot = async () => Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await count(t)] as const)));
    const create = async (body: Row) => {
      const response = await api('POST', '/api/profissionais', body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data as Row;
    };

    beforeAll(async () => {
      server = await startTestServer(kind, { model, migrations: migrations.set });
      api = call(server, server.adminToken);
      specialty = (await api('POST', '/api/especialidades', { denomination: 'Cardiologia' })).body.data.id;
    });
    afterAll(() => server?.close());

    it('creates a record with its tree and reads the same tree back', async () => {
      const created = await create({
        name: 'Ana Souza',
        work_relations: [
          { employer: 'Hospital Central', main: true, expedients: [monday, tuesday] },
          { employer: 'Clínica Norte', expedients: [] },
        ],
        courses: [{ course_name: 'Medicina', diploma_registrations: [{ number: 'D-100', specialty_id: specialty, main: true }] }],
      });
      expect(created.work_relations).toEqual([
        {
          id: expect.any(Number), employer: 'Hospital Central', main: true,
          expedients: [{ id: expect.any(Number), ...monday }, { id: expect.any(Number), ...tuesday }],
        },
        { id: expect.any(Number), employer: 'Clínica Norte', main: false, expedients: [] },
      ]);
      expect(created.courses).toEqual([
        { id: expect.any(Number), course_name: 'Medicina', diploma_registrations: [{ id: expect.any(Number), number: 'D-100', specialty_id: specialty, main: true }] },
      ]);
      expect((await api('GET', `/api/profissionais/${created.id}`)).body.data).toEqual(created);
      const stored = await server.db.selectFrom('work_relation_expedients').select(['work_relation_id', 'weekday']).orderBy('id').where('work_relation_id', '=', created.work_relations[0].id).execute();
      expect(stored.map((row) => [Number(row.work_relation_id), row.weekday])).toEqual([[created.work_relations[0].id, 2], [created.work_relations[0].id, 3]]);
    });

    it('replaces the whole tree on save: nested rows kept by id, added and dropped, a dropped row taking its own rows with it', async () => {
      const created = await create({
        name: 'Bruno Lima',
        work_relations: [
          { employer: 'Hospital Central', expedients: [monday, tuesday] },
          { employer: 'Clínica Norte', expedients: [monday] },
        ],
      });
      const [kept, dropped] = created.work_relations;
      const [keptExpedient, droppedExpedient] = kept.expedients;
      const response = await api('PUT', `/api/profissionais/${created.id}`, {
        name: 'Bruno Lima',
        work_relations: [{ ...kept, employer: 'Hospital Central SA', expedients: [{ ...keptExpedient, finish: '11:30:00' }, { weekday: 6, start: '07:00:00', finish: '10:00:00' }] }],
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const [relation] = response.body.data.work_relations;
      expect(response.body.data.work_relations).toHaveLength(1);
      expect(relation).toMatchObject({ id: kept.id, employer: 'Hospital Central SA' });
      expect(relation.expedients).toEqual([{ ...keptExpedient, finish: '11:30:00' }, { id: expect.any(Number), weekday: 6, start: '07:00:00', finish: '10:00:00' }]);
      const gone = [droppedExpedient.id, dropped.expedients[0].id];
      expect(await server.db.selectFrom('work_relation_expedients').select('id').where('id', 'in', gone).execute()).toEqual([]);
      expect(await server.db.selectFrom('work_relations').select('id').where('id', '=', dropped.id).execute()).toEqual([]);
      expect((await api('GET', `/api/profissionais/${created.id}`)).body.data).toEqual(response.body.data);

      // An item sent without its nested list leaves that list as it is.
      const untouched = await api('PUT', `/api/profissionais/${created.id}`, { name: 'Bruno Lima', work_relations: [{ id: kept.id, employer: 'Hospital Central' }] });
      expect(untouched.body.data.work_relations[0].expedients).toEqual(relation.expedients);

      const audits = await server.db.selectFrom('audits').select(['event', 'old_values', 'new_values']).where('module', '=', 'profissionais').where('record_id', '=', created.id).orderBy('id').execute();
      expect(audits.map((row) => row.event)).toEqual(['created', 'updated', 'updated']);
      expect(audits[1].new_values.work_relations[0].expedients).toEqual(relation.expedients);
      expect(audits[1].old_values.work_relations).toEqual(created.work_relations);
    });

    it('names a bad nested value by its whole path, in pt-BR, and writes nothing', async () => {
      const before = await snapshot();
      const response = await api('POST', '/api/profissionais', {
        name: 'Carla',
        work_relations: [
          { employer: 'Hospital Central', expedients: [monday] },
          { employer: 'Clínica Norte', expedients: [{ weekday: 2, start: '25:00', finish: '12:00:00' }, { weekday: 9, start: '08:00:00' }, 'segunda'] },
        ],
        courses: [{ course_name: 'Medicina', diploma_registrations: [{ number: 'D-1', main: true }, { number: 'D-2', main: true, specialty_id: 987654321 }] }],
      });
      expect(response).toEqual({
        status: 422,
        body: {
          message: INVALID,
          errors: {
            'work_relations.1.expedients.0.start': ['O campo Início está em formato inválido.'],
            'work_relations.1.expedients.1.weekday': ['O campo Dia da semana é inválido.'],
            'work_relations.1.expedients.1.finish': ['O campo Fim é obrigatório.'],
            'work_relations.1.expedients.2': ['O item 3 de Expedientes é inválido.'],
            'courses.0.diploma_registrations': ['Deve haver apenas um registro principal'],
          },
        },
      });
      const missing = await api('POST', '/api/profissionais', {
        name: 'Carla', courses: [{ course_name: 'Medicina', diploma_registrations: [{ number: 'D-1' }, { number: 'D-2', specialty_id: 987654321 }] }],
      });
      expect(missing.body.errors).toEqual({ 'courses.0.diploma_registrations.1.specialty_id': ['O registro selecionado não existe.'] });
      expect(await snapshot()).toEqual(before);
    });

    it('writes all or nothing when a nested row fails inside the transaction', async () => {
      const other = await create({ name: 'Elisa', work_relations: [{ employer: 'Hospital Sul', expedients: [monday] }] });
      const before = await snapshot();
      // A nested id of another record's row is found only while the rows are written, after the parent rows.
      const created = await api('POST', '/api/profissionais', {
        name: 'Fábio',
        work_relations: [{ employer: 'Hospital Central', expedients: [monday] }, { employer: 'Clínica Norte', expedients: [tuesday, { ...other.work_relations[0].expedients[0] }] }],
      });
      expect(created).toEqual({ status: 422, body: { message: INVALID, errors: { 'work_relations.1.expedients.1.id': ['O registro selecionado não existe.'] } } });
      expect(await snapshot()).toEqual(before);

      const mine = await create({ name: 'Gabriela', work_relations: [{ employer: 'Hospital Leste', expedients: [monday] }] });
      const stored = await snapshot();
      const updated = await api('PUT', `/api/profissionais/${mine.id}`, {
        name: 'Gabriela Alterada',
        work_relations: [{ ...mine.work_relations[0], employer: 'Outro', expedients: [tuesday, other.work_relations[0].expedients[0]] }],
      });
      expect(updated.status).toBe(422);
      expect(updated.body.errors).toEqual({ 'work_relations.0.expedients.1.id': ['O registro selecionado não existe.'] });
      expect(await snapshot()).toEqual(stored);
      expect((await api('GET', `/api/profissionais/${mine.id}`)).body.data).toEqual(mine);
      expect((await api('GET', `/api/profissionais/${other.id}`)).body.data).toEqual(other);
    });

    it('refuses a stale save of a nested row, however small the change (If-Match covers the tree)', async () => {
      const opened = await create({ name: 'Hugo', work_relations: [{ employer: 'Hospital Central', expedients: [monday] }] });
      const read = await server.app.inject({ method: 'GET', url: `/api/profissionais/${opened.id}`, headers: { authorization: `Bearer ${server.adminToken}` } });
      const tag = read.headers.etag as string;
      const [relation] = opened.work_relations;
      const first = await api('PUT', `/api/profissionais/${opened.id}`, { name: 'Hugo', work_relations: [{ ...relation, expedients: [{ ...relation.expedients[0], finish: '11:00:00' }] }] });
      expect(first.status).toBe(200);
      const stale = await server.app.inject({
        method: 'PUT', url: `/api/profissionais/${opened.id}`,
        headers: { authorization: `Bearer ${server.adminToken}`, 'if-match': tag },
        payload: { name: 'Hugo', work_relations: [{ ...relation, expedients: [{ ...relation.expedients[0], start: '09:00:00' }] }] },
      });
      expect(stale.statusCode).toBe(409);
      expect((await api('GET', `/api/profissionais/${opened.id}`)).body.data.work_relations[0].expedients).toEqual([{ ...relation.expedients[0], finish: '11:00:00' }]);
    });

    it('deletes the record with its whole tree', async () => {
      const doomed = await create({
        name: 'Igor', work_relations: [{ employer: 'Hospital Central', expedients: [monday, tuesday] }],
        courses: [{ course_name: 'Enfermagem', diploma_registrations: [{ number: 'E-1' }] }],
      });
      expect((await api('DELETE', `/api/profissionais/${doomed.id}`)).status).toBe(200);
      const left = await server.db.selectFrom('work_relation_expedients').select('id').where('id', 'in', doomed.work_relations[0].expedients.map((e: Row) => e.id)).execute();
      expect(left).toEqual([]);
      expect(await server.db.selectFrom('course_diploma_registrations').select('id').where('id', '=', doomed.courses[0].diploma_registrations[0].id).execute()).toEqual([]);
    });
  });
}
