/**
 * System actions (spec 002 §2, §7; docs/WORKFLOWS.md 'System actions'): a task of a run whose action
 * is 'Criar', 'Editar' or 'Vincular' a module's record is done on that module's screen, and the
 * record is linked to the run's task (the run's sub-list `entities`, table `workflow_task_entities`):
 * - a save of any module carrying `system_action_attributes` `{workflow_id, task_type_id}` links the
 *   record it creates or edits in the save's own transaction (one seam of the core for every module:
 *   `ResourceRegistry.attachment`), so a refused link undoes the save and a refused save links nothing;
 * - `POST /api/system_actions_link` `{workflow_id, task_type_id, module, record_id}` links an existing
 *   record ('Vincular'); `POST /api/system_actions_link_batch` `{items: [...]}` several, all or none.
 * The run must be active and the task one of its current step's, not concluded, whose action is that
 * module's and that kind's; a task not started yet starts with it. Each link writes an audit row.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { dynamic, spaceTables } from '../../core/db/dynamic.js';
import { recordAudit } from '../../core/audit/record.js';
import { AppError, conflict, invalid, MESSAGES } from '../../core/http/app-error.js';
import { objectBody } from '../../core/http/body.js';
import { dataAnswer, dataMessageAnswer, integer, nullableText, text } from '../../../shared/contracts/parts.js';
import type { ContractTypes, RouteContract } from '../../core/http/route-contracts.js';
import { sessionOf } from '../../core/http/session.js';
import type { BodyAttachment } from '../../core/resources/hooks.js';
import { CANCELED_FINAL, CONCLUDED_FINAL, PAUSED, RUN_MODULE, STATUS, TASK_ALREADY_FINISHED, TASK_NOT_FOUND, WORKFLOW_NOT_FOUND } from './runs.js';
import { INIT_WORKFLOW, systemActions } from './system-actions.js';
import { affectedEntities, triggeredEntities } from './entity-lookups.js';
import { linked } from './contracts.js';

export const SYSTEM_ACTION_KEY = 'system_action_attributes';
export const ATTRIBUTES_INVALID = 'Os atributos da ação do sistema devem trazer o fluxo de trabalho (workflow_id) e a tarefa (task_type_id).';
export const ACTION_MISMATCH = 'A ação desta tarefa não é esta: o registro não foi vinculado.';
export const RECORD_NOT_FOUND = 'O registro a vincular não existe.';
export const MODULE_NOT_LINKABLE = 'Este cadastro não é vinculado por ações do sistema.';
export const ITEMS_REQUIRED = 'Informe ao menos um registro a vincular.';
export const LINKED = 'Registro vinculado ao fluxo de trabalho com sucesso';
export const LINKED_MANY = 'Registros vinculados ao fluxo de trabalho com sucesso';
export const ONE_TIME_DONE = 'Esta ação só pode ser executada uma vez neste fluxo de trabalho: ela já foi executada.';

type Kind = 'store' | 'update' | 'link';
type Trx = Kysely<SpaceDatabase>;

const positive = (value: unknown): number | null => {
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : null;
};

/** `{workflow_id, task_type_id}` of a body, or a 422 on `field`. */
export function linkTarget(value: unknown, field: string = SYSTEM_ACTION_KEY): { workflowId: number; taskTypeId: number } {
  const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const workflowId = positive(object.workflow_id);
  const taskTypeId = positive(object.task_type_id);
  if (workflowId === null || taskTypeId === null) throw invalid({ [field]: [ATTRIBUTES_INVALID] });
  return { workflowId, taskTypeId };
}

/**
 * Links a record to a task of a run, inside the caller's transaction: the run's row locked, the run
 * active, the task one of its current step's and not concluded, its action `<module>.<kind>`.
 * Refusals answer on `field` (422), or 409 for the run's state.
 */
export async function linkRecord(trx: Trx, link: { workflowId: number; taskTypeId: number; module: string; recordId: number; kind: Kind; userId: number | null; sameExecution?: boolean }, field: string) {
  const run = await trx.selectFrom('workflows').select(['id', 'status']).where('id', '=', link.workflowId).forUpdate().executeTakeFirst();
  if (!run) throw invalid({ [field]: [WORKFLOW_NOT_FOUND] });
  if (run.status === STATUS.paused) throw conflict(PAUSED);
  if (run.status === STATUS.canceled) throw conflict(CANCELED_FINAL);
  if (run.status === STATUS.concluded) throw conflict(CONCLUDED_FINAL);
  const step = await trx.selectFrom('workflow_steps').select(['id', 'name']).where('workflow_id', '=', link.workflowId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  const task = step ? await trx.selectFrom('workflow_tasks').selectAll().where('workflow_step_id', '=', Number(step.id)).where('task_type_id', '=', link.taskTypeId).executeTakeFirst() : undefined;
  if (!step || !task) throw invalid({ [field]: [TASK_NOT_FOUND] });
  if (task.concluded) throw conflict(TASK_ALREADY_FINISHED);
  // A run started from a task is that task's record: its action is the special 'workflow.init_workflow'.
  const expected = link.module === RUN_MODULE && link.kind === 'store' ? INIT_WORKFLOW : `${link.module}.${link.kind}`;
  if (task.action !== expected) throw invalid({ [field]: [ACTION_MISMATCH] });
  // A one-time action is executed once in the run (a step come back to copies its task again, not its action);
  // the run's row is locked, so of two at once the second sees the first's record. A batch is one execution.
  if (task.one_time_action && !link.sameExecution) {
    const done = await trx.selectFrom('workflow_task_entities').select('id').where('workflow_id', '=', link.workflowId).where('task_type_id', '=', link.taskTypeId).executeTakeFirst();
    if (done) throw conflict(ONE_TIME_DONE);
  }
  const now = new Date();
  if (task.start_date === null) {
    await trx.updateTable('workflow_tasks').set({ start_date: now }).where('id', '=', Number(task.id)).execute();
    await trx.insertInto('workflow_histories').values({ workflow_id: link.workflowId, date: now, event: 'task_started', description: `Tarefa iniciada: ${task.description}`, user_id: link.userId, step_name: step.name, task_type_id: link.taskTypeId, notes: null }).execute();
  }
  const values = { workflow_id: link.workflowId, workflow_step_id: Number(step.id), task_type_id: link.taskTypeId, action: link.kind, module: link.module, record_id: link.recordId };
  const row = await trx.insertInto('workflow_task_entities').values(values).returning('id').executeTakeFirstOrThrow();
  await recordAudit(trx, { event: 'attached', userId: link.userId, module: RUN_MODULE, recordId: link.workflowId, oldValues: null, newValues: values });
  return { id: Number(row.id), ...values };
}

/** The seam every module's save goes through: `system_action_attributes` links the saved record (create: 'store', edit: 'update'). */
export const systemActionAttachment: BodyAttachment = {
  key: SYSTEM_ACTION_KEY,
  parse: (value) => linkTarget(value),
  async apply(trx, { entity, mode, value, record, context }) {
    const { workflowId, taskTypeId } = value as ReturnType<typeof linkTarget>;
    await linkRecord(spaceTables(trx), { workflowId, taskTypeId, module: entity.module, recordId: Number(record.id), kind: mode === 'create' ? 'store' : 'update', userId: context.userId }, SYSTEM_ACTION_KEY);
  },
};

/** The records linked to a run, with each record's name, or `deleted` when it is gone. */
export async function linkedEntities(db: Trx, model: Model, workflowId: number) {
  const rows = await db.selectFrom('workflow_task_entities').selectAll().where('workflow_id', '=', workflowId).orderBy('id').execute();
  const answer = [];
  for (const row of rows) {
    const entity = model.byModule.get(row.module);
    const found = entity
      ? await dynamic(db).selectFrom(entity.table).select(['id', `${entity.recordLabel} as label`]).where('id', '=', Number(row.record_id)).executeTakeFirst()
      : undefined;
    answer.push({
      id: Number(row.id), workflow_step_id: Number(row.workflow_step_id), task_type_id: Number(row.task_type_id), action: row.action, module: row.module,
      module_label: entity?.label.singular ?? row.module, record_id: Number(row.record_id), label: found ? String(found.label ?? found.id) : null, deleted: !found,
    });
  }
  return answer;
}

const taskKey = (item: unknown) => {
  const body = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
  return `${positive(body.workflow_id)}:${positive(body.task_type_id)}`;
};

const tags = [RUN_MODULE];
const linkItem = {
  type: 'object',
  properties: { workflow_id: { description: 'Inteiro: o fluxo.' }, task_type_id: { description: 'Inteiro: a tarefa da etapa atual.' }, module: { description: 'Texto: o cadastro do registro.' }, record_id: { description: 'Inteiro: o registro.' } },
} as const;
const lookUp = <const P>(summary: string, properties: P, items: unknown) => ({
  tags, summary: `${summary} (permissão \`workflow.show\` ou \`workflow.execute\`); só lê`,
  body: { type: 'object', properties },
  response: { 200: dataAnswer(summary, { type: 'array', items }) },
  errors: ['401', '403', '422'],
}) as const;
// The look-ups and the links check their fields themselves, each refusal in its own words on the
// field (a run not found, a cadastro that links nothing): their contracts describe those fields.
/** A link as stored: the answer of a link. */
const stored = {
  type: 'object',
  properties: { id: integer, workflow_id: integer, workflow_step_id: integer, task_type_id: integer, action: { type: 'string', enum: ['store', 'update', 'link'] }, module: text, record_id: integer },
  required: ['id', 'workflow_id', 'workflow_step_id', 'task_type_id', 'action', 'module', 'record_id'],
  additionalProperties: false,
} as const;
const contracts = {
  link: {
    tags, summary: "Vincula um registro existente à tarefa 'Vincular' da etapa atual de um fluxo ativo (permissão `workflow.execute`, auditado); uma ação única executada uma vez",
    body: linkItem,
    response: { 201: dataMessageAnswer('O vínculo gravado, e a mensagem', stored) },
    errors: ['401', '403', '409', '422'],
  },
  linkBatch: {
    tags, summary: 'Vincula vários registros de uma vez, todos ou nenhum (permissão `workflow.execute`, auditado); um lote é uma execução',
    body: { type: 'object', properties: { items: { description: 'Os vínculos, ao menos um: cada um `{ workflow_id, task_type_id, module, record_id }`.', items: linkItem } } },
    response: { 201: dataMessageAnswer('Os vínculos gravados, e a mensagem', { type: 'array', items: stored }) },
    errors: ['401', '403', '409', '422'],
  },
  affected: lookUp('Os registros que as ações do sistema de um fluxo criaram, editaram ou vincularam', {
    system_triggered_entity_type: { description: "Texto: 'fluxo_trabalho' (ausente: o mesmo)." }, system_triggered_entity_id: { description: 'Inteiro: o fluxo.' }, system_affected_entity_type: { description: 'Texto: um cadastro; só os registros dele.' },
  }, linked),
  triggered: lookUp('Os fluxos cujas tarefas criaram, editaram ou vincularam um registro', { system_affected_entity_type: { description: 'Texto: o cadastro do registro.' }, system_affected_entity_id: { description: 'Inteiro: o registro.' } }, {
    type: 'object',
    properties: {
      id: integer, system_triggered_entity_type: { type: 'string', enum: ['fluxo_trabalho'] }, system_triggered_entity_id: integer, name: text, formatted_number: nullableText,
      status: text, status_label: text, step_name: text, task_type_id: integer, task_description: nullableText, action: { type: 'string', enum: ['store', 'update', 'link'] },
    },
  }),
} as const satisfies Record<string, RouteContract>;

export async function systemActionLinkRoutes(app: FastifyInstance, options: { model: Model }) {
  const run = options.model.byModule.get(RUN_MODULE);
  if (!run) return;
  const routes = app.withTypeProvider<ContractTypes>();
  const linkable = new Set(systemActions(options.model).filter((action) => action.kind === 'link').map((action) => action.module));

  function guard(request: FastifyRequest, names: readonly string[] = ['workflow.execute']) {
    const session = sessionOf(request);
    if (!app.resources.mayUse(request, run!, names)) throw new AppError(403, MESSAGES.forbidden);
    const locator = app.resources.locatorOf(run!.database);
    return { db: spaceTables(locator.db(request)), userId: locator.knowsCaller(request) ? session.user.id : null };
  }

  /** One item of a link request, checked on its fields (`prefix` names its place in a batch). */
  async function linkOne(trx: Trx, item: unknown, prefix: string, userId: number | null, sameExecution = false) {
    const body = item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
    const { workflowId, taskTypeId } = linkTarget(body, `${prefix}workflow_id`);
    const module = typeof body.module === 'string' ? body.module : '';
    const entity = options.model.byModule.get(module);
    if (!entity || !linkable.has(module)) throw invalid({ [`${prefix}module`]: [MODULE_NOT_LINKABLE] });
    const recordId = positive(body.record_id);
    const found = recordId === null ? undefined : await dynamic(trx).selectFrom(entity.table).select('id').where('id', '=', recordId).executeTakeFirst();
    if (!found) throw invalid({ [`${prefix}record_id`]: [RECORD_NOT_FOUND] });
    return linkRecord(trx, { workflowId, taskTypeId, module, recordId: recordId!, kind: 'link', userId, sameExecution }, `${prefix}task_type_id`);
  }

  routes.post('/api/system_actions_link', { schema: contracts.link }, async (request, reply) => {
    const { db, userId } = guard(request);
    const body = objectBody(request.body);
    const data = await db.transaction().execute((trx) => linkOne(trx, body, '', userId));
    reply.code(201);
    return { data, message: LINKED };
  });

  // The look-ups (entity-lookups.ts): they read, so showing a run is enough.
  routes.post('/api/system_actions_affected_entity', { schema: contracts.affected }, async (request) => {
    const { db } = guard(request, ['workflow.show', 'workflow.execute']);
    return { data: await affectedEntities(db, options.model, objectBody(request.body)) };
  });

  routes.post('/api/system_actions_triggered_entity', { schema: contracts.triggered }, async (request) => {
    const { db } = guard(request, ['workflow.show', 'workflow.execute']);
    return { data: await triggeredEntities(db, options.model, objectBody(request.body)) };
  });

  routes.post('/api/system_actions_link_batch', { schema: contracts.linkBatch }, async (request, reply) => {
    const { db, userId } = guard(request);
    const body = objectBody(request.body);
    if (!Array.isArray(body.items) || body.items.length === 0) throw invalid({ items: [ITEMS_REQUIRED] });
    const items = body.items as unknown[];
    const data = await db.transaction().execute(async (trx) => {
      const linked = [];
      // The batch is one execution of its tasks' actions: a one-time task takes all its records in it.
      const tasks = new Set<string>();
      for (const [index, item] of items.entries()) {
        const row = await linkOne(trx, item, `items.${index}.`, userId, tasks.has(taskKey(item)));
        tasks.add(taskKey(item));
        linked.push(row);
      }
      return linked;
    });
    reply.code(201);
    return { data, message: LINKED_MANY };
  });
}
