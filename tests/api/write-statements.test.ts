/**
 * What a write costs the database, counted: a body's referenced ids are checked in one statement
 * whatever its fields and sub-list items, and a new record's items are inserted without reading what
 * a record created in the same transaction cannot have, items with nothing under them together, in
 * the body's order.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamic } from '../../src/server/core/db/dynamic.js';
import type { FieldErrors } from '../../src/server/core/http/app-error.js';
import { insertSublist } from '../../src/server/core/resources/children.js';
import { checkReferences } from '../../src/server/core/resources/references.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { fixtureModel, writeFixtureMigrations, type FixtureMigrations } from './fixtures/model.js';
import { call, startTestServer, type TestServer } from './support/server.js';

/** Counts the statements sent through the Kysely it is plugged into. */
class StatementCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count += 1;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const model = fixtureModel();
const professionals = model.byModule.get('profissionais')!;
const field = (name: string) => professionals.fields.find((f) => f.name === name)!;
let migrations: FixtureMigrations;
beforeAll(() => {
  migrations = writeFixtureMigrations(model);
});
afterAll(() => migrations?.remove());

for (const kind of DATABASE_KINDS) {
  describe(`a write's statements [${kind}]`, () => {
    let server: TestServer;
    let specialties: number[];

    beforeAll(async () => {
      server = await startTestServer(kind, { model, migrations: migrations.set });
      const api = call(server, server.adminToken);
      specialties = [];
      for (const denomination of ['Cardiologia', 'Pediatria']) specialties.push((await api('POST', '/api/especialidades', { denomination })).body.data.id);
    }, 60_000);
    afterAll(() => server?.close());

    it('checks every referenced id of a body in one statement and names each missing one on its field', async () => {
      const counter = new StatementCounter();
      const errors: FieldErrors = {};
      const [cardio, pediatrics] = specialties;
      // Two more reference fields beside the sub-lists' (as a record with several has them).
      const specialty = field('courses').sublist!.fields.find((f) => f.name === 'diploma_registrations')!.sublist!.fields.find((f) => f.name === 'specialty_id')!;
      const fields = [...professionals.fields, { ...specialty, name: 'main_specialty_id' }, { ...specialty, name: 'other_specialty_id' }];
      const body = {
        name: 'Ana',
        main_specialty_id: cardio,
        other_specialty_id: 123456789,
        courses: [
          { course_name: 'Medicina', diploma_registrations: [{ number: 'D-1', specialty_id: cardio }, { number: 'D-2', specialty_id: 987654321 }] },
          { course_name: 'Enfermagem', diploma_registrations: [{ number: 'E-1', specialty_id: pediatrics }, { number: 'E-2', specialty_id: 0 }] },
        ],
      };
      await checkReferences(server.db.withPlugin(counter), fields, body, errors);
      expect(errors).toEqual({
        other_specialty_id: ['O registro selecionado não existe.'],
        'courses.0.diploma_registrations.1.specialty_id': ['O registro selecionado não existe.'],
        'courses.1.diploma_registrations.1.specialty_id': ['O registro selecionado não existe.'],
      });
      expect(counter.count).toBe(1);
    });

    it('asks nothing when a body references nothing', async () => {
      const counter = new StatementCounter();
      const errors: FieldErrors = {};
      await checkReferences(server.db.withPlugin(counter), professionals.fields, { name: 'Bia', work_relations: [{ employer: 'Hospital' }] }, errors);
      expect(errors).toEqual({});
      expect(counter.count).toBe(0);
    });

    it("inserts a new record's items without reading, the ones with nothing under them together, in the body's order, answering them as read", async () => {
      const { id } = await server.db.insertInto('professionals').values({ name: 'Carla' }).returning('id').executeTakeFirstOrThrow();
      const counter = new StatementCounter();
      const relations = [
        { employer: 'Clínica Sul', main: true },
        { employer: 'Hospital Central', main: false, expedients: [{ weekday: 2, start: '08:00:00', finish: '12:00:00' }, { weekday: 3, start: '13:00:00', finish: '18:00:00' }] },
        { employer: 'Clínica Norte', main: false },
        { employer: 'Posto Leste', main: false },
      ];
      const answered = await server.db.withPlugin(counter).transaction().execute((trx) => insertSublist(dynamic(trx), field('work_relations'), Number(id), relations));
      // The first relation alone, the second (its id is needed), its two expedients together, the last two together.
      expect(counter.count).toBe(4);
      const stored = await server.db.selectFrom('work_relations').select(['id', 'employer']).where('professional_id', '=', id).orderBy('id').execute();
      expect(stored.map((r) => r.employer)).toEqual(['Clínica Sul', 'Hospital Central', 'Clínica Norte', 'Posto Leste']);
      const expedients = await server.db.selectFrom('work_relation_expedients').select('weekday').where('work_relation_id', '=', stored[1].id).orderBy('id').execute();
      expect(expedients.map((e) => Number(e.weekday))).toEqual([2, 3]);
      // What the inserts answered is what a read of the record gives.
      const read = await server.db.selectFrom('work_relations').select(['id', 'employer', 'main']).where('professional_id', '=', id).orderBy('id').execute();
      expect(answered.map(({ id: itemId, employer, main }) => ({ id: itemId, employer, main }))).toEqual(read);
      expect(answered.map((r) => r.expedients)).toEqual([[], [expect.objectContaining({ weekday: 2 }), expect.objectContaining({ weekday: 3 })], [], []]);
    });

    it('still refuses an item id a new record cannot have', async () => {
      const { id } = await server.db.insertInto('professionals').values({ name: 'Dora' }).returning('id').executeTakeFirstOrThrow();
      const saving = server.db.transaction().execute((trx) => insertSublist(dynamic(trx), field('work_relations'), Number(id), [{ id: 1, employer: 'X' }]));
      await expect(saving).rejects.toMatchObject({ status: 422, errors: { 'work_relations.0.id': ['O registro selecionado não existe.'] } });
    });
  });
}
