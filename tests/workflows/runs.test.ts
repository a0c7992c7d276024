/**
 * Workflow runs through the API, on both databases: a run starts at its type's first step, numbered
 * from the type's sequence; its tasks start and finish, a step is done once its required tasks are,
 * the next step copies the tasks chosen, and the run concludes only from a step without next steps.
 * Pause, resume and cancel move only from the states they name; nothing moves after a cancellation
 * or a conclusion. Every move leaves a history line and an audit row; two people finishing the same
 * task at once: one of them is told it is already done. Reading needs workflow.show or
 * workflow.execute, moving workflow.execute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANCELED_FINAL, CONCLUDED_FINAL, HAS_NEXT_STEPS, NOT_FIRST_STEP, NOT_NEXT_STEP, PAUSE_ONLY_ACTIVE, PAUSED, RESUME_ONLY_PAUSED, STATUS_UNKNOWN, STEP_ALREADY_STARTED, STEP_NOT_DONE,
  TASK_ALREADY_FINISHED, TASK_ALREADY_STARTED, TASK_NOT_FOUND, TASK_NOT_STARTED, TASKS_TO_COPY_INVALID, TYPE_INACTIVE,
} from '../../src/server/features/workflows/runs.js';
import { today } from '../../src/server/features/registrations/calendar.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { workflowTypeBody } from './support/types.js';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`workflow runs [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let sequenceId = 0;
    let counter = 0;

    /** A type of two steps: 1 (required 'Cadastrar', optional 'Anotar') leads to 2 (required 'Conferir', optional 'Arquivar'). */
    async function createType(over: Record<string, unknown> = {}) {
      const created = await api('POST', '/api/tipo_fluxo_trabalho', workflowTypeBody(sequenceId, `Fluxo ${kind} ${++counter}`, over));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const type = created.body.data;
      const step = (n: number) => type.step_types.find((row: any) => row.step_number === n);
      const task = (n: number, description: string) => step(n).task_types.find((row: any) => row.description === description).id as number;
      return { type, step, task, first: step(1).id as number };
    }

    async function start(typeId: number, stepTypeId: number, body: Record<string, unknown> = {}) {
      const answer = await api('PUT', `/api/fluxo_trabalho/init/${typeId}/${stepTypeId}`, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.data;
    }

    const put = (path: string, body?: unknown) => api('PUT', `/api/fluxo_trabalho/${path}`, body ?? {});
    const ok = async (path: string, body?: unknown) => {
      const answer = await put(path, body);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body.data;
    };
    const refused = async (status: number, path: string, message: string, body?: unknown) => {
      const answer = await put(path, body);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(status);
      expect(status === 422 ? Object.values(answer.body.errors).flat() : [answer.body.message]).toContain(message);
    };

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      const sequence = await api('POST', '/api/sequencias', { name: 'Fluxos em execução', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false });
      expect(sequence.status, JSON.stringify(sequence.body)).toBe(201);
      sequenceId = sequence.body.data.id;
    }, 120_000);

    afterAll(async () => server?.close());

    it('runs a workflow from its first step to its conclusion, with its history and audit', async () => {
      const { type, step, task, first } = await createType();
      const initial = await api('GET', `/api/fluxo_trabalho/initial_steps?workflow_type_id=${type.id}`);
      expect(initial.body.data).toEqual([expect.objectContaining({ id: first, workflow_type_id: type.id, step_number: 1 })]);

      const run = await start(type.id, first, { notes: 'Pedido da empresa' });
      expect(run).toMatchObject({ workflow_type_id: type.id, name: type.name, notes: 'Pedido da empresa', status: '1', status_label: 'Ativo', concluded: false, start_date: today(), end_date: null, duration: 0 });
      expect(run.number).toBeGreaterThan(0);
      expect(run.current_step).toMatchObject({ step_number: 1, name: 'Etapa 1', phase_denomination: 'Análise', concluded: false, has_next_steps: true });
      // Every task of the first step is copied.
      expect(run.current_step.task_types.map((row: any) => row.description)).toEqual(['Cadastrar', 'Anotar']);
      const second = await start(type.id, first, { name: 'Outro pedido' });
      expect(second.number).toBe(run.number + 1);
      expect(second.name).toBe('Outro pedido');

      const id = run.id;
      const cadastrar = task(1, 'Cadastrar');
      // The step is not done while its required task is not: the next step waits, the run does not conclude.
      await refused(409, `${id}/init_step/${step(2).id}`, STEP_NOT_DONE);
      await refused(409, `${id}/finish_task/${cadastrar}`, TASK_NOT_STARTED);
      const started = await ok(`${id}/init_task/${cadastrar}`);
      expect(started.current_step.task_types[0].task).toMatchObject({ started: true, concluded: false });
      await refused(409, `${id}/init_task/${cadastrar}`, TASK_ALREADY_STARTED);
      await refused(404, `${id}/init_task/${task(2, 'Conferir')}`, TASK_NOT_FOUND);
      const finished = await ok(`${id}/finish_task/${cadastrar}`, { notes: ' Empresa cadastrada ' });
      expect(finished.current_step.concluded).toBe(true);
      expect(finished.current_step.task_types[0].task).toMatchObject({ concluded: true, notes: 'Empresa cadastrada' });
      await refused(409, `${id}/finish_task/${cadastrar}`, TASK_ALREADY_FINISHED);
      // The step has a next step, so the run does not conclude here.
      await refused(409, `${id}/finish`, HAS_NEXT_STEPS);

      const next = await api('GET', `/api/fluxo_trabalho/${id}/next_steps`);
      expect(next.body.data.map((row: any) => row.step_number)).toEqual([2]);
      expect(next.body.data[0].task_types.map((row: any) => row.description)).toEqual(['Conferir', 'Arquivar']);
      await refused(422, `${id}/init_step/${first}`, NOT_NEXT_STEP);
      await refused(422, `${id}/init_step/${step(2).id}`, TASKS_TO_COPY_INVALID, { tasks_to_copy: [cadastrar] });
      await refused(422, `${id}/init_step/${step(2).id}`, TASKS_TO_COPY_INVALID, { tasks_to_copy: 'todas' });
      // The required task is copied whatever the choice; the optional one only when chosen.
      const moved = await ok(`${id}/init_step/${step(2).id}`, { tasks_to_copy: [] });
      expect(moved.current_step).toMatchObject({ step_number: 2, phase_denomination: 'Conclusão', concluded: false, has_next_steps: false });
      expect(moved.current_step.task_types.map((row: any) => row.description)).toEqual(['Conferir']);
      await refused(404, `${id}/init_task/${task(2, 'Arquivar')}`, TASK_NOT_FOUND);

      await refused(409, `${id}/finish`, STEP_NOT_DONE);
      await ok(`${id}/init_task/${task(2, 'Conferir')}`);
      await ok(`${id}/finish_task/${task(2, 'Conferir')}`);
      const concluded = await ok(`${id}/finish`);
      expect(concluded).toMatchObject({ status: '4', status_label: 'Concluído', concluded: true, end_date: today(), duration: 0 });
      await refused(409, `${id}/finish`, CONCLUDED_FINAL);
      await refused(409, `${id}/status/3`, CONCLUDED_FINAL);
      await refused(409, `${id}/status/2`, CONCLUDED_FINAL);

      const history = await api('GET', `/api/fluxo_trabalho/${id}/history`);
      expect(history.body.data.map((row: any) => row.event)).toEqual(['started', 'task_started', 'task_finished', 'step_started', 'task_started', 'task_finished', 'concluded']);
      expect(history.body.data[2]).toMatchObject({ description: 'Tarefa executada: Cadastrar', notes: 'Empresa cadastrada', step_name: 'Etapa 1', user_name: expect.any(String) });
      const record = await api('GET', `/api/fluxo_trabalho/${id}`);
      expect(record.status).toBe(200);
      expect(record.body.data.steps.map((row: any) => row.step_number)).toEqual([1, 2]);
      expect(record.body.data.histories).toHaveLength(7);
      const audits = await server.db.selectFrom('audits').select('event').where('module', '=', 'fluxo_trabalho').where('record_id', '=', id).orderBy('id').execute();
      expect(audits.map((row) => row.event)).toEqual(['created', 'task_started', 'task_finished', 'step_started', 'task_started', 'task_finished', 'concluded']);
    });

    it('pauses only an active run, resumes only a paused one, and nothing moves after a cancellation', async () => {
      const { type, task, first } = await createType();
      const { id } = await start(type.id, first);
      await refused(409, `${id}/status/1`, RESUME_ONLY_PAUSED);
      expect((await ok(`${id}/status/3`)).status).toBe('3');
      await refused(409, `${id}/status/3`, PAUSE_ONLY_ACTIVE);
      await refused(409, `${id}/init_task/${task(1, 'Cadastrar')}`, PAUSED);
      await refused(409, `${id}/finish`, PAUSED);
      expect((await ok(`${id}/status/1`)).status).toBe('1');
      await ok(`${id}/init_task/${task(1, 'Cadastrar')}`);
      await ok(`${id}/status/3`);
      const canceled = await ok(`${id}/status/2`);
      expect(canceled).toMatchObject({ status: '2', status_label: 'Cancelado', concluded: false, end_date: today() });
      for (const path of [`${id}/status/1`, `${id}/status/3`, `${id}/status/2`, `${id}/status/4`, `${id}/finish`, `${id}/finish_task/${task(1, 'Cadastrar')}`]) await refused(409, path, CANCELED_FINAL);
      await refused(422, `${id}/status/5`, STATUS_UNKNOWN);
      const history = await api('GET', `/api/fluxo_trabalho/${id}/history`);
      expect(history.body.data.map((row: any) => row.description)).toEqual(['Fluxo iniciado na etapa 1 - Etapa 1', 'Fluxo pausado', 'Fluxo retomado', 'Tarefa iniciada: Cadastrar', 'Fluxo pausado', 'Fluxo cancelado']);
    });

    it('starts only at a first step of an active type; a missing run, type or step answers 404', async () => {
      const { type, step, first } = await createType();
      await refused(422, `init/${type.id}/${step(2).id}`, NOT_FIRST_STEP);
      const other = await createType();
      expect((await put(`init/${type.id}/${other.first}`)).status).toBe(404);
      expect((await put(`init/999999999/${first}`)).status).toBe(404);
      expect((await put('999999999/finish')).status).toBe(404);
      expect((await api('GET', '/api/fluxo_trabalho/abc/actual')).status).toBe(404);
      const long = await put(`init/${type.id}/${first}`, { name: 'x'.repeat(256) });
      expect(long.status).toBe(422);
      expect(Object.keys(long.body.errors)).toEqual(['name']);
      expect((await put(`init/${type.id}/${first}`, [1, 2])).status).toBe(422);

      const { type: stored } = other;
      const off = await api('PUT', `/api/tipo_fluxo_trabalho/${stored.id}`, { name: stored.name, sequence_id: sequenceId, inactivated: true });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      await refused(409, `init/${stored.id}/${other.first}`, TYPE_INACTIVE);
      const initial = await api('GET', '/api/fluxo_trabalho/initial_steps');
      expect(initial.body.data.map((row: any) => row.workflow_type_id)).not.toContain(stored.id);
      expect(initial.body.data.map((row: any) => row.workflow_type_id)).toContain(type.id);
    });

    it('refuses a JSON null body with 422 on _, and starts no run', async () => {
      const { type, first } = await createType();
      const runs = async () => Number((await server.db.selectFrom('workflows').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
      const before = await runs();
      for (const url of [`init/${type.id}/${first}`, `1/init_step/${first}`, `1/finish_task/${first}`]) {
        const answer = await server.app.inject({ method: 'PUT', url: `/api/fluxo_trabalho/${url}`, payload: 'null', headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' } });
        expect([answer.statusCode, answer.json().errors], url).toEqual([422, { _: ['O corpo da requisição deve ser um objeto.'] }]);
      }
      expect(await runs()).toBe(before);
    });

    it('answers the second of two people starting the same next step at once that it has already started', async () => {
      const { type, step, task, first } = await createType();
      const { id } = await start(type.id, first);
      await ok(`${id}/init_task/${task(1, 'Cadastrar')}`);
      await ok(`${id}/finish_task/${task(1, 'Cadastrar')}`, { notes: 'Feito' });
      const answers = await Promise.all([put(`${id}/init_step/${step(2).id}`), put(`${id}/init_step/${step(2).id}`)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(STEP_ALREADY_STARTED);
      const history = await api('GET', `/api/fluxo_trabalho/${id}/history`);
      expect(history.body.data.filter((row: any) => row.event === 'step_started')).toHaveLength(1);
    });

    it('answers one of two people finishing the same task at once with a conflict', async () => {
      const { type, task, first } = await createType();
      const { id } = await start(type.id, first);
      const cadastrar = task(1, 'Cadastrar');
      await ok(`${id}/init_task/${cadastrar}`);
      const answers = await Promise.all([put(`${id}/finish_task/${cadastrar}`, { notes: 'Primeira' }), put(`${id}/finish_task/${cadastrar}`, { notes: 'Segunda' })]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(TASK_ALREADY_FINISHED);
      const history = await api('GET', `/api/fluxo_trabalho/${id}/history`);
      expect(history.body.data.filter((row: any) => row.event === 'task_finished')).toHaveLength(1);
    });

    it('lets workflow.show read a run, workflow.execute move it, and nobody else either', async () => {
      const { type, task, first } = await createType();
      const { id } = await start(type.id, first);
      const reader = await userWith(server, [{ name: 'workflow.show' }]);
      const runner = await userWith(server, [{ name: 'workflow.execute' }]);
      const stranger = await userWith(server, [{ name: 'workflowType.index' }]);
      const asReader = call(server, reader.token);
      const asRunner = call(server, runner.token);
      const asStranger = call(server, stranger.token);
      expect((await asReader('GET', `/api/fluxo_trabalho/${id}/actual`)).status).toBe(200);
      expect((await asReader('GET', `/api/fluxo_trabalho/${id}/history`)).status).toBe(200);
      expect((await asReader('PUT', `/api/fluxo_trabalho/${id}/init_task/${task(1, 'Cadastrar')}`, {})).status).toBe(403);
      expect((await asReader('PUT', `/api/fluxo_trabalho/init/${type.id}/${first}`, {})).status).toBe(403);
      expect((await asStranger('GET', `/api/fluxo_trabalho/${id}/actual`)).status).toBe(403);
      expect((await asStranger('PUT', `/api/fluxo_trabalho/${id}/status/3`, {})).status).toBe(403);
      expect((await call(server, null)('GET', `/api/fluxo_trabalho/${id}/actual`)).status).toBe(401);
      expect((await asRunner('GET', `/api/fluxo_trabalho/${id}/next_steps`)).status).toBe(200);
      const moved = await asRunner('PUT', `/api/fluxo_trabalho/${id}/init_task/${task(1, 'Cadastrar')}`, {});
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const history = await api('GET', `/api/fluxo_trabalho/${id}/history`);
      expect(history.body.data.at(-1)).toMatchObject({ event: 'task_started', user_id: runner.id });
      // The generic routes neither insert nor edit a run.
      expect((await api('POST', '/api/fluxo_trabalho', { workflow_type_id: type.id, name: 'x', status: '1' })).status).toBe(405);
      expect((await api('PUT', `/api/fluxo_trabalho/${id}`, { name: 'x' })).status).toBe(405);
    });
  });
}
