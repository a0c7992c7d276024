/**
 * The system actions' look-ups (spec 002 §3 'System actions', §7: 'POST affected entity (read) and
 * POST triggered entity; these are lookups'), read over the links system actions leave
 * (`workflow_task_entities`; docs/WORKFLOWS.md 'System actions'):
 * - the **affected** entities of a run: the records its tasks created, edited or linked (optionally of
 *   one module), each with its name, or `deleted` once gone. The 'Editar' and 'Vincular' screens under
 *   `/acao/` offer a run's earlier records from it;
 * - the **triggered** entities of a record: the runs whose tasks created, edited or linked it.
 * Both read and change nothing; they need `workflow.show` or `workflow.execute`.
 */
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { invalid } from '../../core/http/app-error.js';
import { RUN_MODULE, STATUS_LABELS, WORKFLOW_NOT_FOUND, type Status } from './runs.js';
import { linkedEntities } from './system-action-links.js';

export const TRIGGERED_TYPE_UNKNOWN = 'O tipo da entidade que disparou a ação deve ser fluxo_trabalho.';
export const AFFECTED_TYPE_UNKNOWN = 'O tipo da entidade afetada não é um cadastro do sistema.';
export const AFFECTED_ID_INVALID = 'Informe o registro afetado (um número inteiro maior que zero).';

type Db = Kysely<SpaceDatabase>;

const positive = (value: unknown): number | null => {
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : null;
};

/** `{system_triggered_entity_type: 'fluxo_trabalho', system_triggered_entity_id, system_affected_entity_type?}` → the run's records. */
export async function affectedEntities(db: Db, model: Model, body: Record<string, unknown>) {
  const type = body.system_triggered_entity_type ?? RUN_MODULE;
  if (type !== RUN_MODULE) throw invalid({ system_triggered_entity_type: [TRIGGERED_TYPE_UNKNOWN] });
  const workflowId = positive(body.system_triggered_entity_id);
  const run = workflowId === null ? undefined : await db.selectFrom('workflows').select('id').where('id', '=', workflowId).executeTakeFirst();
  if (!run) throw invalid({ system_triggered_entity_id: [WORKFLOW_NOT_FOUND] });
  const module = body.system_affected_entity_type;
  if (module != null && (typeof module !== 'string' || !model.byModule.has(module))) throw invalid({ system_affected_entity_type: [AFFECTED_TYPE_UNKNOWN] });
  const links = await linkedEntities(db, model, workflowId!);
  return links.filter((link) => module == null || link.module === module);
}

/** `{system_affected_entity_type: module, system_affected_entity_id}` → the runs that created, edited or linked the record. */
export async function triggeredEntities(db: Db, model: Model, body: Record<string, unknown>) {
  const module = body.system_affected_entity_type;
  if (typeof module !== 'string' || !model.byModule.has(module)) throw invalid({ system_affected_entity_type: [AFFECTED_TYPE_UNKNOWN] });
  const recordId = positive(body.system_affected_entity_id);
  if (recordId === null) throw invalid({ system_affected_entity_id: [AFFECTED_ID_INVALID] });
  const rows = await db
    .selectFrom('workflow_task_entities as link')
    .innerJoin('workflows as run', 'run.id', 'link.workflow_id')
    .innerJoin('workflow_steps as step', 'step.id', 'link.workflow_step_id')
    .leftJoin('workflow_tasks as task', (join) => join.onRef('task.workflow_step_id', '=', 'link.workflow_step_id').onRef('task.task_type_id', '=', 'link.task_type_id'))
    .select(['link.id', 'link.action', 'link.task_type_id', 'run.id as workflow_id', 'run.name', 'run.formatted_number', 'run.status', 'step.name as step_name', 'task.description as task_description'])
    .where('link.module', '=', module)
    .where('link.record_id', '=', recordId)
    .orderBy('link.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id), system_triggered_entity_type: RUN_MODULE, system_triggered_entity_id: Number(row.workflow_id), name: row.name, formatted_number: row.formatted_number,
    status: row.status, status_label: STATUS_LABELS[row.status as Status], step_name: row.step_name, task_type_id: Number(row.task_type_id), task_description: row.task_description ?? null, action: row.action,
  }));
}
