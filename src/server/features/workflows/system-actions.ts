/**
 * The catalogue of system actions a workflow task may carry (spec 002 §2: 'Criar', 'Editar' or
 * 'Vincular' and the entity's pt-BR name), derived from the model the server serves, so a module
 * added under `schemas/` joins it without a list kept by hand. Beside them, 'checklist': a task
 * done outside the system and ticked off, and 'workflow.init_workflow', a task that starts another run.
 */
import type { FastifyInstance } from 'fastify';
import type { Entity, MenuArea, Model } from '../../../../language/index.js';
import { dataAnswer, nullableText, text } from '../../../shared/contracts/parts.js';
import { operationAccess } from '../../core/resources/access.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';

export const MODULE = 'tipo_fluxo_trabalho';
export const CHECKLIST = 'checklist';
/** The special action that starts another workflow from a task (spec 002 §2): the new run is the task's record. */
export const INIT_WORKFLOW = 'workflow.init_workflow';

/** The areas whose records a workflow acts on: the registry, its tables, inspections and finance. */
const ACTING_AREAS: readonly MenuArea[] = ['cadastro', 'tabelas', 'fiscalizacao', 'financeiro'];

export interface SystemAction {
  /** `<module>.store`, `<module>.update`, `<module>.link`, or `checklist`. */
  id: string;
  name: string;
  module: string | null;
  kind: 'store' | 'update' | 'link' | 'init_workflow' | 'checklist';
}

/** 'Pessoa jurídica' → 'pessoa jurídica'; an initialism ('UF') keeps its capitals. */
const inSentence = (label: string) => (/^\p{Lu}\p{Ll}/u.test(label) ? label[0].toLocaleLowerCase('pt-BR') + label.slice(1) : label);

/**
 * Every entity of a space with its screens, in the acting areas, offers 'Vincular'; those whose
 * records staff insert and edit (not `admin`-only inserts such as banks, currencies and indicator
 * series, which the spec gives link only) also offer 'Criar' and 'Editar'. In menu order, then by name.
 */
export function systemActions(model: Model): SystemAction[] {
  const entities = model.entities
    .filter((entity: Entity) => entity.database === 'space' && entity.screens && !entity.listOnly && ACTING_AREAS.includes(entity.area))
    .sort((a, b) => ACTING_AREAS.indexOf(a.area) - ACTING_AREAS.indexOf(b.area) || a.label.singular.localeCompare(b.label.singular, 'pt-BR'));
  const actions: SystemAction[] = [];
  for (const entity of entities) {
    const name = inSentence(entity.label.singular);
    const staffWrites = entity.insertPermission !== 'admin';
    if (staffWrites && entity.operations.create) actions.push({ id: `${entity.module}.store`, name: `Criar ${name}`, module: entity.module, kind: 'store' });
    if (staffWrites && entity.operations.update) actions.push({ id: `${entity.module}.update`, name: `Editar ${name}`, module: entity.module, kind: 'update' });
    actions.push({ id: `${entity.module}.link`, name: `Vincular ${name}`, module: entity.module, kind: 'link' });
  }
  if (model.byModule.has('fluxo_trabalho')) actions.push({ id: INIT_WORKFLOW, name: 'Iniciar fluxo de trabalho', module: 'fluxo_trabalho', kind: 'init_workflow' });
  actions.push({ id: CHECKLIST, name: 'Checklist', module: null, kind: 'checklist' });
  return actions;
}

const catalogue = {
  tags: [MODULE],
  summary: 'O catálogo de ações do sistema de uma tarefa: Criar, Editar e Vincular de cada cadastro, `workflow.init_workflow` e `checklist` (quem vê tipos de fluxo)',
  response: {
    200: dataAnswer('As ações', { type: 'array', items: { type: 'object', properties: { id: text, name: text, module: nullableText, kind: { type: 'string', enum: ['store', 'update', 'link', 'init_workflow', 'checklist'] } }, required: ['id', 'name', 'module', 'kind'], additionalProperties: false } }),
  },
  errors: ['401', '403'],
} as const;

/** `GET /api/tipo_fluxo_trabalho/acoes_sistema`: the options of a task's action, to whoever may see workflow types. */
export async function systemActionRoutes(app: FastifyInstance, options: { model: Model }) {
  const entity = options.model.byModule.get(MODULE);
  if (!entity) return;
  const allow = operationAccess(options.model, app.resources);
  const actions = systemActions(options.model);
  app.withTypeProvider<ContractTypes>().get(`/api/${MODULE}/acoes_sistema`, { schema: catalogue }, async (request) => {
    allow(request, entity, 'list', 'index', 'show', 'store', 'update');
    return { data: actions };
  });
}
