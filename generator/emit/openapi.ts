import { importable, type Entity, type Operation } from '../../language/index.js';
import type { Plan } from '../plan.js';
import { ALL_SCHEMAS, bannerLines } from './banner.js';
import { commonComponents, commonPaths, dataEnvelope, errorResponses, json, ref } from './openapi-common.js';
import { comboOperationParts } from './openapi-combos.js';
import { exportOperationParts } from './openapi-export.js';
import { filePaths } from './openapi-files.js';
import { importComponents, importPaths } from './openapi-import.js';
import { LIST_ANSWER_KEYS } from './openapi-list-answers.js';
import { recordSchema } from './record-schema.js';

type Doc = Record<string, unknown>;

/** `generated/openapi.json`: the OpenAPI 3.1 document of the HTTP contract, one tag and set of paths per module. */
export function emitOpenApi(plan: Plan): Map<string, string> {
  const paths: Doc = { ...commonPaths };
  const schemas: Doc = { ...(commonComponents.schemas as Doc) };
  for (const { entity, typeName } of plan.entities) {
    schemas[typeName] = recordSchema(entity);
    if (entity.operations.create) schemas[`${typeName}Create`] = { ...entity.rules.create, title: `${typeName}Create` };
    if (entity.operations.update) schemas[`${typeName}Edit`] = { ...entity.rules.edit, title: `${typeName}Edit` };
    Object.assign(paths, enabledPaths(entity, modulePaths(entity, typeName)), filePaths(entity, typeName), importable(entity) ? importPaths(entity, typeName) : {});
  }
  const document = {
    'x-generated': bannerLines(ALL_SCHEMAS).join(' '),
    openapi: '3.1.0',
    info: {
      title: 'API do back office',
      version: '1',
      description: 'Contrato HTTP gerado a partir dos esquemas das entidades (schemas/<área>/<módulo>.schema.json).',
    },
    security: [{ bearer: [] }],
    tags: [
      { name: 'health', description: 'Estado do servidor' },
      { name: 'auth', description: 'Autenticação' },
      { name: 'perfil', description: 'Perfil do usuário da sessão' },
      { name: 'parametros', description: 'Parâmetros' },
      { name: 'dashboard', description: 'Painel' },
      { name: 'saved_views', description: 'Visões salvas das listas' },
      ...plan.menu.map(({ entity }) => ({ name: entity.module, description: entity.label.plural })),
    ],
    paths,
    components: withImportComponents({ ...commonComponents, schemas }, plan.entities.some(({ entity }) => importable(entity))),
  };
  return new Map([['generated/openapi.json', `${JSON.stringify(document, null, 2)}\n`]]);
}

/** The import routes' shared parts, when some module has them. */
function withImportComponents(components: Doc, anyImportable: boolean): Doc {
  if (!anyImportable) return components;
  return {
    ...components,
    schemas: { ...(components.schemas as Doc), ...importComponents.schemas },
    parameters: { ...(components.parameters as Doc), ...importComponents.parameters },
  };
}

/** Which operation each path and verb belongs to: a module lists only the routes it offers. */
function enabledPaths(entity: Entity, paths: Doc): Doc {
  const m = entity.module;
  const operationOf: Record<string, Operation> = {
    [`get /api/${m}`]: 'list', [`get /api/${m}/combos`]: 'list', [`get /api/${m}/export`]: 'list', [`post /api/${m}`]: 'create',
    [`get /api/${m}/{id}`]: 'show', [`put /api/${m}/{id}`]: 'update', [`delete /api/${m}/{id}`]: 'delete',
    [`get /api/${m}/{id}/versions`]: 'show', [`post /api/${m}/{id}/versions/{version}/restore`]: 'update',
    [`delete /api/${m}/multiple_delete/{ids}`]: 'delete',
    [`get /api/rules/${m}/create`]: 'create', [`get /api/rules/${m}/edit`]: 'update',
  };
  const kept: Doc = {};
  for (const [path, verbs] of Object.entries(paths)) {
    const bulk = path.endsWith('/multiple_delete/{ids}');
    const offered = Object.entries(verbs as Doc).filter(([verb]) => entity.operations[operationOf[`${verb} ${path}`]] !== false && !(bulk && !entity.bulkDelete));
    if (offered.length > 0) kept[path] = Object.fromEntries(offered);
  }
  return kept;
}

const tenant = ref('parameters', 'Tenant');
const query = (name: string, schema: Doc, description: string): Doc => ({ name, in: 'query', required: false, schema, description });

function modulePaths(entity: Entity, typeName: string): Doc {
  const m = entity.module;
  const record = ref('schemas', typeName);
  const op = (verb: string, summary: string, permission: string, rest: Doc): Doc => ({
    tags: [m],
    operationId: `${verb}${typeName}`,
    summary,
    description: entity.access === 'any' ? 'Qualquer usuário autenticado.' : `Permissão: \`${permission}\` ou \`admin\`.`,
    ...rest,
    parameters: [tenant, ...((rest.parameters as Doc[] | undefined) ?? [])],
  });
  const perm = (action: string) => `${entity.permission}.${action}`;
  const combos = comboOperationParts(entity, typeName);
  const sortable = entity.fields.filter((f) => f.column !== null && !f.writeOnly && f.kind !== 'choices').map((f) => f.name);
  const choices = entity.fields.filter((f) => f.kind === 'choices').map((f) => `\`${f.name}\``);
  const listParameters = [
    query('page', { type: 'integer', minimum: 1, default: 1 }, 'Página, a partir de 1.'),
    query('per_page', { type: 'integer', minimum: 1, maximum: 500, default: 25 }, 'Registros por página.'),
    query('cursor', { type: 'string' }, 'O `meta.next_cursor` da página anterior: a página seguinte sem `page` (custa o mesmo em qualquer profundidade).'),
    query('sort', { enum: sortable, default: entity.list.sort.field }, 'Campo de ordenação.'),
    query('order', { enum: ['asc', 'desc'], default: entity.list.sort.order }, 'Sentido da ordenação.'),
    ...(entity.list.search.length + entity.list.searchThrough.length > 0
      ? [query('q', { type: 'string' }, `Busca livre (sem distinguir maiúsculas e acentos) em: ${[...entity.list.search, ...entity.list.searchThrough.map((t) => `${t.field} (pela busca de ${t.module}: ${t.columns.join(', ')})`)].join(', ')}.`)]
      : []),
    query('filter', { type: 'string' }, `Objeto JSON: \`{"campo": valor}\` igualdade, lista = qualquer um, \`campo_gte\`/\`campo_lte\` intervalos.${
      choices.length ? ` Em ${choices.join(', ')} (vários valores), os registros que têm o valor.` : ''}`),
  ];
  const exportOperation = () => {
    const { summary, ...parts } = exportOperationParts(entity, listParameters);
    return op('export', summary, perm('index'), parts);
  };
  const created = { required: true, content: { 'application/json': { schema: ref('schemas', `${typeName}Create`) } } };
  const edited = { required: true, content: { 'application/json': { schema: ref('schemas', `${typeName}Edit`) } } };
  const one = (description: string) => ({ ...json(description, dataEnvelope(record)), headers: { ETag: ref('headers', 'ETag') } });
  const ids = { name: 'ids', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d+(,\\d+)*$' }, description: 'Ids separados por vírgula.' };
  const insertPermission = entity.insertPermission === 'admin' ? 'admin' : perm(entity.insertPermission);
  const rules = (mode: 'create' | 'edit') => ({
    get: op(`${mode}Rules`, `Regras do formulário (${mode === 'create' ? 'inclusão' : 'edição'})`, perm('index'), {
      responses: { '200': { ...json('JSON Schema do formulário', dataEnvelope({ type: 'object' })), }, ...errorResponses('401', '403') },
    }),
  });
  return {
    [`/api/${m}`]: {
      get: op('list', `Lista de ${entity.label.plural}`, perm('index'), {
        parameters: listParameters,
        responses: {
          '200': json('Uma página de registros', {
            type: 'object',
            properties: { data: { type: 'array', items: record }, meta: ref('schemas', 'ListMeta'), ...LIST_ANSWER_KEYS[m]?.(record) },
            required: ['data', 'meta', ...Object.keys(LIST_ANSWER_KEYS[m]?.(record) ?? {})],
          }),
          ...errorResponses('400', '401', '403'),
        },
      }),
      post: op('create', `Inclui ${entity.label.singular}`, insertPermission, {
        requestBody: created,
        responses: { '201': one('Registro incluído'), ...errorResponses('400', '401', '403', '422') },
      }),
    },
    [`/api/${m}/combos`]: {
      get: op('combos', `Opções de ${entity.label.plural}`, perm('index'), {
        parameters: combos.parameters,
        responses: { '200': combos.response, ...errorResponses('400', '401', '403') },
      }),
    },
    [`/api/${m}/export`]: { get: exportOperation() },
    [`/api/${m}/multiple_delete/{ids}`]: {
      delete: op('deleteMany', `Exclui vários registros (tudo ou nada)`, perm('destroy'), {
        parameters: [ids],
        responses: { '200': json('Excluídos', ref('schemas', 'Message')), ...errorResponses('401', '403', '404', '409') },
      }),
    },
    [`/api/${m}/{id}`]: {
      get: op('show', `Um registro de ${entity.label.plural}`, perm('show'), {
        parameters: [ref('parameters', 'Id')],
        responses: { '200': one('O registro, com suas sub-listas'), ...errorResponses('401', '403', '404') },
      }),
      put: op('update', `Altera ${entity.label.singular}`, perm('update'), {
        parameters: [ref('parameters', 'Id'), ref('parameters', 'IfMatch')],
        requestBody: edited,
        responses: { '200': one('Registro alterado'), ...errorResponses('400', '401', '403', '404', '409', '422') },
      }),
      delete: op('delete', `Exclui ${entity.label.singular}`, perm('destroy'), {
        parameters: [ref('parameters', 'Id')],
        responses: { '200': json('Excluído', ref('schemas', 'Message')), ...errorResponses('401', '403', '404', '409') },
      }),
    },
    [`/api/${m}/{id}/versions`]: {
      get: op('versions', `Histórico de um registro de ${entity.label.plural}`, perm('show'), {
        parameters: [ref('parameters', 'Id')],
        responses: { '200': json('As linhas do histórico, da mais recente à mais antiga', dataEnvelope({ type: 'array', items: ref('schemas', 'RecordVersion') })), ...errorResponses('401', '403', '404') },
      }),
    },
    [`/api/${m}/{id}/versions/{version}/restore`]: {
      post: op('restore', `Restaura uma versão de ${entity.label.singular}`, perm('update'), {
        parameters: [ref('parameters', 'Id'), { name: 'version', in: 'path', required: true, schema: { type: 'integer', minimum: 1 }, description: 'O `id` da linha do histórico.' }, ref('parameters', 'IfMatch')],
        responses: { '200': one('O registro como a versão o deixou'), ...errorResponses('400', '401', '403', '404', '409', '422') },
      }),
    },
    [`/api/rules/${m}/create`]: rules('create'),
    [`/api/rules/${m}/edit`]: rules('edit'),
  };
}
