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
import { dataAnswer, dataMessageAnswer, integer, nullableText, pathOf, text } from '../../../shared/contracts/parts.js';
import type { ContractTypes, RouteContract } from '../../core/http/route-contracts.js';
import { sessionOf } from '../../core/http/session.js';
import { parseId } from '../../core/resources/read.js';
import {
  actualData, changeStatus, finishTask, finishWorkflow, initialSteps, initStep, initTask, initWorkflow, nextSteps, parseStatus, RUN_MODULE, runHistory,
  STEP_TYPE_NOT_FOUND, TASK_NOT_FOUND, TASKS_TO_COPY_INVALID, TYPE_NOT_FOUND, WORKFLOW_NOT_FOUND,
} from './runs.js';
import { linkedEntities, linkRecord, linkTarget, SYSTEM_ACTION_KEY } from './system-action-links.js';
import { linked, run, taskType } from './contracts.js';
import { spaceTables } from '../../core/db/dynamic.js';

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

const tags = ['fluxo_trabalho'];
const theRun = { id: 'O fluxo.' } as const;
const reading = (summary: string, schema: unknown) => ({
  tags, summary: `${summary} (permissão \`workflow.show\` ou \`workflow.execute\`)`,
  params: pathOf(theRun),
  response: { 200: dataAnswer(summary, schema) },
  errors: ['401', '403', '404'],
}) satisfies RouteContract;
/** A step of the run's state machine: the run after it, and its message. */
const moving = <const P extends Record<string, string>, const B>(summary: string, parameters: P, body?: B) => ({
  tags, summary,
  params: pathOf({ ...theRun, ...parameters }),
  ...(body ? { body } : {}),
  response: { 200: dataMessageAnswer('O fluxo depois do passo, e a mensagem', run) },
  errors: ['401', '403', '404', '409', '422'],
}) as const;
// The handlers check the bodies' fields themselves, each refusal in its own words on the field.
const attributes = {
  description: 'Vincula o registro à tarefa de um fluxo (ação do sistema): `{ workflow_id, task_type_id }`.',
  properties: { workflow_id: { description: 'Inteiro: o fluxo.' }, task_type_id: { description: 'Inteiro: a tarefa.' } },
} as const;

const contracts = {
  initialSteps: {
    tags, summary: 'As primeiras etapas dos tipos ativos, por onde um fluxo começa (permissão `workflow.show` ou `workflow.execute`)',
    querystring: { type: 'object', properties: { workflow_type_id: { type: 'string', description: 'Só as do tipo.' } } },
    response: { 200: dataAnswer('As etapas', { type: 'array', items: { type: 'object', properties: { id: integer, name: text, step_number: integer, workflow_type_id: integer, workflow_type_name: text } } }) },
    errors: ['401', '403', '422'],
  },
  init: {
    tags, summary: 'Inicia um fluxo do tipo na sua primeira etapa, numerado pela sequência do tipo (permissão `workflow.execute`, auditado); com `system_action_attributes`, é o registro da tarefa `workflow.init_workflow` de outro fluxo',
    params: pathOf({ typeId: 'O tipo de fluxo.', stepTypeId: 'A primeira etapa do tipo.' }),
    body: { type: 'object', properties: { name: { description: 'Texto: o nome do fluxo.' }, notes: { description: 'Texto: observações.' }, system_action_attributes: attributes } },
    response: { 201: dataMessageAnswer('O fluxo iniciado, e a mensagem', run) },
    errors: ['401', '403', '404', '409', '422'],
  },
  actual: reading('O fluxo e a sua etapa atual, cada tarefa com os registros das suas ações do sistema', run),
  nextSteps: reading('As próximas etapas da etapa atual, cada uma com as suas tarefas', { type: 'array', items: { type: 'object', properties: { id: integer, name: text, step_number: integer, phase_denomination: text, task_types: { type: 'array', items: taskType } } } }),
  history: reading('O histórico do fluxo; uma linha de tarefa executada traz os registros da tarefa', {
    type: 'array',
    items: { type: 'object', properties: { id: integer, date: { type: 'string', format: 'date-time' }, event: text, description: text, step_name: nullableText, notes: nullableText, user_name: nullableText, task_type_id: { type: ['integer', 'null'] }, entities: { type: 'array', items: linked } } },
  }),
  initStep: moving('Passa o fluxo para uma das próximas etapas da etapa atual concluída, copiando as tarefas obrigatórias e as opcionais de `tasks_to_copy` (ausente: todas) (permissão `workflow.execute`, auditado)', { stepTypeId: 'A próxima etapa.' }, {
    type: 'object', properties: { tasks_to_copy: { description: 'Os ids das tarefas opcionais a copiar; ausente ou null: todas.' } },
  }),
  initTask: moving('Inicia uma tarefa da etapa atual (permissão `workflow.execute`, auditado)', { taskTypeId: 'A tarefa.' }),
  finishTask: moving('Conclui uma tarefa iniciada, com observações; a etapa conclui-se com as suas tarefas obrigatórias (permissão `workflow.execute`, auditado)', { taskTypeId: 'A tarefa.' }, {
    type: 'object', properties: { notes: { description: 'Observações (texto).' } },
  }),
  finish: moving('Conclui o fluxo, numa etapa concluída sem próximas etapas (permissão `workflow.execute`, auditado)', {}),
  status: moving('Muda a situação: 3 pausa um fluxo ativo, 1 retoma um pausado, 2 cancela, 4 conclui (permissão `workflow.execute`, auditado)', { status: 'A nova situação: 1, 2, 3 ou 4.' }),
} as const satisfies Record<string, RouteContract>;

export async function workflowRunRoutes(app: FastifyInstance, options: { model: Model }) {
  const entity = options.model.byModule.get(RUN_MODULE);
  if (!entity) return;
  const base = `/api/${RUN_MODULE}`;
  const routes = app.withTypeProvider<ContractTypes>();

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
    return { db: spaceTables(locator.db(request)), userId: locator.knowsCaller(request) ? session.user.id : null };
  }

  routes.get(`${base}/initial_steps`, { schema: contracts.initialSteps }, async (request) => {
    const { db } = guard(request, READ);
    const raw = request.query.workflow_type_id;
    const typeId = raw == null || raw === '' ? null : parseId(raw, TYPE_NOT_FOUND);
    return { data: await initialSteps(db, typeId) };
  });

  routes.put(`${base}/init/:typeId/:stepTypeId`, { schema: contracts.init }, async (request, reply) => {
    const { db, userId } = guard(request, EXECUTE);
    const body = objectBody(request.body);
    // Started by another run's task ('workflow.init_workflow'): the new run is linked to that task in the same transaction.
    const parent = body[SYSTEM_ACTION_KEY] == null ? null : linkTarget(body[SYSTEM_ACTION_KEY]);
    const started = parent && ((trx: Kysely<SpaceDatabase>, runId: number) => linkRecord(trx, { ...parent, module: RUN_MODULE, recordId: runId, kind: 'store', userId }, SYSTEM_ACTION_KEY));
    const id = await initWorkflow(db, { typeId: parseId(request.params.typeId, TYPE_NOT_FOUND), stepTypeId: parseId(request.params.stepTypeId, STEP_TYPE_NOT_FOUND), name: body.name, notes: body.notes, userId, started: started ?? undefined });
    reply.code(201);
    return { data: await actual(db, id), message: STARTED };
  });

  routes.get(`${base}/:id/actual`, { schema: contracts.actual }, async (request) => {
    const { db } = guard(request, READ);
    return { data: await actual(db, parseId(request.params.id, WORKFLOW_NOT_FOUND)) };
  });

  routes.get(`${base}/:id/next_steps`, { schema: contracts.nextSteps }, async (request) => {
    const { db } = guard(request, READ);
    return { data: await nextSteps(db, parseId(request.params.id, WORKFLOW_NOT_FOUND)) };
  });

  routes.get(`${base}/:id/history`, { schema: contracts.history }, async (request) => {
    const { db } = guard(request, READ);
    const id = parseId(request.params.id, WORKFLOW_NOT_FOUND);
    const lines = await runHistory(db, id);
    const links = await linkedEntities(db, options.model, id);
    // A 'Tarefa executada' line carries the records the task created, edited or linked ('deleted' when gone).
    return { data: lines.map((line) => ({ ...line, entities: line.event === 'task_finished' ? links.filter((link) => link.task_type_id === line.task_type_id) : [] })) };
  });

  routes.put(`${base}/:id/init_step/:stepTypeId`, { schema: contracts.initStep }, async (request) => {
    const { db, userId } = guard(request, EXECUTE);
    const id = parseId(request.params.id, WORKFLOW_NOT_FOUND);
    const body = objectBody(request.body);
    await initStep(db, id, parseId(request.params.stepTypeId, STEP_TYPE_NOT_FOUND), tasksToCopy(body.tasks_to_copy), userId);
    return { data: await actual(db, id), message: STEP_STARTED };
  });

  routes.put(`${base}/:id/init_task/:taskTypeId`, { schema: contracts.initTask }, async (request) => {
    const { db, userId } = guard(request, EXECUTE);
    const id = parseId(request.params.id, WORKFLOW_NOT_FOUND);
    await initTask(db, id, parseId(request.params.taskTypeId, TASK_NOT_FOUND), userId);
    return { data: await actual(db, id), message: TASK_STARTED };
  });

  routes.put(`${base}/:id/finish_task/:taskTypeId`, { schema: contracts.finishTask }, async (request) => {
    const { db, userId } = guard(request, EXECUTE);
    const id = parseId(request.params.id, WORKFLOW_NOT_FOUND);
    const body = objectBody(request.body);
    await finishTask(db, id, parseId(request.params.taskTypeId, TASK_NOT_FOUND), body.notes, userId);
    return { data: await actual(db, id), message: TASK_FINISHED };
  });

  routes.put(`${base}/:id/finish`, { schema: contracts.finish }, async (request) => {
    const { db, userId } = guard(request, EXECUTE);
    const id = parseId(request.params.id, WORKFLOW_NOT_FOUND);
    await finishWorkflow(db, id, userId);
    return { data: await actual(db, id), message: FINISHED };
  });

  routes.put(`${base}/:id/status/:status`, { schema: contracts.status }, async (request) => {
    const { db, userId } = guard(request, EXECUTE);
    const id = parseId(request.params.id, WORKFLOW_NOT_FOUND);
    await changeStatus(db, id, parseStatus(request.params.status), userId);
    return { data: await actual(db, id), message: STATUS_CHANGED };
  });
}
