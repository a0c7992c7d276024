/** The parts of the OpenAPI document that do not depend on the schemas: envelopes, errors, auth routes. */

type Doc = Record<string, unknown>;

export const ref = (kind: 'schemas' | 'parameters' | 'responses' | 'headers', name: string): Doc => ({ $ref: `#/components/${kind}/${name}` });

export const dataEnvelope = (schema: Doc): Doc => ({
  type: 'object',
  properties: { data: schema },
  required: ['data'],
});

export const json = (description: string, schema: Doc): Doc => ({ description, content: { 'application/json': { schema } } });

/**
 * A feature route's operation: its tag and summary, the `Tenant` header first among its parameters,
 * then the operation's own (its other fields as given).
 */
export const featureOperation = (tag: string, summary: string, { parameters, ...rest }: Doc): Doc => ({
  tags: [tag],
  summary,
  parameters: [ref('parameters', 'Tenant'), ...((parameters as Doc[] | undefined) ?? [])],
  ...rest,
});

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
    RecordVersion: {
      type: 'object',
      description: 'Uma linha do histórico de um registro, com os campos que mudou lidos como uma pessoa os lê.',
      properties: {
        id: { type: 'integer' },
        event: { type: 'string', description: '`created`, `updated`, `restored`, `deleted` ou um evento do módulo.' },
        event_label: { type: 'string', description: 'O nome do evento, como a auditoria o mostra.' },
        created_at: { type: 'string', format: 'date-time' },
        user_name: { type: ['string', 'null'] },
        user_email: { type: ['string', 'null'] },
        changes: {
          type: 'array',
          items: {
            type: 'object',
            properties: { field: { type: 'string' }, label: { type: 'string' }, before: { type: 'string' }, after: { type: 'string' } },
            required: ['field', 'label', 'before', 'after'],
          },
        },
        restorable: { type: 'boolean', description: 'Se o registro pode voltar a como esta linha o deixou.' },
      },
      required: ['id', 'event', 'event_label', 'created_at', 'user_name', 'user_email', 'changes', 'restorable'],
    },
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
    Parameter: {
      type: 'object',
      properties: {
        name: { type: 'string' }, label: { type: 'string' }, type: { type: 'string' }, value: {}, defaultValue: {},
        useDefault: { type: 'boolean' }, minimum: { type: ['number', 'null'] }, maximum: { type: ['number', 'null'] },
      },
    },
    Parameters: {
      type: 'object',
      properties: { front: { type: 'array', items: ref('schemas', 'Parameter') }, back: { type: 'array', items: ref('schemas', 'Parameter') } },
      required: ['front', 'back'],
    },
    ParameterChange: { type: 'object', properties: { name: { type: 'string' }, value: {}, useDefault: { type: 'boolean' } }, required: ['name'] },
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

const tenant = [ref('parameters', 'Tenant')];
const object = { type: 'object' };
const body = (properties: Record<string, Doc>, required: string[]): Doc => ({
  required: true,
  content: { 'application/json': { schema: { type: 'object', properties, required } } },
});
const text = { type: 'string' };
const ok = (schema: Doc = object) => ({ '200': json('OK', dataEnvelope(schema)) });
const publicOperation = (summary: string, rest: Doc): Doc => ({ tags: ['auth'], summary, security: [], parameters: tenant, ...rest });
const signedIn = (summary: string, rest: Doc = {}): Doc => ({
  tags: ['auth'],
  summary,
  parameters: tenant,
  responses: { ...ok(), ...errorResponses('401') },
  ...rest,
});

/** Health, the document itself and the authentication routes of the HTTP contract. */
export const commonPaths: Doc = {
  '/api/health': {
    get: {
      tags: ['health'],
      summary: 'Estado do servidor',
      security: [],
      responses: {
        '200': json('OK', {
          type: 'object',
          properties: {
            status: { const: 'ok' },
            version: text,
            jobs: {
              type: 'object',
              description: 'As tarefas de fundo deste processo, pelo nome: quantas vezes cada uma já rodou',
              additionalProperties: { type: 'object', properties: { turns: { type: 'integer', minimum: 0 } }, required: ['turns'] },
            },
          },
          required: ['status', 'version', 'jobs'],
        }),
      },
    },
  },
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
  '/api/auth': {
    post: publicOperation('Entrar', {
      requestBody: body({ email: { type: 'string', format: 'email' }, password: text }, ['email', 'password']),
      responses: {
        '200': json('Sessão aberta', dataEnvelope({
          type: 'object',
          properties: { token: text, token_type: { const: 'Bearer' }, expires_at: text, user: ref('schemas', 'User') },
          required: ['token', 'token_type', 'expires_at', 'user'],
        })),
        ...errorResponses('422', '423', '429'),
      },
    }),
  },
  '/api/auth/me': { get: signedIn('Usuário da sessão', { responses: { ...ok(ref('schemas', 'User')), ...errorResponses('401') } }) },
  '/api/logout': { post: signedIn('Sair (revoga o token)') },
  '/api/load': { get: signedIn('Carga inicial da aplicação') },
  '/api/auth/permissions': { get: signedIn('Permissões efetivas do usuário', { responses: { ...ok({ type: 'array', items: text }), ...errorResponses('401') } }) },
  '/api/permissions': { get: signedIn('Todas as permissões conhecidas') },
  '/api/password/email': {
    post: publicOperation('Pedir recuperação de senha', { requestBody: body({ email: text }, ['email']), responses: { '200': json('OK', object), ...errorResponses('422', '429') } }),
  },
  '/api/password/reset/{token}': {
    get: publicOperation('Validar token de recuperação', {
      parameters: [...tenant, { name: 'token', in: 'path', required: true, schema: text }],
      responses: { ...ok({ type: 'object', properties: { email: text }, required: ['email'] }), ...errorResponses('404') },
    }),
  },
  '/api/perfil': {
    get: signedIn('Perfil do usuário da sessão', { tags: ['perfil'], responses: { ...ok(ref('schemas', 'Profile')), ...errorResponses('401') } }),
    put: signedIn('Altera o próprio perfil (uma nova senha encerra as outras sessões)', {
      tags: ['perfil'],
      requestBody: body({
        name: { type: 'string', maxLength: 255 }, email: { type: 'string', format: 'email', maxLength: 255 },
        password: { type: ['string', 'null'], description: 'Em branco: mantém a senha atual.' }, password_confirmation: { type: ['string', 'null'] },
        image_profile: { type: ['string', 'null'], description: 'Data URL JPEG ou PNG de 300×300; null remove a imagem.' },
      }, ['name', 'email']),
      responses: { ...ok(ref('schemas', 'Profile')), ...errorResponses('401', '422') },
    }),
  },
  '/api/parametros': {
    get: signedIn('Parâmetros do back office (permissão `parameter.index`)', {
      tags: ['parametros'],
      responses: { ...ok(ref('schemas', 'Parameters')), ...errorResponses('401', '403') },
    }),
    put: signedIn('Salva parâmetros (permissão `parameter.update`)', {
      tags: ['parametros'],
      requestBody: body({ front: { type: 'array', items: ref('schemas', 'ParameterChange') }, back: { type: 'array', items: ref('schemas', 'ParameterChange') } }, []),
      responses: { ...ok(ref('schemas', 'Parameters')), ...errorResponses('401', '403', '422') },
    }),
  },
  '/api/parametros/load-parameters': {
    get: signedIn('Parâmetros do navegador em vigor (cor do tema, nome do sistema), os mesmos de `/api/load`', {
      tags: ['parametros'],
      responses: { ...ok({ type: 'array', items: ref('schemas', 'Parameter') }), ...errorResponses('401') },
    }),
  },
  '/api/password/reset': {
    post: publicOperation('Definir nova senha', {
      requestBody: body({ token: text, password: text, password_confirmation: text }, ['token', 'password', 'password_confirmation']),
      responses: { '200': json('OK', object), ...errorResponses('422') },
    }),
  },
};
