/** The parts of the OpenAPI document that do not depend on the schemas: envelopes, errors, auth routes. */

type Doc = Record<string, unknown>;

export const ref = (kind: 'schemas' | 'parameters' | 'responses' | 'headers', name: string): Doc => ({ $ref: `#/components/${kind}/${name}` });

export const dataEnvelope = (schema: Doc): Doc => ({
  type: 'object',
  properties: { data: schema },
  required: ['data'],
});

export const json = (description: string, schema: Doc): Doc => ({ description, content: { 'application/json': { schema } } });

export const errorResponses = (...codes: string[]): Doc => Object.fromEntries(codes.map((code) => [code, ref('responses', ERRORS[code])]));

const ERRORS: Record<string, string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'NotFound',
  '409': 'Conflict',
  '422': 'ValidationFailed',
  '423': 'Locked',
  '429': 'TooManyAttempts',
};

const message: Doc = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    code: { type: 'string', description: 'Presente em algumas respostas: `stale_record` num 409 de um salvamento feito sobre a alteração de outra pessoa (recarregar resolve); os outros 409 não o têm.' },
  },
  required: ['message'],
};

export const commonComponents: Doc = {
  securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Token de `POST /api/auth`.' } },
  parameters: {
    Tenant: {
      name: 'Tenant',
      in: 'header',
      required: false,
      description: 'Nome do espaço (inquilino). Ausente: o espaço padrão.',
      schema: { type: 'string' },
    },
    Id: { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
    IfMatch: {
      name: 'If-Match',
      in: 'header',
      required: false,
      description: 'O `ETag` da versão que o formulário abriu (ou `updated_at` no corpo). Se o registro mudou desde então: 409.',
      schema: { type: 'string' },
    },
  },
  headers: {
    ETag: { description: 'A versão do registro (seu `updated_at`), para `If-Match`.', schema: { type: 'string' } },
  },
  schemas: {
    Message: message,
    ValidationError: {
      type: 'object',
      properties: {
        message: { type: 'string' },
        errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
      },
      required: ['message', 'errors'],
    },
    ListMeta: {
      type: 'object',
      properties: {
        total: { type: 'integer' },
        page: { type: 'integer' },
        per_page: { type: 'integer' },
        estimated: { type: 'boolean', description: 'Presente quando `total` é uma estimativa (listas muito grandes).' },
        next_cursor: { type: 'string', description: 'Presente quando a página está cheia: passe como `cursor` para as linhas seguintes.' },
      },
      required: ['total', 'page', 'per_page'],
    },
    ComboOption: {
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
      required: ['id', 'name'],
    },
    User: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } } },
    Profile: {
      type: 'object',
      properties: {
        id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' }, image_profile: { type: ['string', 'null'] },
        last_login: { type: ['string', 'null'] }, current_login: { type: ['string', 'null'] }, updated_at: { type: 'string' },
      },
    },
  },
  responses: {
    BadRequest: json('Requisição malformada.', ref('schemas', 'Message')),
    Unauthorized: json('Não autenticado.', ref('schemas', 'Message')),
    Forbidden: json('Sem permissão.', ref('schemas', 'Message')),
    NotFound: json('Registro ou recurso inexistente.', ref('schemas', 'Message')),
    Conflict: json('Conflito: registro referenciado por outros, ou alterado por outra pessoa desde que foi aberto (`If-Match`).', ref('schemas', 'Message')),
    ValidationFailed: json('Dados inválidos.', ref('schemas', 'ValidationError')),
    Locked: json('Conta bloqueada.', ref('schemas', 'Message')),
    TooManyAttempts: json('Tentativas demais.', ref('schemas', 'Message')),
  },
};

const object = { type: 'object' };

/** The document itself (the routes of sign-in, profile, parameters and health declare their contracts). */
export const commonPaths: Doc = {
  '/api/openapi.json': { get: { tags: ['health'], summary: 'Este documento', security: [], responses: { '200': json('OK', object) } } },
  '/api/openapi/{area}': {
    get: {
      tags: ['health'],
      summary: 'A parte deste documento de uma área do menu (geral, cadastro, financeiro…)',
      security: [],
      parameters: [{ name: 'area', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z]+$' } }],
      responses: { '200': json('OK', object), '404': json('Área desconhecida', ref('schemas', 'Message')) },
    },
  },
};
