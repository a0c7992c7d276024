/**
 * The shapes the workflows' routes answer (run-routes.ts, system-action-links.ts; docs/WORKFLOWS.md,
 * docs/API.md 'Workflow runs', 'System actions'), shared by their contracts.
 */
import { boolean, integer, nullableInteger, nullableText, text } from '../../../shared/contracts/parts.js';

const nullableDate = { type: ['string', 'null'], format: 'date' } as const;
const nullableMoment = { type: ['string', 'null'], format: 'date-time' } as const;
const linkAction = { type: 'string', enum: ['store', 'update', 'link'] } as const;

export const linked = {
  type: 'object',
  description: 'Um registro que uma ação do sistema criou, editou ou vinculou; `deleted` quando já não existe (então `label` é nulo).',
  properties: { id: integer, workflow_step_id: integer, task_type_id: integer, action: linkAction, module: text, module_label: text, record_id: integer, label: nullableText, deleted: boolean },
  required: ['id', 'workflow_step_id', 'task_type_id', 'action', 'module', 'module_label', 'record_id', 'label', 'deleted'],
} as const;

export const taskType = {
  type: 'object',
  properties: {
    id: integer, description: text, action: text, type: { type: 'string', enum: ['in', 'step', 'out'] }, required: boolean, one_time_action: boolean, task_order: integer,
    task: { type: 'object', properties: { id: integer, start_date: nullableMoment, end_date: nullableMoment, started: boolean, concluded: boolean, notes: nullableText, action: text } },
    entities: { type: 'array', items: linked },
  },
  required: ['id', 'description', 'action', 'type', 'required', 'one_time_action', 'task_order'],
} as const;

export const run = {
  type: 'object',
  description: 'O fluxo: situação (1 Ativo, 2 Cancelado, 3 Pausado, 4 Concluído), datas, duração em dias e a etapa atual com as suas tarefas.',
  properties: {
    id: integer, workflow_type_id: integer, workflow_type_name: text, name: text, notes: nullableText, number: nullableInteger, formatted_number: nullableText,
    status: { type: 'string', enum: ['1', '2', '3', '4'] }, status_label: text, concluded: boolean, start_date: nullableDate, end_date: nullableDate, duration: nullableInteger,
    current_step: {
      type: ['object', 'null'],
      properties: { id: integer, step_type_id: integer, name: text, step_number: integer, phase_denomination: nullableText, start_date: nullableMoment, end_date: nullableMoment, concluded: boolean, has_next_steps: boolean, task_types: { type: 'array', items: taskType } },
    },
  },
  required: ['id', 'name', 'status', 'status_label', 'concluded', 'current_step'],
} as const;

