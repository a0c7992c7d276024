/**
 * System actions through the API, on both databases: the affected entity look-up (a run's records)
 * and the triggered entity look-up (the runs that touched a record); a one-time action executed once
 * (a second execution refused with its message and nothing saved, two at once included; a batch is one
 * execution); 'workflow.init_workflow', a task starting another run, which becomes the task's record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFFECTED_ID_INVALID, AFFECTED_TYPE_UNKNOWN, TRIGGERED_TYPE_UNKNOWN } from '../../src/server/features/workflows/entity-lookups.js';
import { ACTION_MISMATCH, ONE_TIME_DONE } from '../../src/server/features/workflows/system-action-links.js';
import { WORKFLOW_NOT_FOUND } from '../../src/server/features/workflows/runs.js';
import { creator, validBody } from '../api/support/bodies.js';
import { call, startTestServer, uploader, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { runTask } from './support/types.js';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`system action look-ups and one-time actions [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let typeId = 0;
    let firstStep = 0;
    const tasks = new Map<string, number>();
    let counter = 0;

    const companyBody = async () => {
      const create = creator(server.model, (url, body) => api('POST', url, body), uploader(server, server.adminToken), (url) => api('GET', url));
      return validBody(server.model.byModule.get('pessoa_juridica')!, create);
    };
    const statusBody = async () => validBody(server.model.byModule.get('estados_civis')!, creator(server.model, (url, sent) => api('POST', url, sent)));
    const companies = async () => Number((await server.db.selectFrom('legal_entities' as any).select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow() as any).n);
    const start = async () => {
      const started = await api('PUT', `/api/fluxo_trabalho/init/${typeId}/${firstStep}`, { name: `Registro ${++counter}` });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      return started.body.data.id as number;
    };
    const attributes = (workflowId: number, task: string) => ({ system_action_attributes: { workflow_id: workflowId, task_type_id: tasks.get(task) } });

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      const sequence = await api('POST', '/api/sequencias', { name: 'Fluxos únicos', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false });
      const type = await api('POST', '/api/tipo_fluxo_trabalho', {
        name: 'Registro único', sequence_id: sequence.body.data.id, workflow_phase_types: [{ denomination: 'Cadastro' }],
        step_types: [{
          step_number: 1, name: 'Cadastro', first: true, workflow_phase_type_name: 'Cadastro', next_steps: [], task_types: [
            runTask(1, 'Cadastrar a empresa', { action: 'pessoa_juridica.store', one_time_action: true }),
            runTask(2, 'Vincular estados civis', { action: 'estados_civis.link', one_time_action: true, required: false }),
            runTask(3, 'Cadastrar filiais', { action: 'pessoa_juridica.store', required: false }),
            runTask(4, 'Abrir outro fluxo', { action: 'workflow.init_workflow', required: false }),
          ],
        }],
      });
      expect(type.status, JSON.stringify(type.body)).toBe(201);
      typeId = type.body.data.id;
      firstStep = type.body.data.step_types[0].id;
      for (const task of type.body.data.step_types[0].task_types) tasks.set(task.description, task.id);
    }, 120_000);

    afterAll(async () => server?.close());

    it('answers the records a run affected and the runs that triggered a record', async () => {
      const id = await start();
      const company = (await api('POST', '/api/pessoa_juridica', { ...(await companyBody()), ...attributes(id, 'Cadastrar a empresa') })).body.data;
      const status = (await api('POST', '/api/estados_civis', await statusBody())).body.data;
      expect((await api('POST', '/api/system_actions_link', { workflow_id: id, task_type_id: tasks.get('Vincular estados civis'), module: 'estados_civis', record_id: status.id })).status).toBe(201);

      const affected = await api('POST', '/api/system_actions_affected_entity', { system_triggered_entity_type: 'fluxo_trabalho', system_triggered_entity_id: id });
      expect(affected.status, JSON.stringify(affected.body)).toBe(200);
      expect(affected.body.data.map((row: any) => [row.module, row.record_id, row.action, row.label, row.deleted])).toEqual([
        ['pessoa_juridica', company.id, 'store', company.name, false],
        ['estados_civis', status.id, 'link', status.denomination, false],
      ]);
      const onlyCompanies = await api('POST', '/api/system_actions_affected_entity', { system_triggered_entity_id: id, system_affected_entity_type: 'pessoa_juridica' });
      expect(onlyCompanies.body.data.map((row: any) => row.record_id)).toEqual([company.id]);

      const triggered = await api('POST', '/api/system_actions_triggered_entity', { system_affected_entity_type: 'pessoa_juridica', system_affected_entity_id: company.id });
      expect(triggered.status, JSON.stringify(triggered.body)).toBe(200);
      expect(triggered.body.data).toEqual([expect.objectContaining({ system_triggered_entity_type: 'fluxo_trabalho', system_triggered_entity_id: id, name: `Registro ${counter}`, status_label: 'Ativo', step_name: 'Cadastro', task_description: 'Cadastrar a empresa', action: 'store' })]);
      const untouched = (await api('POST', '/api/pessoa_juridica', await companyBody())).body.data;
      expect((await api('POST', '/api/system_actions_triggered_entity', { system_affected_entity_type: 'pessoa_juridica', system_affected_entity_id: untouched.id })).body.data).toEqual([]);

      // A deleted record still shows among the run's, as such.
      expect((await api('DELETE', `/api/pessoa_juridica/${company.id}`)).status).toBe(200);
      const after = (await api('POST', '/api/system_actions_affected_entity', { system_triggered_entity_id: id, system_affected_entity_type: 'pessoa_juridica' })).body.data;
      expect(after).toEqual([expect.objectContaining({ record_id: company.id, deleted: true, label: null })]);
    });

    it('refuses a look-up it cannot answer on the field, and a caller who may not see runs', async () => {
      const refused = async (url: string, body: unknown, field: string, message: string) => {
        const answer = await api('POST', url, body);
        expect(answer.status, JSON.stringify(answer.body)).toBe(422);
        expect(answer.body.errors[field]).toEqual([message]);
      };
      await refused('/api/system_actions_affected_entity', { system_triggered_entity_id: 999_999_999 }, 'system_triggered_entity_id', WORKFLOW_NOT_FOUND);
      await refused('/api/system_actions_affected_entity', { system_triggered_entity_id: 'x' }, 'system_triggered_entity_id', WORKFLOW_NOT_FOUND);
      await refused('/api/system_actions_affected_entity', { system_triggered_entity_type: 'usuarios', system_triggered_entity_id: 1 }, 'system_triggered_entity_type', TRIGGERED_TYPE_UNKNOWN);
      const id = await start();
      await refused('/api/system_actions_affected_entity', { system_triggered_entity_id: id, system_affected_entity_type: 'nada' }, 'system_affected_entity_type', AFFECTED_TYPE_UNKNOWN);
      await refused('/api/system_actions_triggered_entity', { system_affected_entity_type: 'nada', system_affected_entity_id: 1 }, 'system_affected_entity_type', AFFECTED_TYPE_UNKNOWN);
      await refused('/api/system_actions_triggered_entity', { system_affected_entity_type: 'pessoa_juridica', system_affected_entity_id: -1 }, 'system_affected_entity_id', AFFECTED_ID_INVALID);

      const reader = await userWith(server, [{ name: 'workflow.show' }]);
      expect((await call(server, reader.token)('POST', '/api/system_actions_affected_entity', { system_triggered_entity_id: id })).status).toBe(200);
      const stranger = await userWith(server, [{ name: 'pessoaJuridica.index' }]);
      expect((await call(server, stranger.token)('POST', '/api/system_actions_triggered_entity', { system_affected_entity_type: 'pessoa_juridica', system_affected_entity_id: 1 })).status).toBe(403);
      expect((await call(server, null)('POST', '/api/system_actions_affected_entity', { system_triggered_entity_id: id })).status).toBe(401);
    });

    it('executes a one-time action once: a second save is refused and saves nothing, two at once included', async () => {
      const id = await start();
      const before = await companies();
      const [one, two] = await Promise.all([
        api('POST', '/api/pessoa_juridica', { ...(await companyBody()), ...attributes(id, 'Cadastrar a empresa') }),
        api('POST', '/api/pessoa_juridica', { ...(await companyBody()), ...attributes(id, 'Cadastrar a empresa') }),
      ]);
      expect([one.status, two.status].sort()).toEqual([201, 409]);
      expect([one, two].find((answer) => answer.status === 409)!.body.message).toBe(ONE_TIME_DONE);
      expect(await companies()).toBe(before + 1);
      // Once done, later alone: still refused.
      const third = await api('POST', '/api/pessoa_juridica', { ...(await companyBody()), ...attributes(id, 'Cadastrar a empresa') });
      expect(third.status).toBe(409);
      expect(third.body.message).toBe(ONE_TIME_DONE);
      expect(await companies()).toBe(before + 1);

      // A task that is not one-time takes as many records as it is given.
      for (let n = 0; n < 2; n++) expect((await api('POST', '/api/pessoa_juridica', { ...(await companyBody()), ...attributes(id, 'Cadastrar filiais') })).status).toBe(201);

      // A batch is one execution: a one-time link task takes several records in it, then no more.
      const [a, b, c] = await Promise.all([statusBody(), statusBody(), statusBody()].map(async (body) => (await api('POST', '/api/estados_civis', await body)).body.data.id));
      const item = (record: number) => ({ workflow_id: id, task_type_id: tasks.get('Vincular estados civis'), module: 'estados_civis', record_id: record });
      const batch = await api('POST', '/api/system_actions_link_batch', { items: [item(a), item(b)] });
      expect(batch.status, JSON.stringify(batch.body)).toBe(201);
      const again = await api('POST', '/api/system_actions_link', item(c));
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ONE_TIME_DONE);
      const actual = (await api('GET', `/api/fluxo_trabalho/${id}/actual`)).body.data.current_step.task_types;
      const count = (description: string) => actual.find((task: any) => task.description === description).entities.length;
      expect([count('Cadastrar a empresa'), count('Vincular estados civis'), count('Cadastrar filiais')]).toEqual([1, 2, 2]);
    });

    it('starts another run from a task (workflow.init_workflow), which becomes the task\'s record', async () => {
      const parent = await start();
      const child = await api('PUT', `/api/fluxo_trabalho/init/${typeId}/${firstStep}`, { name: 'Fluxo filho', ...attributes(parent, 'Abrir outro fluxo') });
      expect(child.status, JSON.stringify(child.body)).toBe(201);
      const task = (await api('GET', `/api/fluxo_trabalho/${parent}/actual`)).body.data.current_step.task_types.find((row: any) => row.description === 'Abrir outro fluxo');
      expect(task.task.started).toBe(true);
      expect(task.entities).toEqual([expect.objectContaining({ module: 'fluxo_trabalho', record_id: child.body.data.id, action: 'store', label: expect.any(String), deleted: false })]);
      const triggered = (await api('POST', '/api/system_actions_triggered_entity', { system_affected_entity_type: 'fluxo_trabalho', system_affected_entity_id: child.body.data.id })).body.data;
      expect(triggered.map((row: any) => row.system_triggered_entity_id)).toEqual([parent]);

      // Another task's attributes: refused, and no run is started.
      const runs = async () => Number((await server.db.selectFrom('workflows' as any).select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow() as any).n);
      const before = await runs();
      const wrong = await api('PUT', `/api/fluxo_trabalho/init/${typeId}/${firstStep}`, attributes(parent, 'Cadastrar filiais'));
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.system_action_attributes).toEqual([ACTION_MISMATCH]);
      expect(await runs()).toBe(before);
    });
  });
}
