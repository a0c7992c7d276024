/**
 * The workflows' routes in the OpenAPI document (the workflows feature; docs/WORKFLOWS.md, docs/API.md
 * 'Workflow runs', 'System actions'): the catalogue of system actions beside the workflow types, the
 * run's state machine and the system actions' links and look-ups beside the runs.
 */
import { dataEnvelope, errorResponses, featureOperation as operation, json } from './openapi-common.js';

type Doc = Record<string, unknown>;

const text = { type: 'string' };
const integer = { type: 'integer' };
const nullableText = { type: ['string', 'null'] };
const nullableDate = { type: ['string', 'null'], format: 'date' };
const nullableMoment = { type: ['string', 'null'], format: 'date-time' };
const path = (name: string, description: string): Doc => ({ name, in: 'path', required: true, description, schema: { type: 'integer', minimum: 1 } });
const body = (properties: Record<string, Doc>, required: string[]): Doc => ({ required: true, content: { 'application/json': { schema: { type: 'object', properties, required } } } });

const linked = {
  type: 'object',
  description: 'Um registro que uma ação do sistema criou, editou ou vinculou; `deleted` quando já não existe (então `label` é nulo).',
  properties: { id: integer, workflow_step_id: integer, task_type_id: integer, action: { type: 'string', enum: ['store', 'update', 'link'] }, module: text, module_label: text, record_id: integer, label: nullableText, deleted: { type: 'boolean' } },
  required: ['id', 'workflow_step_id', 'task_type_id', 'action', 'module', 'module_label', 'record_id', 'label', 'deleted'],
};
const taskType = {
  type: 'object',
  properties: {
    id: integer, description: text, action: text, type: { type: 'string', enum: ['in', 'step', 'out'] }, required: { type: 'boolean' }, one_time_action: { type: 'boolean' }, task_order: integer,
    task: { type: 'object', properties: { id: integer, start_date: nullableMoment, end_date: nullableMoment, started: { type: 'boolean' }, concluded: { type: 'boolean' }, notes: nullableText, action: text } },
    entities: { type: 'array', items: linked },
  },
  required: ['id', 'description', 'action', 'type', 'required', 'one_time_action', 'task_order'],
};
const run = {
  type: 'object',
  description: 'O fluxo: situação (1 Ativo, 2 Cancelado, 3 Pausado, 4 Concluído), datas, duração em dias e a etapa atual com as suas tarefas.',
  properties: {
    id: integer, workflow_type_id: integer, workflow_type_name: text, name: text, notes: nullableText, number: { type: ['integer', 'null'] }, formatted_number: nullableText,
    status: { type: 'string', enum: ['1', '2', '3', '4'] }, status_label: text, concluded: { type: 'boolean' }, start_date: nullableDate, end_date: nullableDate, duration: { type: ['integer', 'null'] },
    current_step: {
      type: ['object', 'null'],
      properties: { id: integer, step_type_id: integer, name: text, step_number: integer, phase_denomination: nullableText, start_date: nullableMoment, end_date: nullableMoment, concluded: { type: 'boolean' }, has_next_steps: { type: 'boolean' }, task_types: { type: 'array', items: taskType } },
    },
  },
  required: ['id', 'name', 'status', 'status_label', 'concluded', 'current_step'],
};
const runAnswer = { type: 'object', properties: { data: run, message: text }, required: ['data', 'message'] };
const move = (summary: string, parameters: Doc[], extra: Doc = {}): Doc => ({
  put: operation('fluxo_trabalho', summary, {
    parameters: [path('id', 'O fluxo.'), ...parameters],
    ...extra,
    responses: { '200': json('O fluxo depois do passo, e a mensagem', runAnswer), ...errorResponses('401', '403', '404', '409', '422') },
  }),
});
const read = (summary: string, schema: Doc): Doc => ({
  get: operation('fluxo_trabalho', `${summary} (permissão \`workflow.show\` ou \`workflow.execute\`)`, {
    parameters: [path('id', 'O fluxo.')],
    responses: { '200': json(summary, dataEnvelope(schema)), ...errorResponses('401', '403', '404') },
  }),
});
const attributes = { type: 'object', description: 'Vincula o registro à tarefa de um fluxo (ação do sistema).', properties: { workflow_id: integer, task_type_id: integer }, required: ['workflow_id', 'task_type_id'] };
const linkItem = { workflow_id: integer, task_type_id: integer, module: text, record_id: integer };
const linkAnswer = (schema: Doc) => json('O vínculo gravado, e a mensagem', { type: 'object', properties: { data: schema, message: text }, required: ['data', 'message'] });
const lookUp = (summary: string, properties: Record<string, Doc>, required: string[], items: Doc): Doc => ({
  post: operation('fluxo_trabalho', `${summary} (permissão \`workflow.show\` ou \`workflow.execute\`); só lê`, {
    requestBody: body(properties, required),
    responses: { '200': json(summary, dataEnvelope({ type: 'array', items })), ...errorResponses('401', '403', '422') },
  }),
});

export const workflowPaths: Record<string, () => Doc> = {
  tipo_fluxo_trabalho: () => ({
    '/api/tipo_fluxo_trabalho/acoes_sistema': {
      get: operation('tipo_fluxo_trabalho', 'O catálogo de ações do sistema de uma tarefa: Criar, Editar e Vincular de cada cadastro, `workflow.init_workflow` e `checklist` (quem vê tipos de fluxo)', {
        responses: {
          '200': json('As ações', dataEnvelope({ type: 'array', items: { type: 'object', properties: { id: text, name: text, module: nullableText, kind: { type: 'string', enum: ['store', 'update', 'link', 'init_workflow', 'checklist'] } }, required: ['id', 'name', 'module', 'kind'] } })),
          ...errorResponses('401', '403'),
        },
      }),
    },
  }),
  fluxo_trabalho: () => ({
    '/api/fluxo_trabalho/initial_steps': {
      get: operation('fluxo_trabalho', 'As primeiras etapas dos tipos ativos, por onde um fluxo começa (permissão `workflow.show` ou `workflow.execute`)', {
        parameters: [{ name: 'workflow_type_id', in: 'query', required: false, description: 'Só as do tipo.', schema: integer }],
        responses: { '200': json('As etapas', dataEnvelope({ type: 'array', items: { type: 'object', properties: { id: integer, name: text, step_number: integer, workflow_type_id: integer, workflow_type_name: text } } })), ...errorResponses('401', '403', '422') },
      }),
    },
    '/api/fluxo_trabalho/init/{typeId}/{stepTypeId}': {
      put: operation('fluxo_trabalho', 'Inicia um fluxo do tipo na sua primeira etapa, numerado pela sequência do tipo (permissão `workflow.execute`, auditado); com `system_action_attributes`, é o registro da tarefa `workflow.init_workflow` de outro fluxo', {
        parameters: [path('typeId', 'O tipo de fluxo.'), path('stepTypeId', 'A primeira etapa do tipo.')],
        requestBody: body({ name: text, notes: text, system_action_attributes: attributes }, []),
        responses: { '201': json('O fluxo iniciado, e a mensagem', runAnswer), ...errorResponses('401', '403', '404', '409', '422') },
      }),
    },
    '/api/fluxo_trabalho/{id}/actual': read('O fluxo e a sua etapa atual, cada tarefa com os registros das suas ações do sistema', run),
    '/api/fluxo_trabalho/{id}/next_steps': read('As próximas etapas da etapa atual, cada uma com as suas tarefas', { type: 'array', items: { type: 'object', properties: { id: integer, name: text, step_number: integer, phase_denomination: text, task_types: { type: 'array', items: taskType } } } }),
    '/api/fluxo_trabalho/{id}/history': read('O histórico do fluxo; uma linha de tarefa executada traz os registros da tarefa', {
      type: 'array',
      items: { type: 'object', properties: { id: integer, date: { type: 'string', format: 'date-time' }, event: text, description: text, step_name: nullableText, notes: nullableText, user_name: nullableText, task_type_id: { type: ['integer', 'null'] }, entities: { type: 'array', items: linked } } },
    }),
    '/api/fluxo_trabalho/{id}/init_step/{stepTypeId}': move('Passa o fluxo para uma das próximas etapas da etapa atual concluída, copiando as tarefas obrigatórias e as opcionais de `tasks_to_copy` (ausente: todas) (permissão `workflow.execute`, auditado)', [path('stepTypeId', 'A próxima etapa.')], {
      requestBody: body({ tasks_to_copy: { type: ['array', 'null'], items: integer } }, []),
    }),
    '/api/fluxo_trabalho/{id}/init_task/{taskTypeId}': move('Inicia uma tarefa da etapa atual (permissão `workflow.execute`, auditado)', [path('taskTypeId', 'A tarefa.')]),
    '/api/fluxo_trabalho/{id}/finish_task/{taskTypeId}': move('Conclui uma tarefa iniciada, com observações; a etapa conclui-se com as suas tarefas obrigatórias (permissão `workflow.execute`, auditado)', [path('taskTypeId', 'A tarefa.')], {
      requestBody: body({ notes: nullableText }, []),
    }),
    '/api/fluxo_trabalho/{id}/finish': move('Conclui o fluxo, numa etapa concluída sem próximas etapas (permissão `workflow.execute`, auditado)', []),
    '/api/fluxo_trabalho/{id}/status/{status}': move('Muda a situação: 3 pausa um fluxo ativo, 1 retoma um pausado, 2 cancela, 4 conclui (permissão `workflow.execute`, auditado)', [
      { name: 'status', in: 'path', required: true, schema: { type: 'string', enum: ['1', '2', '3', '4'] } },
    ]),
    '/api/system_actions_link': {
      post: operation('fluxo_trabalho', "Vincula um registro existente à tarefa 'Vincular' da etapa atual de um fluxo ativo (permissão `workflow.execute`, auditado); uma ação única executada uma vez", {
        requestBody: body(linkItem, ['workflow_id', 'task_type_id', 'module', 'record_id']),
        responses: { '201': linkAnswer(linked), ...errorResponses('401', '403', '409', '422') },
      }),
    },
    '/api/system_actions_link_batch': {
      post: operation('fluxo_trabalho', 'Vincula vários registros de uma vez, todos ou nenhum (permissão `workflow.execute`, auditado); um lote é uma execução', {
        requestBody: body({ items: { type: 'array', minItems: 1, items: { type: 'object', properties: linkItem, required: ['workflow_id', 'task_type_id', 'module', 'record_id'] } } }, ['items']),
        responses: { '201': linkAnswer({ type: 'array', items: linked }), ...errorResponses('401', '403', '409', '422') },
      }),
    },
    '/api/system_actions_affected_entity': lookUp('Os registros que as ações do sistema de um fluxo criaram, editaram ou vincularam', {
      system_triggered_entity_type: { type: 'string', enum: ['fluxo_trabalho'] }, system_triggered_entity_id: integer, system_affected_entity_type: { type: 'string', description: 'Só os deste cadastro.' },
    }, ['system_triggered_entity_id'], linked),
    '/api/system_actions_triggered_entity': lookUp('Os fluxos cujas tarefas criaram, editaram ou vincularam um registro', { system_affected_entity_type: text, system_affected_entity_id: integer }, ['system_affected_entity_type', 'system_affected_entity_id'], {
      type: 'object',
      properties: {
        id: integer, system_triggered_entity_type: { type: 'string', enum: ['fluxo_trabalho'] }, system_triggered_entity_id: integer, name: text, formatted_number: nullableText,
        status: text, status_label: text, step_name: text, task_type_id: integer, task_description: nullableText, action: { type: 'string', enum: ['store', 'update', 'link'] },
      },
    }),
  }),
};
