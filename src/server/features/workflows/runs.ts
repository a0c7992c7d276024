/**
 * A workflow run's state machine (spec 002 §4; docs/WORKFLOWS.md 'Workflow runs'). Each operation
 * knows nothing of HTTP: it takes the database, the run and the caller's id, runs in one
 * transaction holding the run's row lock (so two people acting on one run at once take turns, and
 * the second is judged on what the first left), writes one history line and one audit row, and
 * answers the run as `actualData` reads it. A refused move changes nothing:
 * - a run, a step type or a task not found: 404; a value the body gets wrong: 422 on its field;
 * - a move the run's state does not allow (paused, cancelled, concluded, a task already started or
 *   finished, a step not done): 409.
 */
import type { Kysely, Transaction } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { recordAudit } from '../../core/audit/record.js';
import { conflict, invalid, notFound } from '../../core/http/app-error.js';
import { today } from '../registrations/calendar.js';
import { drawNumber } from '../../services/sequences/index.js';

export const RUN_MODULE = 'fluxo_trabalho';

export const STATUS = { active: '1', canceled: '2', paused: '3', concluded: '4' } as const;
export type Status = (typeof STATUS)[keyof typeof STATUS];
export const STATUS_LABELS: Record<Status, string> = { 1: 'Ativo', 2: 'Cancelado', 3: 'Pausado', 4: 'Concluído' };

export const WORKFLOW_NOT_FOUND = 'Fluxo de trabalho não encontrado.';
export const TYPE_NOT_FOUND = 'Tipo de fluxo de trabalho não encontrado.';
export const STEP_TYPE_NOT_FOUND = 'Etapa não encontrada neste tipo de fluxo.';
export const TASK_NOT_FOUND = 'Tarefa não encontrada na etapa atual.';
export const TYPE_INACTIVE = 'O tipo de fluxo de trabalho está inativo: reative-o para iniciar fluxos.';
export const NOT_FIRST_STEP = 'Um fluxo começa pela primeira etapa do seu tipo.';
export const NAME_TOO_LONG = 'O campo Nome não pode ter mais de 255 caracteres.';
export const NOTES_TOO_LONG = 'O campo Observações não pode ter mais de 4000 caracteres.';
export const PAUSED = 'O fluxo de trabalho está pausado: retome-o para continuar.';
export const CANCELED_FINAL = 'O fluxo de trabalho está cancelado: nada mais pode ser feito nele.';
export const CONCLUDED_FINAL = 'O fluxo de trabalho está concluído: nada mais pode ser feito nele.';
export const STEP_NOT_DONE = 'Conclua as tarefas obrigatórias da etapa atual antes de seguir.';
export const STEP_ALREADY_STARTED = 'Esta etapa já foi iniciada: ela é a etapa atual do fluxo.';
export const NOT_NEXT_STEP = 'A etapa escolhida não é uma das próximas etapas da etapa atual.';
export const TASKS_TO_COPY_INVALID = 'As tarefas a copiar devem ser tarefas da etapa escolhida.';
export const TASK_ALREADY_STARTED = 'A tarefa já foi iniciada.';
export const TASK_NOT_STARTED = 'A tarefa ainda não foi iniciada.';
export const TASK_ALREADY_FINISHED = 'A tarefa já foi concluída.';
export const HAS_NEXT_STEPS = 'O fluxo só pode ser concluído numa etapa sem próximas etapas.';
export const STATUS_UNKNOWN = 'A situação deve ser 1 (Ativo), 2 (Cancelado), 3 (Pausado) ou 4 (Concluído).';
export const PAUSE_ONLY_ACTIVE = 'Só um fluxo ativo pode ser pausado.';
export const RESUME_ONLY_PAUSED = 'Só um fluxo pausado pode ser retomado.';

type Db = Kysely<SpaceDatabase>;
type Trx = Transaction<SpaceDatabase>;
type RunRow = { id: number; workflow_type_id: number; status: string; concluded: boolean | null; start_date: string | null; end_date: string | null };

const iso = (value: unknown): string | null => (value == null ? null : value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());
const dateText = (value: unknown): string | null => (value == null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

/** Whole days from the start to the end (or today, while the run goes on). */
export function durationInDays(start: string | null, end: string | null): number | null {
  if (start === null) return null;
  const from = Date.parse(`${start}T00:00:00Z`);
  const to = Date.parse(`${end ?? today()}T00:00:00Z`);
  return Math.max(0, Math.round((to - from) / 86_400_000));
}

/** Optional text of a body: trimmed, blank as null, refused past its length on its field. */
export function optionalText(value: unknown, field: string, max: number, message: string): string | null {
  if (value == null) return null;
  if (typeof value !== 'string' && typeof value !== 'number') throw invalid({ [field]: [`O campo ${field === 'name' ? 'Nome' : 'Observações'} deve ser um texto.`] });
  const text = String(value).trim();
  if (text === '') return null;
  if (text.length > max) throw invalid({ [field]: [message] });
  return text;
}

/** Locks the run's row for the rest of the transaction. */
async function lockRun(trx: Trx, id: number): Promise<RunRow> {
  const row = await trx.selectFrom('workflows').select(['id', 'workflow_type_id', 'status', 'concluded', 'start_date', 'end_date']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(WORKFLOW_NOT_FOUND);
  return { ...row, id: Number(row.id), workflow_type_id: Number(row.workflow_type_id), start_date: dateText(row.start_date), end_date: dateText(row.end_date) } as RunRow;
}

/** A run that takes steps and tasks: active, not paused, cancelled or concluded. */
function mustBeActive(run: RunRow) {
  if (run.status === STATUS.paused) throw conflict(PAUSED);
  if (run.status === STATUS.canceled) throw conflict(CANCELED_FINAL);
  if (run.status === STATUS.concluded) throw conflict(CONCLUDED_FINAL);
}

async function currentStep(trx: Trx | Db, workflowId: number) {
  return trx.selectFrom('workflow_steps').selectAll().where('workflow_id', '=', workflowId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

async function stepTypeOf(trx: Trx | Db, typeId: number, stepTypeId: number) {
  return trx.selectFrom('workflow_step_types').selectAll().where('workflow_type_id', '=', typeId).where('id', '=', stepTypeId).executeTakeFirst();
}

/** The step types that follow a step type of its workflow type (by step number), in number order. */
async function nextStepTypes(trx: Trx | Db, typeId: number, stepTypeId: number) {
  const numbers = (await trx.selectFrom('workflow_step_next_steps').select('step_number').where('workflow_step_type_id', '=', stepTypeId).execute()).map((row) => row.step_number);
  if (numbers.length === 0) return [];
  return trx.selectFrom('workflow_step_types').selectAll().where('workflow_type_id', '=', typeId).where('step_number', 'in', numbers).orderBy('step_number').execute();
}

async function history(trx: Trx, workflowId: number, userId: number | null, event: SpaceDatabase['workflow_histories']['event'], description: string, extra: { step_name?: string | null; task_type_id?: number | null; notes?: string | null } = {}) {
  await trx.insertInto('workflow_histories').values({ workflow_id: workflowId, date: new Date(), event, description, user_id: userId, step_name: extra.step_name ?? null, task_type_id: extra.task_type_id ?? null, notes: extra.notes ?? null }).execute();
}

const audit = (trx: Trx, userId: number | null, workflowId: number, event: string, oldValues: Record<string, unknown> | null, newValues: Record<string, unknown>) =>
  recordAudit(trx, { event, userId, module: RUN_MODULE, recordId: workflowId, oldValues, newValues });

/**
 * Copies a step type into the run as its new current step, with its required tasks and the other
 * tasks chosen (`null`: every task); a step with no required task is done at once.
 */
async function startStep(trx: Trx, workflowId: number, stepType: { id: number; name: string; step_number: number; workflow_phase_type_name: string }, tasksToCopy: number[] | null) {
  const taskTypes = await trx.selectFrom('workflow_task_types').selectAll().where('workflow_step_type_id', '=', stepType.id).orderBy('task_order').orderBy('id').execute();
  if (tasksToCopy !== null) {
    const known = new Set(taskTypes.map((task) => Number(task.id)));
    if (tasksToCopy.some((id) => !known.has(id))) throw invalid({ tasks_to_copy: [TASKS_TO_COPY_INVALID] });
  }
  const chosen = taskTypes.filter((task) => task.required || tasksToCopy === null || tasksToCopy.includes(Number(task.id)));
  const now = new Date();
  const done = !chosen.some((task) => task.required);
  const step = await trx
    .insertInto('workflow_steps')
    .values({ workflow_id: workflowId, step_type_id: stepType.id, step_number: stepType.step_number, name: stepType.name, phase_denomination: stepType.workflow_phase_type_name, start_date: now, end_date: done ? now : null, concluded: done })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (chosen.length) {
    await trx.insertInto('workflow_tasks').values(chosen.map((task) => ({
      workflow_step_id: Number(step.id), task_type_id: Number(task.id), task_order: task.task_order, description: task.description, action: task.action,
      type: task.type, required: task.required, one_time_action: task.one_time_action, concluded: false,
    }))).execute();
  }
  return { id: Number(step.id), tasks: chosen.map((task) => Number(task.id)), concluded: done };
}

export interface InitWorkflow {
  typeId: number; stepTypeId: number; name: unknown; notes: unknown; userId: number | null;
  /** Runs in the start's transaction once the run exists (a task's 'workflow.init_workflow' links it): its refusal undoes the start. */
  started?: (trx: Trx, id: number) => Promise<unknown>;
}

/**
 * Starts a run of an active type at its first step (every task of it copied), numbered from the
 * type's sequence in the same transaction (a refused start gives the number back): status Ativo,
 * started today. The name defaults to the type's.
 */
export async function initWorkflow(db: Db, input: InitWorkflow): Promise<number> {
  const name = optionalText(input.name, 'name', 255, NAME_TOO_LONG);
  const notes = optionalText(input.notes, 'notes', 4000, NOTES_TOO_LONG);
  return db.transaction().execute(async (trx) => {
    const type = await trx.selectFrom('workflow_types').select(['id', 'name', 'sequence_id', 'inactivated']).where('id', '=', input.typeId).executeTakeFirst();
    if (!type) throw notFound(TYPE_NOT_FOUND);
    if (type.inactivated) throw conflict(TYPE_INACTIVE);
    const stepType = await stepTypeOf(trx, input.typeId, input.stepTypeId);
    if (!stepType) throw notFound(STEP_TYPE_NOT_FOUND);
    if (!stepType.first) throw invalid({ step_type_id: [NOT_FIRST_STEP] });
    const start = today();
    const drawn = await drawNumber(trx, Number(type.sequence_id), { automatic: false, date: start, field: 'workflow_type_id' });
    const values = { workflow_type_id: input.typeId, name: name ?? type.name, notes, number: drawn.number, formatted_number: drawn.formatted_number, status: STATUS.active, concluded: false, start_date: start, end_date: null };
    const run = await trx.insertInto('workflows').values(values).returning('id').executeTakeFirstOrThrow();
    const id = Number(run.id);
    const step = await startStep(trx, id, { ...stepType, id: Number(stepType.id) }, null);
    await history(trx, id, input.userId, 'started', `Fluxo iniciado na etapa ${stepType.step_number} - ${stepType.name}`, { step_name: stepType.name });
    await audit(trx, input.userId, id, 'created', null, { ...values, step_type_id: Number(stepType.id), tasks: step.tasks });
    await input.started?.(trx, id);
    return id;
  });
}

/**
 * Moves an active run from its current step, once done (its required tasks concluded), to one of
 * that step's next steps, copying the step type's required tasks and the others `tasksToCopy`
 * names (`null`: every task).
 */
export async function initStep(db: Db, workflowId: number, stepTypeId: number, tasksToCopy: number[] | null, userId: number | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const run = await lockRun(trx, workflowId);
    mustBeActive(run);
    const current = await currentStep(trx, workflowId);
    const stepType = await stepTypeOf(trx, run.workflow_type_id, stepTypeId);
    if (!stepType) throw notFound(STEP_TYPE_NOT_FOUND);
    // Two people moving the run to the same step at once: the second, after the first's lock, finds it current and under way.
    if (current && !current.concluded) throw conflict(Number(current.step_type_id) === stepTypeId ? STEP_ALREADY_STARTED : STEP_NOT_DONE);
    const next = current ? await nextStepTypes(trx, run.workflow_type_id, Number(current.step_type_id)) : [];
    if (!next.some((row) => Number(row.id) === stepTypeId)) throw invalid({ step_type_id: [NOT_NEXT_STEP] });
    const step = await startStep(trx, workflowId, { ...stepType, id: Number(stepType.id) }, tasksToCopy);
    await history(trx, workflowId, userId, 'step_started', `Etapa iniciada: ${stepType.step_number} - ${stepType.name}`, { step_name: stepType.name });
    await audit(trx, userId, workflowId, 'step_started', current ? { step_type_id: Number(current.step_type_id) } : null, { step_type_id: stepTypeId, tasks: step.tasks });
  });
}

async function taskOfCurrentStep(trx: Trx, workflowId: number, taskTypeId: number) {
  const current = await currentStep(trx, workflowId);
  if (!current) throw notFound(TASK_NOT_FOUND);
  const task = await trx.selectFrom('workflow_tasks').selectAll().where('workflow_step_id', '=', Number(current.id)).where('task_type_id', '=', taskTypeId).executeTakeFirst();
  if (!task) throw notFound(TASK_NOT_FOUND);
  return { current, task };
}

/** Starts a task of an active run's current step, once. */
export async function initTask(db: Db, workflowId: number, taskTypeId: number, userId: number | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const run = await lockRun(trx, workflowId);
    mustBeActive(run);
    const { current, task } = await taskOfCurrentStep(trx, workflowId, taskTypeId);
    if (task.concluded) throw conflict(TASK_ALREADY_FINISHED);
    if (task.start_date !== null) throw conflict(TASK_ALREADY_STARTED);
    const now = new Date();
    await trx.updateTable('workflow_tasks').set({ start_date: now }).where('id', '=', Number(task.id)).execute();
    await history(trx, workflowId, userId, 'task_started', `Tarefa iniciada: ${task.description}`, { step_name: current.name, task_type_id: taskTypeId });
    await audit(trx, userId, workflowId, 'task_started', { task_type_id: taskTypeId, start_date: null }, { task_type_id: taskTypeId, start_date: now.toISOString() });
  });
}

/**
 * Finishes a started task of an active run's current step, with notes; the step is done once every
 * required task of it is. Two people finishing the same task at once: the second waits for the
 * first's lock and is told the task is already concluded (409).
 */
export async function finishTask(db: Db, workflowId: number, taskTypeId: number, notesValue: unknown, userId: number | null): Promise<void> {
  const notes = optionalText(notesValue, 'notes', 4000, NOTES_TOO_LONG);
  await db.transaction().execute(async (trx) => {
    const run = await lockRun(trx, workflowId);
    mustBeActive(run);
    const { current, task } = await taskOfCurrentStep(trx, workflowId, taskTypeId);
    if (task.concluded) throw conflict(TASK_ALREADY_FINISHED);
    if (task.start_date === null) throw conflict(TASK_NOT_STARTED);
    const now = new Date();
    await trx.updateTable('workflow_tasks').set({ end_date: now, concluded: true, notes }).where('id', '=', Number(task.id)).execute();
    const pending = await trx.selectFrom('workflow_tasks').select('id').where('workflow_step_id', '=', Number(current.id)).where('required', '=', true).where('concluded', 'is not', true).executeTakeFirst();
    const stepDone = !pending && !current.concluded;
    if (stepDone) await trx.updateTable('workflow_steps').set({ concluded: true, end_date: now }).where('id', '=', Number(current.id)).execute();
    await history(trx, workflowId, userId, 'task_finished', `Tarefa executada: ${task.description}`, { step_name: current.name, task_type_id: taskTypeId, notes });
    await audit(trx, userId, workflowId, 'task_finished', { task_type_id: taskTypeId, concluded: false }, { task_type_id: taskTypeId, concluded: true, notes, step_concluded: stepDone || current.concluded === true });
  });
}

/** Concludes an active run whose current step is done and has no next steps: status Concluído, ended today. */
export async function finishWorkflow(db: Db, workflowId: number, userId: number | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const run = await lockRun(trx, workflowId);
    mustBeActive(run);
    const current = await currentStep(trx, workflowId);
    if (current && !current.concluded) throw conflict(STEP_NOT_DONE);
    if (current && (await nextStepTypes(trx, run.workflow_type_id, Number(current.step_type_id))).length > 0) throw conflict(HAS_NEXT_STEPS);
    const end = today();
    await trx.updateTable('workflows').set({ status: STATUS.concluded, concluded: true, end_date: end, updated_at: new Date() }).where('id', '=', workflowId).execute();
    await history(trx, workflowId, userId, 'concluded', 'Fluxo concluído', { step_name: current?.name ?? null });
    await audit(trx, userId, workflowId, 'concluded', { status: run.status, concluded: false, end_date: run.end_date }, { status: STATUS.concluded, concluded: true, end_date: end });
  });
}

/** Whether a value names a status (`'1'`…`'4'`, or the number). */
export function parseStatus(value: unknown): Status {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (text === '1' || text === '2' || text === '3' || text === '4') return text;
  throw invalid({ status: [STATUS_UNKNOWN] });
}

/**
 * Changes a run's status: 3 pauses an active run, 1 resumes a paused one, 2 cancels one active or
 * paused (ended today), 4 concludes it as `finishWorkflow` does. Nothing follows a cancellation or a
 * conclusion.
 */
export async function changeStatus(db: Db, workflowId: number, status: Status, userId: number | null): Promise<void> {
  if (status === STATUS.concluded) return finishWorkflow(db, workflowId, userId);
  await db.transaction().execute(async (trx) => {
    const run = await lockRun(trx, workflowId);
    if (run.status === STATUS.canceled) throw conflict(CANCELED_FINAL);
    if (run.status === STATUS.concluded) throw conflict(CONCLUDED_FINAL);
    if (status === STATUS.paused && run.status !== STATUS.active) throw conflict(PAUSE_ONLY_ACTIVE);
    if (status === STATUS.active && run.status !== STATUS.paused) throw conflict(RESUME_ONLY_PAUSED);
    const end = status === STATUS.canceled ? today() : run.end_date;
    await trx.updateTable('workflows').set({ status, end_date: end, updated_at: new Date() }).where('id', '=', workflowId).execute();
    const event = status === STATUS.paused ? 'paused' : status === STATUS.active ? 'resumed' : 'canceled';
    const description = status === STATUS.paused ? 'Fluxo pausado' : status === STATUS.active ? 'Fluxo retomado' : 'Fluxo cancelado';
    await history(trx, workflowId, userId, event, description);
    await audit(trx, userId, workflowId, event, { status: run.status, end_date: run.end_date }, { status, end_date: end });
  });
}

/**
 * The run as its screen shows it: its fields, the status' label, the duration in days, and the
 * current step with its task types, each with the run's task (spec 002 §3).
 */
export async function actualData(db: Db, workflowId: number) {
  const run = await db
    .selectFrom('workflows as w')
    .innerJoin('workflow_types as t', 't.id', 'w.workflow_type_id')
    .select(['w.id', 'w.workflow_type_id', 't.name as workflow_type_name', 'w.name', 'w.notes', 'w.number', 'w.formatted_number', 'w.status', 'w.concluded', 'w.start_date', 'w.end_date'])
    .where('w.id', '=', workflowId)
    .executeTakeFirst();
  if (!run) throw notFound(WORKFLOW_NOT_FOUND);
  const start = dateText(run.start_date);
  const end = dateText(run.end_date);
  const step = await currentStep(db, workflowId);
  let current = null;
  if (step) {
    const tasks = await db.selectFrom('workflow_tasks').selectAll().where('workflow_step_id', '=', Number(step.id)).orderBy('task_order').orderBy('id').execute();
    const next = await nextStepTypes(db, Number(run.workflow_type_id), Number(step.step_type_id));
    current = {
      id: Number(step.id), step_type_id: Number(step.step_type_id), name: step.name, step_number: step.step_number, phase_denomination: step.phase_denomination,
      start_date: iso(step.start_date), end_date: iso(step.end_date), concluded: step.concluded === true, has_next_steps: next.length > 0,
      task_types: tasks.map((task) => ({
        id: Number(task.task_type_id), description: task.description, action: task.action, type: task.type, required: task.required, one_time_action: task.one_time_action, task_order: task.task_order,
        task: { id: Number(task.id), start_date: iso(task.start_date), end_date: iso(task.end_date), started: task.start_date !== null, concluded: task.concluded === true, notes: task.notes, action: task.action },
      })),
    };
  }
  const status = run.status as Status;
  return {
    id: Number(run.id), workflow_type_id: Number(run.workflow_type_id), workflow_type_name: run.workflow_type_name, name: run.name, notes: run.notes,
    number: run.number, formatted_number: run.formatted_number, status, status_label: STATUS_LABELS[status], concluded: run.concluded === true,
    start_date: start, end_date: end, duration: durationInDays(start, end), current_step: current,
  };
}

/** The step types an active run may go to next from its current step, each with its task types (to choose which to copy). */
export async function nextSteps(db: Db, workflowId: number) {
  const run = await db.selectFrom('workflows').select(['id', 'workflow_type_id']).where('id', '=', workflowId).executeTakeFirst();
  if (!run) throw notFound(WORKFLOW_NOT_FOUND);
  const step = await currentStep(db, workflowId);
  if (!step) return [];
  const next = await nextStepTypes(db, Number(run.workflow_type_id), Number(step.step_type_id));
  const ids = next.map((row) => Number(row.id));
  const tasks = ids.length ? await db.selectFrom('workflow_task_types').selectAll().where('workflow_step_type_id', 'in', ids).orderBy('task_order').orderBy('id').execute() : [];
  return next.map((row) => ({
    id: Number(row.id), name: row.name, step_number: row.step_number, phase_denomination: row.workflow_phase_type_name,
    task_types: tasks.filter((task) => Number(task.workflow_step_type_id) === Number(row.id)).map((task) => ({ id: Number(task.id), description: task.description, action: task.action, type: task.type, required: task.required, one_time_action: task.one_time_action, task_order: task.task_order })),
  }));
}

/** The run's history, oldest first, with who did each thing. */
export async function runHistory(db: Db, workflowId: number) {
  const run = await db.selectFrom('workflows').select('id').where('id', '=', workflowId).executeTakeFirst();
  if (!run) throw notFound(WORKFLOW_NOT_FOUND);
  const rows = await db
    .selectFrom('workflow_histories as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.date', 'h.event', 'h.description', 'h.step_name', 'h.task_type_id', 'h.notes', 'h.user_id', 'u.name as user_name'])
    .where('h.workflow_id', '=', workflowId)
    .orderBy('h.id')
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), date: iso(row.date), user_id: row.user_id === null ? null : Number(row.user_id), task_type_id: row.task_type_id === null ? null : Number(row.task_type_id) }));
}

/** The first step of each active workflow type (or of one), where a run may start. */
export async function initialSteps(db: Db, typeId: number | null) {
  let query = db
    .selectFrom('workflow_step_types as s')
    .innerJoin('workflow_types as t', 't.id', 's.workflow_type_id')
    .select(['s.id', 's.name', 's.step_number', 's.workflow_type_id', 't.name as workflow_type_name'])
    .where('s.first', '=', true)
    .where('t.inactivated', '=', false);
  if (typeId !== null) query = query.where('t.id', '=', typeId);
  const rows = await query.orderBy('t.name').execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), workflow_type_id: Number(row.workflow_type_id) }));
}
