/** The routes of a module's `file` fields: one upload route and one download route per module that has any. */
import type { Entity } from '../../language/index.js';
import { fileSizeText } from '../../language/index.js';
import { dataEnvelope, errorResponses, json, ref } from './openapi-common.js';

type Doc = Record<string, unknown>;

const storedFile: Doc = {
  type: 'object',
  properties: { id: { type: 'string' }, name: { type: 'string' }, size: { type: 'integer' }, content_type: { type: 'string' } },
  required: ['id', 'name', 'size', 'content_type'],
};

export function filePaths(entity: Entity, typeName: string): Doc {
  const files = entity.fields.filter((f) => f.kind === 'file');
  if (files.length === 0) return {};
  const m = entity.module;
  const field: Doc = { name: 'field', in: 'path', required: true, schema: { enum: files.map((f) => f.name) }, description: 'O campo de arquivo' };
  const limits = files.map((f) => `\`${f.name}\`: ${f.file!.accept.join(', ')}, até ${fileSizeText(f.file!.maxSize)}`).join('; ');
  return {
    [`/api/${m}/files/{field}`]: {
      post: {
        tags: [m],
        operationId: `upload${typeName}File`,
        summary: `Envia um arquivo (multipart/form-data, parte \`file\`); o corpo do registro leva o \`id\` respondido no campo. ${limits}`,
        description: `Permissão: \`${entity.permission}.store\` ou \`.update\`, ou \`admin\`. O tipo é conferido pelo conteúdo.`,
        parameters: [ref('parameters', 'Tenant'), field],
        requestBody: {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
        },
        responses: { '201': json('O arquivo recebido', dataEnvelope(storedFile)), ...errorResponses('401', '403', '404', '422') },
      },
    },
    [`/api/${m}/{id}/files/{field}`]: {
      get: {
        tags: [m],
        operationId: `download${typeName}File`,
        summary: 'Baixa o arquivo do registro, como anexo (Content-Disposition com o nome em UTF-8)',
        description: `Permissão: \`${entity.permission}.show\` ou \`admin\`.`,
        parameters: [ref('parameters', 'Tenant'), ref('parameters', 'Id'), field],
        responses: {
          '200': { description: 'O conteúdo do arquivo', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
          ...errorResponses('401', '403', '404'),
        },
      },
    },
  };
}
