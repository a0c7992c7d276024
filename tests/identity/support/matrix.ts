/**
 * The authorization matrix, derived from the schemas: every module (with the operations it offers)
 * × {index, show, store, update, destroy, combos, multiple_delete} × {anonymous, no permission,
 * exact permission, via a role, not granted, expired yesterday, admin}. Each case checks the status,
 * that a refusal changed nothing (row counts, the record itself, the audit log) and that every
 * allowed write left its audit row. One app per database; principals and records made once.
 */
import type { Entity } from '../../../language/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creator, plainTextFields, validBody } from '../../api/support/bodies.js';
import { call, startTestServer, uploader, type TestServer } from '../../api/support/server.js';
import { seedControlAccounts } from '../../../src/server/core/seed/demo.js';
import { insertMissing } from '../../../src/server/core/seed/insert.js';
import { LOOKUP_VALUES } from '../../../src/server/core/seed/lookups.js';
import type { DatabaseKind } from '../../support/databases.js';
import { expectedStatus, isWrite, MATRIX_ACTIONS, permissionAction } from './expectations.js';

/**
 * Read-only modules whose records only a feature's own route makes: one made so before the module's
 * turn (a workflow run, started at the first step of a type the workflow types' turn left).
 */
const READ_ONLY_SEEDS: Record<string, (server: { db: any }, admin: (method: 'PUT', url: string, body: unknown) => Promise<{ status: number; body: any }>) => Promise<void>> = {
  fluxo_trabalho: async (server, admin) => {
    const step = await server.db
      .selectFrom('workflow_step_types as s').innerJoin('workflow_types as t', 't.id', 's.workflow_type_id')
      .select(['s.id', 's.workflow_type_id']).where('s.first', '=', true).where('t.inactivated', '=', false).orderBy('s.id').executeTakeFirstOrThrow();
    const started = await admin('PUT', `/api/fluxo_trabalho/init/${step.workflow_type_id}/${step.id}`, {});
    if (started.status !== 201) throw new Error(`fluxo_trabalho: ${started.status} ${JSON.stringify(started.body)}`);
  },
};
import { makePrincipals, PRINCIPALS, type Principal, type Principals } from './principals.js';


/** A payment with its credit, the rows of the read-only modules `pagamentos` and `creditos` (a payment's route writes them). */
async function seedPayment(db: TestServer['db']): Promise<void> {
  const partyType = await db.selectFrom('party_types').select('id').where('behave_like', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  const party = await db.insertInto('parties').values({ name: 'Devedor da matriz', behave_like: 1, party_type_id: partyType.id, tax_id: null }).returning('id').executeTakeFirstOrThrow();
  const payment = await db.insertInto('receivable_payments').values({ party_id: party.id, date: '2026-03-31', amount: '700.00', means: 3, credit: '50.00', status: 1 }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('receivable_credits').values({ party_id: party.id, payment_id: payment.id, amount: '50.00', used: '0.00' }).execute();
}

/** The matrix on one database (a file per database, so the two run side by side). */
export function describeMatrix(kind: DatabaseKind): void {
  describe(`authorization matrix [${kind}]`, () => {
    let server: TestServer;
    let principals: Principals;
    beforeAll(async () => {
      server = await startTestServer(kind);
      principals = await makePrincipals(server);
      // Read-only modules whose rows only seeds write: the catalogue of revenue events, the demo control accounts.
      await insertMissing(server.db, 'revenue_events', LOOKUP_VALUES.revenue_events.map((denomination) => ({ denomination })));
      await seedControlAccounts(server.db);
      await seedPayment(server.db);
    });
    afterAll(() => server?.close());

    it('answers every module, action and principal as the model says, with no side effect on a refusal', { timeout: 480_000 }, async () => {
      const admin = call(server, server.adminToken);
      const create = creator(server.model, (url, body) => admin('POST', url, body), uploader(server, server.adminToken), (url) => admin('GET', url));
      // Referenced records are made once per module and shared: only the module under test grows.
      const parents = new Map<string, Promise<number>>();
      // One per module and per what a named combo asks of it (an organization's type behaves as one).
      const parent = Object.assign((module: string, values: Record<string, unknown> = {}) => {
        const key = `${module} ${JSON.stringify(values)}`;
        if (!parents.has(key)) parents.set(key, create(module, values));
        return parents.get(key)!;
      }, { upload: create.upload, model: create.model, records: create.records, get: create.get });
      const body = (entity: Entity) => validBody(entity, parent);
      const count = async (table: string, where?: [string, unknown][]) => {
        let query = server.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n'));
        for (const [column, value] of where ?? []) query = query.where(column, '=', value);
        return Number((await query.executeTakeFirstOrThrow()).n);
      };
      const snapshot = async (entity: Entity, id: number) =>
        JSON.stringify(await server.db.selectFrom(entity.table).selectAll().where('id', '=', id).executeTakeFirst());
      // Rows a person's request writes: not those of a report the background printer ended meanwhile.
      const requestAudits = async () =>
        Number((await server.db.selectFrom('audits').select((eb) => eb.fn.countAll<string>().as('n')).where('event', 'not in', ['printed', 'print_failed']).executeTakeFirstOrThrow()).n);
      const auditsOf = (entity: Entity, id: number, event: string) => count('audits', [['module', entity.module], ['record_id', id], ['event', event]]);

      let cases = 0;
      const wrong: string[] = [];
      // Read-only modules last: by then the others' writes have given their tables rows (a person's party).
      const entities = [...server.model.entities].sort((a, b) => Number(!a.operations.create) - Number(!b.operations.create));
      for (const entity of entities) {
        const m = entity.module;
        const writable = entity.operations.create;
        const fresh = async () => {
          const response = await admin('POST', `/api/${m}`, await body(entity));
          if (response.status !== 201) throw new Error(`${m}: ${response.status} ${JSON.stringify(response.body)}`);
          return Number(response.body.data.id);
        };
        if (!writable) await READ_ONLY_SEEDS[m]?.(server, admin);
        const keeper = writable ? await fresh() : Number((await server.db.selectFrom(entity.table).select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id);
        const sampleBody = writable ? await body(entity) : { event: 'created', module: m, record_id: 1 };
        const text = plainTextFields(entity)[0];
        let edits = 0;
        const updateBody = () => ({ ...sampleBody, ...(text ? { [text.name]: `Matriz ${++edits} ${m}`.slice(0, text.maxLength ?? 255) } : {}) });

        for (const action of MATRIX_ACTIONS) {
          for (const principal of PRINCIPALS) {
            cases += 1;
            const expected = expectedStatus(entity, action, principal, server.app.resources);
            const allowed = expected < 300;
            const api = call(server, principals.token(principal as Principal, permissionAction(action)));
            const problems: string[] = [];
            let status: number;
            const auditsBefore = isWrite(action) && !allowed ? await requestAudits() : 0;
            if (action === 'index') status = (await api('GET', `/api/${m}`)).status;
            else if (action === 'combos') status = (await api('GET', `/api/${m}/combos`)).status;
            else if (action === 'show') status = (await api('GET', `/api/${m}/${keeper}`)).status;
            else if (action === 'store') {
              const payload = allowed ? await body(entity) : sampleBody;
              const rows = await count(entity.table);
              const response = await api('POST', `/api/${m}`, payload);
              status = response.status;
              if (!allowed && (await count(entity.table)) !== rows) problems.push('a refused insert stored a row');
              if (allowed && status === 201 && (await auditsOf(entity, response.body.data.id, 'created')) !== 1) problems.push('no audit row');
            } else if (action === 'update') {
              const before = await snapshot(entity, keeper);
              const audits = allowed ? await auditsOf(entity, keeper, 'updated') : 0;
              status = (await api('PUT', `/api/${m}/${keeper}`, updateBody())).status;
              if (!allowed && (await snapshot(entity, keeper)) !== before) problems.push('a refused update changed the record');
              if (allowed && (await auditsOf(entity, keeper, 'updated')) !== audits + 1) problems.push('no audit row');
            } else {
              const targets = allowed ? (action === 'destroy' ? [await fresh()] : [await fresh(), await fresh()]) : [keeper];
              const url = action === 'destroy' ? `/api/${m}/${targets[0]}` : `/api/${m}/multiple_delete/${targets.join(',')}`;
              status = (await api('DELETE', url)).status;
              for (const id of targets) {
                const left = await count(entity.table, [['id', id]]);
                if (!allowed && left !== 1) problems.push('a refused delete removed the record');
                if (allowed && status === 200 && (await auditsOf(entity, id, 'deleted')) !== 1) problems.push(`no audit row for ${id}`);
              }
            }
            if (isWrite(action) && !allowed && (await requestAudits()) !== auditsBefore) problems.push('a refusal wrote an audit row');
            if (status !== expected) problems.push(`answered ${status}, expected ${expected}`);
            if (problems.length) wrong.push(`${m} ${action} ${principal}: ${problems.join('; ')}`);
          }
        }
      }
      console.log(`authorization matrix [${kind}]: ${cases} cases, ${wrong.length} wrong answers`);
      if (wrong.length) console.log(wrong.slice(0, 40).join('\n'));
      expect(cases).toBe(server.model.entities.length * MATRIX_ACTIONS.length * PRINCIPALS.length);
      expect(wrong).toEqual([]);
    });
  });
}
