/**
 * System actions through the API, on both databases: a legal entity saved with
 * `system_action_attributes` is linked to the run's task in the save's transaction (the task starts
 * with it); a link refused (another task's, the wrong kind, a paused run, a bad shape) undoes the
 * save; `POST /api/system_actions_link` and `…_batch` (all or none) link existing records; the run
 * and its history show the records, a deleted one as such; linking needs workflow.execute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_MISMATCH, ATTRIBUTES_INVALID, RECORD_NOT_FOUND } from '../../src/server/features/workflows/system-action-links.js';
import { PAUSED, TASK_NOT_FOUND } from '../../src/server/features/workflows/runs.js';
import { creator, validBody } from '../api/support/bodies.js';
import { call, startTestServer, uploader, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { runTask } from './support/types.js';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`system actions [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let typeId = 0;
    const steps = new Map<number, number>();
    const tasks = new Map<string, number>();
    let counter = 0;

    const companyBody = async () => {
      const create = creator(server.model, (url, body) => api('POST', url, body), uploader(server, server.adminToken), (url) => api('GET', url));
      return validBody(server.model.byModule.get('pessoa_juridica')!, create);
    };
    const companies = async () => Number((await server.db.selectFrom('legal_entities' as any).select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow() as any).n);
    const start = async () => {
      const started = await api('PUT', `/api/fluxo_trabalho/init/${typeId}/${steps.get(1)}`, { name: `Registro ${++counter}` });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      return started.body.data.id as number;
    };

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      const sequence = await api('POST', '/api/sequencias', { name: 'Fluxos de registro', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false });
      const type = await api('POST', '/api/tipo_fluxo_trabalho', {
        name: 'Registro de empresa', sequence_id: sequence.body.data.id, workflow_phase_types: [{ denomination: 'Cadastro' }],
        step_types: [
          { step_number: 1, name: 'Cadastro', first: true, workflow_phase_type_name: 'Cadastro', next_steps: [{ step_number: 2 }], task_types: [runTask(1, 'Cadastrar a empresa', { action: 'pessoa_juridica.store' })] },
          { step_number: 2, name: 'Conferência', first: false, workflow_phase_type_name: 'Cadastro', next_steps: [], task_types: [runTask(1, 'Vincular o estado civil', { action: 'estados_civis.link' }), runTask(2, 'Editar a empresa', { action: 'pessoa_juridica.update', required: false })] },
        ],
      });
      expect(type.status, JSON.stringify(type.body)).toBe(201);
      typeId = type.body.data.id;
      for (const step of type.body.data.step_types) {
        steps.set(step.step_number, step.id);
        for (const task of step.task_types) tasks.set(task.description, task.id);
      }
    }, 120_000);

    afterAll(async () => server?.close());

    it('links a legal entity saved through a task to the run, in the save, and shows it in the history', async () => {
      const id = await start();
      const body = await companyBody();
      const saved = await api('POST', '/api/pessoa_juridica', { ...body, system_action_attributes: { workflow_id: id, task_type_id: tasks.get('Cadastrar a empresa') } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      expect(saved.body.data).not.toHaveProperty('system_action_attributes');
      const company = saved.body.data;

      const actual = (await api('GET', `/api/fluxo_trabalho/${id}/actual`)).body.data;
      const task = actual.current_step.task_types[0];
      expect(task.task.started).toBe(true);
      expect(task.entities).toEqual([expect.objectContaining({ module: 'pessoa_juridica', module_label: 'Pessoa jurídica', record_id: company.id, action: 'store', label: company.name, deleted: false })]);
      const audits = await server.db.selectFrom('audits').select('new_values').where('module', '=', 'fluxo_trabalho').where('record_id', '=', id).where('event', '=', 'attached').execute();
      expect(audits).toHaveLength(1);

      await api('PUT', `/api/fluxo_trabalho/${id}/finish_task/${tasks.get('Cadastrar a empresa')}`, { notes: 'Cadastrada' });
      // The next step: an existing record linked, then the company edited through its task.
      await api('PUT', `/api/fluxo_trabalho/${id}/init_step/${steps.get(2)}`, {});
      const create = creator(server.model, (url, sent) => api('POST', url, sent));
      const statusBody = () => validBody(server.model.byModule.get('estados_civis')!, create);
      const first = (await api('POST', '/api/estados_civis', await statusBody())).body.data.id;
      const second = (await api('POST', '/api/estados_civis', await statusBody())).body.data.id;
      const linked = await api('POST', '/api/system_actions_link', { workflow_id: id, task_type_id: tasks.get('Vincular o estado civil'), module: 'estados_civis', record_id: first });
      expect(linked.status, JSON.stringify(linked.body)).toBe(201);
      // A batch is all or none: its second item names no record, so the first is not linked either.
      const batch = await api('POST', '/api/system_actions_link_batch', { items: [
        { workflow_id: id, task_type_id: tasks.get('Vincular o estado civil'), module: 'estados_civis', record_id: second },
        { workflow_id: id, task_type_id: tasks.get('Vincular o estado civil'), module: 'estados_civis', record_id: 999_999_999 },
      ] });
      expect(batch.status, JSON.stringify(batch.body)).toBe(422);
      expect(batch.body.errors).toEqual({ 'items.1.record_id': [RECORD_NOT_FOUND] });
      const edited = await api('PUT', `/api/pessoa_juridica/${company.id}`, { ...body, id: undefined, short_name: 'Editada', system_action_attributes: { workflow_id: id, task_type_id: tasks.get('Editar a empresa') } });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      const step2 = (await api('GET', `/api/fluxo_trabalho/${id}/actual`)).body.data.current_step.task_types;
      expect(step2.map((row: any) => row.entities.map((entity: any) => [entity.module, entity.action]))).toEqual([[['estados_civis', 'link']], [['pessoa_juridica', 'update']]]);

      // The history's 'Tarefa executada' line opens the records; a deleted record shows as such.
      expect((await api('DELETE', `/api/pessoa_juridica/${company.id}`)).status).toBe(200);
      const history = (await api('GET', `/api/fluxo_trabalho/${id}/history`)).body.data;
      const executed = history.find((line: any) => line.description === 'Tarefa executada: Cadastrar a empresa');
      expect(executed.entities).toEqual([expect.objectContaining({ module: 'pessoa_juridica', record_id: company.id, deleted: true, label: null })]);
    });

    it('undoes the save when the link is refused', async () => {
      const id = await start();
      const before = await companies();
      const refused = async (attributes: unknown, status: number, message: string) => {
        const answer = await api('POST', '/api/pessoa_juridica', { ...(await companyBody()), system_action_attributes: attributes });
        expect(answer.status, JSON.stringify(answer.body)).toBe(status);
        expect(status === 422 ? answer.body.errors.system_action_attributes : [answer.body.message]).toEqual([message]);
      };
      await refused({ workflow_id: id }, 422, ATTRIBUTES_INVALID);
      await refused('x', 422, ATTRIBUTES_INVALID);
      // A task of a step the run is not in.
      await refused({ workflow_id: id, task_type_id: tasks.get('Vincular o estado civil') }, 422, TASK_NOT_FOUND);
      await api('PUT', `/api/fluxo_trabalho/${id}/status/3`, {});
      await refused({ workflow_id: id, task_type_id: tasks.get('Cadastrar a empresa') }, 409, PAUSED);
      await api('PUT', `/api/fluxo_trabalho/${id}/status/1`, {});
      expect(await companies()).toBe(before);
      // A store task does not take an edit, nor a link.
      const sent = await companyBody();
      const company = (await api('POST', '/api/pessoa_juridica', sent)).body.data;
      const edit = await api('PUT', `/api/pessoa_juridica/${company.id}`, { ...sent, short_name: 'Outra', system_action_attributes: { workflow_id: id, task_type_id: tasks.get('Cadastrar a empresa') } });
      expect(edit.status, JSON.stringify(edit.body)).toBe(422);
      expect(edit.body.errors.system_action_attributes, JSON.stringify(edit.body)).toEqual([ACTION_MISMATCH]);
      expect((await api('GET', `/api/pessoa_juridica/${company.id}`)).body.data.short_name).toBe(company.short_name);
      const link = await api('POST', '/api/system_actions_link', { workflow_id: id, task_type_id: tasks.get('Cadastrar a empresa'), module: 'pessoa_juridica', record_id: company.id });
      expect(link.status).toBe(422);
      expect((await api('GET', `/api/fluxo_trabalho/${id}/actual`)).body.data.current_step.task_types[0].entities).toEqual([]);
    });

    it('lets only workflow.execute link records', async () => {
      const id = await start();
      const reader = await userWith(server, [{ name: 'workflow.show' }]);
      const answer = await call(server, reader.token)('POST', '/api/system_actions_link', { workflow_id: id, task_type_id: tasks.get('Cadastrar a empresa'), module: 'estados_civis', record_id: 1 });
      expect(answer.status).toBe(403);
      expect((await call(server, null)('POST', '/api/system_actions_link_batch', { items: [] })).status).toBe(401);
    });
  });
}
