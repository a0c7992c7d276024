import type { Entity } from '../../language/index.js';
import { errorResponses, json, ref } from './openapi-common.js';

type Doc = Record<string, unknown>;

const text = { type: 'string' };
const integer = { type: 'integer' };
const binary = { type: 'string', format: 'binary' };
const nullableText = { type: ['string', 'null'] };
const spreadsheet = { 'text/csv': { schema: binary }, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: binary } };
const format = (description: string): Doc => ({ name: 'format', in: 'query', required: false, schema: { enum: ['xlsx', 'csv'], default: 'xlsx' }, description });
const importId = ref('parameters', 'ImportId');
const actions = ['create', 'update', 'skip', 'error'];

/** `<import>` (docs/API.md 'Imports'): the file, its mapping, the dry run's counts and the commit's progress. */
const importState: Doc = {
  type: 'object',
  properties: {
    id: integer, module: text, file_name: text,
    status: { enum: ['draft', 'checked', 'queued', 'running', 'done', 'failed'] },
    total_rows: integer,
    headers: { type: 'array', items: text },
    mapping: { type: 'object', additionalProperties: text, description: '`{ "<índice da coluna do arquivo>": "<campo>" }`' },
    columns: { type: 'array', items: { type: 'object', properties: { key: text, header: text, required: { type: 'boolean' } }, required: ['key', 'header', 'required'] } },
    natural_key: nullableText,
    natural_key_within: { type: 'array', items: text, description: 'Os campos dentro dos quais a chave é única (a categoria de uma inscrição).' },
    counts: { type: 'object', properties: Object.fromEntries([...actions, 'unchecked', 'done'].map((k) => [k, integer])) },
    progress: { type: 'number' },
    error_reason: nullableText,
  },
  required: ['id', 'module', 'file_name', 'status', 'total_rows', 'headers', 'mapping', 'columns', 'natural_key', 'natural_key_within', 'counts', 'progress', 'error_reason'],
};
const importRow: Doc = {
  type: 'object',
  properties: {
    line: integer, cells: { type: 'array' }, action: { enum: [...actions, null] },
    errors: { type: ['object', 'null'], additionalProperties: { type: 'array', items: text } },
    record_id: { type: ['integer', 'null'] }, done: { type: 'boolean' },
  },
};

/** What every module's import routes share, written once in the document's components. */
export const importComponents = {
  schemas: { ImportState: importState, ImportRow: importRow },
  parameters: { ImportId: { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 }, description: 'A importação.' } },
};

const stateAnswer = (description: string) => json(description, { type: 'object', properties: { data: ref('schemas', 'ImportState') }, required: ['data'] });

/**
 * The import routes of a module a spreadsheet may write (`importable`; the imports feature's routes.ts):
 * template, upload, mapping, dry run, its rows and error file, commit.
 */
export function importPaths(entity: Entity, typeName: string): Doc {
  const m = entity.module;
  const base = `/api/${m}/import`;
  const op = (operationId: string, summary: string, rest: Doc): Doc => ({
    tags: [m],
    operationId: `${operationId}${typeName}`,
    summary,
    description: `Quem pode incluir ${entity.label.plural}${entity.operations.update ? ' e alterá-los' : ''} (docs/IMPORTS.md).`,
    ...rest,
    parameters: [ref('parameters', 'Tenant'), ...((rest.parameters as Doc[] | undefined) ?? [])],
  });
  return {
    [`${base}/template`]: {
      get: op('importTemplate', `Modelo de planilha para importar ${entity.label.plural}`, {
        parameters: [format('A planilha vazia, com um cabeçalho em português por coluna que a importação lê.')],
        responses: { '200': { description: `Anexo \`Modelo - ${entity.label.plural}.xlsx\``, content: spreadsheet }, ...errorResponses('400', '401', '403') },
      }),
    },
    [base]: {
      post: op('importStart', `Envia uma planilha (CSV ou XLSX) de ${entity.label.plural} para importar`, {
        requestBody: {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: binary }, required: ['file'] } } },
        },
        responses: { '201': stateAnswer('A importação, com as colunas mapeadas pelo cabeçalho (ou como da última vez)'), ...errorResponses('401', '403', '422') },
      }),
    },
    [`${base}/{id}`]: {
      get: op('importShow', 'Estado da importação', { parameters: [importId], responses: { '200': stateAnswer('A importação'), ...errorResponses('401', '403', '404') } }),
    },
    [`${base}/{id}/mapping`]: {
      put: op('importMapping', 'Muda o mapeamento das colunas (lembrado para o cadastro)', {
        parameters: [importId],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { mapping: { type: 'object', additionalProperties: { type: ['string', 'null'] } } }, required: ['mapping'] } } },
        },
        responses: { '200': stateAnswer('A importação, a simulação por fazer de novo'), ...errorResponses('401', '403', '404', '422') },
      }),
    },
    [`${base}/{id}/check`]: {
      post: op('importCheck', 'Simulação: o que cada linha faria (incluir, alterar, ignorar, erro)', {
        parameters: [importId],
        responses: { '200': stateAnswer('A importação com as contagens'), ...errorResponses('401', '403', '404', '409') },
      }),
    },
    [`${base}/{id}/rows`]: {
      get: op('importRows', 'As linhas da simulação', {
        parameters: [
          importId,
          { name: 'action', in: 'query', required: false, schema: { enum: actions } },
          { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, default: 1 } },
          { name: 'per_page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 200 } },
        ],
        responses: {
          '200': json('Uma página de linhas', {
            type: 'object',
            properties: {
              data: { type: 'array', items: ref('schemas', 'ImportRow') },
              total: integer,
            },
            required: ['data', 'total'],
          }),
          ...errorResponses('401', '403', '404'),
        },
      }),
    },
    [`${base}/{id}/errors`]: {
      get: op('importErrors', 'As linhas com erro, numa planilha com a coluna Erros', {
        parameters: [importId, format('A planilha das linhas com erro.')],
        responses: { '200': { description: 'Anexo `Erros - <arquivo>.xlsx`', content: spreadsheet }, ...errorResponses('400', '401', '403', '404') },
      }),
    },
    [`${base}/{id}/commit`]: {
      post: op('importCommit', 'Importa: as linhas a incluir e alterar são gravadas em segundo plano', {
        parameters: [importId],
        responses: {
          '202': json('Importação iniciada.', { type: 'object', properties: { message: text, data: ref('schemas', 'ImportState') }, required: ['message', 'data'] }),
          ...errorResponses('401', '403', '404', '409'),
        },
      }),
    },
  };
}
