/**
 * The routes of a workflow run (spec 002 §7 'Workflow run'; docs/API.md 'Workflow runs'), thin
 * over the state machine in runs.ts. Reading a run needs `workflow.show` or `workflow.execute`;
 * every move needs `workflow.execute` ('admin' grants both). The generic routes list (`workflow.index`)
 * and show (`workflow.show`) runs; they neither insert nor edit one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { AppError, invalid, MESSAGES } from '../../core/http/app-error.js';
import { objectBody } from '../../core/http/body.js';
import { sessionOf } from '../../core/http/session.js';
import { parseId } from '../../core/resources/read.js';
import {
  actualData, changeStatus, finishTask, finishWorkflow, initialSteps, initStep, initTask, initWorkflow, nextSteps, parseStatus, RUN_MODULE, runHistory,
  STEP_TYPE_NOT_FOUND, TASK_NOT_FOUND, TASKS_TO_COPY_INVALID, TYPE_NOT_FOUND, WORKFLOW_NOT_FOUND,
} from './runs.js';
import { linkedEntities, linkRecord, linkTarget, SYSTEM_ACTION_KEY } from './system-action-links.js';

export const READ = ['workflow.show', 'workflow.execute'] as const;
export const EXECUTE = ['workflow.execute'] as const;

export const STARTED = 'Fluxo de trabalho iniciado com sucesso';
export const STEP_STARTED = 'Etapa iniciada com sucesso';
export const TASK_STARTED = 'Tarefa iniciada com sucesso';
export const TASK_FINISHED = 'Tarefa concluída com sucesso';
export const FINISHED = 'Fluxo de trabalho concluído com sucesso';
export const STATUS_CHANGED = 'Situação do fluxo de trabalho alterada com sucesso';

/** `tasks_to_copy`: absent or null copies every task; otherwise a list of task type ids. */
function tasksToCopy(value: unknown): number[] | null {
  if (value == null) return null;
  if (!Array.isArray(value)) throw invalid({ tasks_to_copy: [TASKS_TO_COPY_INVALID] });
  const ids = value.map((item) => (typeof item === 'string' && /^\d{1,15}$/.test(item.trim()) ? Number(item) : item));
  if (ids.some((id) => typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)) throw invalid({ tasks_to_copy: [TASKS_TO_COPY_INVALID] });
  return [...new Set(ids as number[])];
}

export async function workflowRunRoutes(app: FastifyInstance, options: { model: Model }) {
  const entity = options.model.byModule.get(RUN_MODULE);
  if (!entity) return;
  const base = `/api/${RUN_MODULE}`;

  /** The run with the records its current step's tasks created, edited or linked (system actions). */
  async function actual(db: Kysely<SpaceDatabase>, id: number) {
    const data = await actualData(db, id);
    const links = await linkedEntities(db, options.model, id);
    const step = data.current_step;
    return {
      ...data,
      current_step: step && { ...step, task_types: step.task_types.map((task) => ({ ...task, entities: links.filter((link) => link.workflow_step_id === step.id && link.task_type_id === task.id) })) },
    };
  }

  /** The caller may act (one of the names, or 'admin'): the space's database and who the caller is. */
  function guard(request: FastifyRequest, names: readonly string[]) {
    const session = sessionOf(request);
    if (!app.resources.mayUse(request, entity!, names)) throw new AppError(403, MESSAGES.forbidden);
    const locator = app.resources.locatorOf(entity!.database);
    return { db: locator.db(request) as Kysely<SpaceDatabase>, userId: locator.knowsCaller(request) ? session.user.id : null };
  }

  app.get<{ Querystring: { workflow_type_id?: string } }>(`${base}/initial_steps`, async (request) => {
    const { db } = guard(request, READ);
    const raw = request.query.workflow_type_id;
    const typeId = raw == null || raw === '' ? null : parseId(raw, TYPE_NOT_FOUND);
    return { data: await initialSteps(db, typeId) };
  });

  app.put<{ Params: { typeId: string; stepTypeId: string } }>(`${base}/init/:typeId/:stepTypeId`, async (request, reply) => {
    const { db, userId } = guard(request, EXECUTE);
    const body = objectBody(request.body);
    // Started by another run's task ('workflow.init_workflow'): the new run is linked to that task in the same transaction.
    const parent = body[SYSTEM_ACTION_KEY] == null ? null : linkTarget(body[SYSTEM_ACTION_KEY]);
    const started = parent && ((trx: Kysely<SpaceDatabase>, runId: number) => linkRecord(trx, { ...parent, module: RUN_MODULE, recordId: runId, kind: 'store', userId }, SYSTEM_ACTION_KEY));
    const id = await initWorkflow(db, { typeId: parseId(request.params.typeId, TYPE_NOT_FOUND), stepTypeId: parseId(request.params.stepTypeId, STEP_TYPE_NOT_FOUND), name: body.name, notes: body.notes, userId, started: started ?? undefined });
    reply.code(201);
    return { data: await actual(db, id), message: STARTED };
  });

  app.get<{ Params: { id: string } }>(`${base}/:id/actual`, async (request) => {
    const { db } = guard(request, READ);
    return { data: await actual(db, parseId(request.params.id, WORKFLOW_NOT_FOUND)) };
  });

  app.get<{ Params: { id: string } }>(`${base}/:id/next_steps`, async (request) => {
    const { db } = guard(request, READ);
    return { data: await nextSteps(db, parseId(request.params.id, WORKFLOW_NOT_FOUND)) };
  });

  app.get<{ Params: { id: string } }>(`${base}/:id/history`, async (request) => {
    const { db } = guard(request, READ);
    const id = parseId(request.params.id, WORKFLOW_NOT_FOUND);
    const lines = await runHistory(db, id);
    const links = await linkedEntities(db, options.model, id);
    // A 'Tarefa executada' line carries the records the task created, edited or linked ('deleted' when gone).
    return { data: lines.map((line) => ({ ...line, entities: line.event === 'task_finished' ? links.filter((link) => link.task_type_id === line.task_type_id) : [] })) };
  });

  app.put<{ Params: { id: string; stepTypeId: string } }>(`${base}/:id/init_step/:stepTypeId`, async (request) => {
    const { db, userId } = guard(request, EXECUTE);
    const id = parseId(request.params.id, WORKFLOW_NOT_FOUND);
    const body = objectBody(request.body);
    await initStep(db, id, parseId(request.params.stepTypeId, STEP_TYPE_NOT_FOUND), tasksToCopy(body.tasks_to_copy), userId);
    return { data: await actual(db, id), message: STEP_STARTED };
  });

  app.put<{ Params: { id: string; taskTypeId: string } }>(`${base}/:id/init_task/:taskTypeId`, async (request) => {
    const { db, userId } = guard(request, EXECUTE);
    const id = parseId(request.params.id, WORKFLOW_NOT_FOUND);
    await initTask(db, id, parseId(request.params.taskTypeId, TASK_NOT_FOUND), userId);
    return { data: await actual(db, id), message: TASK_STARTED };
  });

  app.put<{ Params: { id: string; taskTypeId: string } }>(`${base}/:id/finish_task/:taskTypeId`, async (request) => {
    const { db, userId } = guard(request, EXECUTE);
    const id = parseId(request.params.id, WORKFLOW_NOT_FOUND);
    const body = objectBody(request.body);
    await finishTask(db, id, parseId(request.params.taskTypeId, TASK_NOT_FOUND), body.notes, userId);
    return { data: await actual(db, id), message: TASK_FINISHED };
  });

  app.put<{ Params: { id: string } }>(`${base}/:id/finish`, async (request) => {
    const { db, userId } = guard(request, EXECUTE);
    const id = parseId(request.params.id, WORKFLOW_NOT_FOUND);
    await finishWorkflow(db, id, userId);
    return { data: await actual(db, id), message: FINISHED };
  });

  app.put<{ Params: { id: string; status: string } }>(`${base}/:id/status/:status`, async (request) => {
    const { db, userId } = guard(request, EXECUTE);
    const id = parseId(request.params.id, WORKFLOW_NOT_FOUND);
    await changeStatus(db, id, parseStatus(request.params.status), userId);
    return { data: await actual(db, id), message: STATUS_CHANGED };
  });
}
