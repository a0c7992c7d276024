/**
 * The hand-written routes features add beside a module's generic ones (src/server/<feature>/routes.ts),
 * keyed by the module they belong to: the document lists them when the model has that module.
 */
import { dataEnvelope, errorResponses, featureOperation as operation, json, ref } from './openapi-common.js';

type Doc = Record<string, unknown>;

const object = { type: 'object' };
const text = { type: 'string' };
const integer = { type: 'integer' };
const nullableInteger = { type: ['integer', 'null'] };
const nullableText = { type: ['string', 'null'] };
const tenant = ref('parameters', 'Tenant');
const body = (properties: Record<string, Doc>, required: string[]): Doc => ({
  required: true,
  content: { 'application/json': { schema: { type: 'object', properties, required } } },
});
const withId = [ref('parameters', 'Id')];
const namedParty = { type: ['object', 'null'], properties: { id: integer, name: text }, required: ['id', 'name'] };
const institutionSettings = {
  type: 'object',
  properties: {
    institution_id: nullableInteger, institution: namedParty, president_id: nullableInteger, president: namedParty,
    update_job_relations: { type: 'boolean' }, updated_at: { type: ['string', 'null'], format: 'date-time' },
  },
  required: ['institution_id', 'institution', 'president_id', 'president', 'update_job_relations', 'updated_at'],
};

const moment = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$', description: "'YYYY-MM-DD HH:mm:ss' no relógio de America/Sao_Paulo" };
const deadlineHistory = {
  type: 'object',
  properties: {
    id: integer, deadline_id: integer, event: text, event_label: text, amount: nullableInteger, base_moment: moment, deadline_moment: moment,
    notes: nullableText, document_id: nullableInteger, user: nullableText, created_at: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'deadline_id', 'event', 'event_label', 'amount', 'base_moment', 'deadline_moment', 'notes', 'document_id', 'user', 'created_at'],
};
const deadline = {
  type: 'object',
  properties: {
    id: integer, deadline_type_id: integer, deadline_type: text, uf_id: nullableInteger, city_id: nullableInteger, status: { type: 'integer', enum: [1, 2, 3, 4] },
    status_label: text, amount: integer, base_moment: moment, deadline_moment: moment, deadline_histories: { type: 'array', items: deadlineHistory },
  },
  required: ['id', 'deadline_type_id', 'deadline_type', 'uf_id', 'city_id', 'status', 'status_label', 'amount', 'base_moment', 'deadline_moment', 'deadline_histories'],
};
const deadlineAnswer = { type: 'object', properties: { data: deadline, message: text }, required: ['data', 'message'] };
const place = { uf_id: integer, city_id: integer };
const deadlineOperation = (summary: string, properties: Record<string, Doc>, required: string[]): Doc => ({
  post: operation('tipos_prazo', summary, {
    requestBody: body(properties, required),
    responses: { '200': json('O prazo com o seu histórico', deadlineAnswer), ...errorResponses('401', '403', '404', '422') },
  }),
});
const created = (summary: string): Doc => ({
  post: operation('tipos_prazo', summary, {
    requestBody: body({ deadline_type_id: integer, amount: integer, base_moment: moment, ...place, notes: text }, ['deadline_type_id', 'amount', 'base_moment']),
    responses: { '201': json('O prazo com o seu histórico', deadlineAnswer), ...errorResponses('401', '403', '422') },
  }),
});

/** module → its feature routes, given the module's record schema name. */
const certificateStatus = { enum: ['valida', 'expirada', 'revogada'] };
const certificate = {
  type: 'object',
  properties: {
    id: integer, code: text, kind: { enum: ['regularidade', 'carteira'] }, kind_label: text, title: text, issued_on: { type: 'string', format: 'date' },
    valid_until: { type: 'string', format: 'date' }, issued_at: { type: 'string', format: 'date-time' }, issued_by: nullableText,
    revoked_at: { type: ['string', 'null'], format: 'date-time' }, revoked_by: nullableText, revoke_reason: nullableText, status: certificateStatus, status_label: text,
  },
  required: ['id', 'code', 'kind', 'kind_label', 'title', 'issued_on', 'valid_until', 'issued_at', 'issued_by', 'revoked_at', 'revoked_by', 'revoke_reason', 'status', 'status_label'],
};
const certificateAnswer = json('A certidão', { type: 'object', properties: { data: certificate, message: text }, required: ['data', 'message'] });
const publicStatement = {
  type: 'object',
  properties: {
    code: text, kind: { enum: ['regularidade', 'carteira'] }, kind_label: text, title: text, holder_name: text, holder_tax_id: { ...nullableText, description: 'Mascarado: ***.456.789-**' },
    registration_number: nullableText, issued_on: { type: 'string', format: 'date' }, valid_until: { type: 'string', format: 'date' }, status: certificateStatus, status_label: text,
  },
  required: ['code', 'kind', 'kind_label', 'title', 'holder_name', 'holder_tax_id', 'registration_number', 'issued_on', 'valid_until', 'status', 'status_label'],
};
const codeParameter = { name: 'code', in: 'path', required: true, schema: text, description: 'O código da certidão (20 caracteres, com ou sem hífens).' };

/** Certificates of a registration and their public verification (docs/CERTIFICATES.md), listed with their templates' module. */
const certificatePaths = (): Doc => ({
  '/api/inscricao/{id}/certidoes': {
    get: operation('certidoes', 'As certidões da inscrição, das mais recentes (permissão `registration.show`)', {
      parameters: withId,
      responses: { '200': json('As certidões', dataEnvelope({ type: 'array', items: certificate })), ...errorResponses('401', '403', '404') },
    }),
    post: operation('certidoes', 'Emite uma certidão da inscrição com um modelo; a de regularidade só para inscrição regular (permissão `registration.update`)', {
      parameters: withId,
      requestBody: body({ template_id: integer }, ['template_id']),
      responses: { '201': certificateAnswer, ...errorResponses('400', '401', '403', '404', '422') },
    }),
  },
  '/api/certidoes/{id}': {
    get: operation('certidoes', 'Uma certidão (permissão `registration.show`)', {
      parameters: withId,
      responses: { '200': json('A certidão', dataEnvelope(certificate)), ...errorResponses('401', '403', '404') },
    }),
  },
  '/api/certidoes/{id}/pdf': {
    get: operation('certidoes', 'O PDF da certidão como foi emitido (permissão `registration.show`)', {
      parameters: withId,
      responses: { '200': { description: 'O PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }, ...errorResponses('401', '403', '404') },
    }),
  },
  '/api/certidoes/{id}/revogar': {
    post: operation('certidoes', 'Revoga a certidão com um motivo (permissão `registration.update`)', {
      parameters: withId,
      requestBody: body({ reason: text }, ['reason']),
      responses: { '200': certificateAnswer, ...errorResponses('400', '401', '403', '404', '409', '422') },
    }),
  },
  '/api/verificar/{code}': {
    get: {
      tags: ['certidoes'],
      summary: 'Verificação pública de uma certidão, sem login, limitada por endereço: o que ela declara e se ainda vale (o código indica o espaço)',
      security: [],
      parameters: [codeParameter],
      responses: { '200': json('A certidão', dataEnvelope(publicStatement)), ...errorResponses('404', '429') },
    },
  },
});

export const featurePaths: Record<string, (typeName: string) => Doc> = {
  modelo_certidao: certificatePaths,
  monitores: (typeName) => ({
    '/api/monitores/status': {
      get: operation('monitores', 'Monitores na ordem da grade (excluído, ainda não verificado, fora do ar, alerta, no ar), com o tempo de resposta máximo (permissão `monitor.index`, espaço da plataforma)', {
        responses: {
          '200': json('OK', { type: 'object', properties: { data: { type: 'array', items: ref('schemas', typeName) }, monitor_response_time_limit: integer }, required: ['data', 'monitor_response_time_limit'] }),
          ...errorResponses('401', '403'),
        },
      }),
    },
    '/api/monitores/{id}/check': {
      post: operation('monitores', 'Verifica o monitor agora (permissão `monitor.update`, espaço da plataforma)', {
        parameters: withId,
        responses: { '200': json('O monitor após a verificação', dataEnvelope(ref('schemas', typeName))), ...errorResponses('401', '403', '404', '422') },
      }),
    },
  }),
  clientes: () => ({
    '/api/clientes/available_drivers': {
      get: operation('clientes', 'Bancos de dados em que um espaço pode ser criado (operador da plataforma)', {
        responses: { '200': json('OK', dataEnvelope(object)), ...errorResponses('401', '403') },
      }),
    },
    '/api/clientes/configs': {
      get: operation('clientes', 'Os espaços da instalação, por nome (operador da plataforma)', {
        responses: {
          '200': json('OK', dataEnvelope({ type: 'array', items: { type: 'object', properties: { id: integer, tenant_name: text }, required: ['id', 'tenant_name'] } })),
          ...errorResponses('401', '403'),
        },
      }),
    },
  }),
  usuarios: () => ({
    '/api/usuarios/tenant_configs': {
      get: operation('usuarios', 'Os espaços do conselho que o formulário de usuário oferece, por nome', {
        responses: {
          '200': json('OK', dataEnvelope({ type: 'array', items: { type: 'object', properties: { id: integer, name: text, active: { type: 'boolean' } }, required: ['id', 'name', 'active'] } })),
          ...errorResponses('401', '403'),
        },
      }),
    },
  }),
  sequencias: () => ({
    '/api/sequencias/mask_preview': {
      post: operation('sequencias', 'Formata um número com uma máscara, como um sorteio formataria (permissão `sequence.show`, `.store` ou `.update`)', {
        requestBody: body({ formatting: text, number: integer, year: integer, book: nullableInteger, leaf: nullableInteger, order: nullableInteger, annual_restart: { type: 'boolean' }, has_book: { type: 'boolean' } }, ['formatting', 'number']),
        responses: { '200': json('O número formatado', dataEnvelope(text)), ...errorResponses('401', '403', '422') },
      }),
    },
    '/api/sequencias/{id}/next': {
      post: operation('sequencias', 'Gera à mão o próximo número da sequência (permissão `sequence.update`, auditado)', {
        parameters: withId,
        requestBody: { required: false, content: { 'application/json': { schema: { type: 'object', properties: { date: { type: 'string', description: 'Data do registro (`AAAA-MM-DD`): decide o ano do reinício anual. Ausente: agora.' } } } } } },
        responses: {
          '200': json('O número gerado', dataEnvelope({
            type: 'object',
            properties: { number: integer, formatted_number: text, year: integer, book: nullableInteger, leaf: nullableInteger, order: nullableInteger },
            required: ['number', 'formatted_number', 'year', 'book', 'leaf', 'order'],
          })),
          ...errorResponses('401', '403', '404', '409', '422'),
        },
      }),
    },
    '/api/sequencias/{id}/reset_year': {
      post: operation('sequencias', 'Repõe uma sequência levada por engano a um ano adiante (uma data como 2062 ou 9999) no ano informado, até o corrente (só administrador, auditado): com reinício anual, o contador volta ao último número emitido naquele ano, ou ao número informado, nunca abaixo dele; nenhum número se repete', {
        parameters: withId,
        requestBody: body({ year: { type: 'integer', description: 'O ano de volta; ausente: o ano corrente.' }, number: { type: 'integer', description: 'O último número emitido naquele ano, quando o histórico não o mostra.' } }, []),
        responses: { '200': json('O ano e o contador repostos', dataEnvelope({ type: 'object', properties: { last_draw_year: integer, number: integer, last_drawn_number: nullableInteger } })), ...errorResponses('401', '403', '404', '422') },
      }),
    },
  }),
  documento: (typeName) => ({
    '/api/documento/{id}/download': {
      get: operation('documento', "O arquivo do documento, como anexo chamado pelo nome e extensão do documento (permissão `document.show`); 404 'Documento não encontrado.'", {
        parameters: withId,
        responses: { '200': { description: 'Os bytes do arquivo (`Content-Disposition: attachment`, `X-Content-Type-Options: nosniff`)' }, ...errorResponses('401', '403', '404') },
      }),
    },
    '/api/documento/{id}/archive': {
      post: operation('documento', 'Arquiva o documento (permissão `document.update`, auditado): só um documento não arquivado de tipo não físico; 409 caso contrário', {
        parameters: withId,
        responses: { '200': json('O documento arquivado', dataEnvelope(ref('schemas', typeName))), ...errorResponses('401', '403', '404', '409') },
      }),
    },
    '/api/documento/{id}/unarchive': {
      post: operation('documento', 'Desarquiva o documento (permissão `document.update`, auditado); 409 se não está arquivado', {
        parameters: withId,
        responses: { '200': json('O documento desarquivado', dataEnvelope(ref('schemas', typeName))), ...errorResponses('401', '403', '404', '409') },
      }),
    },
    '/api/documento/{id}/history': {
      get: operation('documento', 'O histórico do documento: suas linhas de auditoria, da mais nova à mais antiga, com quem mudou (permissão `document.show`)', {
        parameters: withId,
        responses: { '200': json('OK', dataEnvelope({ type: 'array', items: object })), ...errorResponses('401', '403', '404') },
      }),
    },
  }),
  municipios: () => ({
    '/api/cep/{cep}': {
      get: operation('municipios', 'Endereço de um CEP (ViaCEP, depois BrasilAPI; respostas guardadas no espaço), nos campos do produto, com a UF e o município do espaço (qualquer usuário autenticado)', {
        parameters: [{ name: 'cep', in: 'path', required: true, description: 'O CEP: 8 dígitos, com ou sem hífen e pontos (`01001-000`).', schema: text }],
        responses: {
          '200': json('O endereço', dataEnvelope({
            type: 'object',
            properties: {
              postal_code: { type: 'string', description: '`00000-000`' },
              uf_id: nullableInteger, uf: text, city_id: nullableInteger, city: text,
              neighborhood: nullableText, street_address: nullableText, address_complement: nullableText,
            },
            required: ['postal_code', 'uf_id', 'uf', 'city_id', 'city', 'neighborhood', 'street_address', 'address_complement'],
          })),
          ...errorResponses('401', '404', '422'),
          '503': json('Nenhum provedor respondeu e não há resposta guardada do CEP', ref('schemas', 'Message')),
        },
      }),
    },
  }),
  pessoa_fisica: (typeName) => ({
    '/api/pessoa_fisica/cpf/{cpf}': {
      get: operation('pessoa_fisica', 'A pessoa física de um CPF, digitado com ou sem pontuação (party.show)', {
        parameters: [{ name: 'cpf', in: 'path', required: true, description: '`000.000.000-00` ou 11 dígitos.', schema: text }],
        responses: { '200': json('A pessoa, como GET /api/pessoa_fisica/{id}', dataEnvelope(ref('schemas', typeName))), ...errorResponses('401', '403', '404', '422') },
      }),
    },
  }),
  pessoa_juridica: (typeName) => ({
    '/api/pessoa_juridica/cnpj/{cnpj}': {
      get: operation('pessoa_juridica', 'A pessoa jurídica de um CNPJ, numérico ou alfanumérico, digitado com ou sem pontuação (party.show)', {
        parameters: [{ name: 'cnpj', in: 'path', required: true, description: '`00.000.000/0000-00`, `12.ABC.345/01DE-35` ou os 14 caracteres.', schema: text }],
        responses: { '200': json('A empresa, como GET /api/pessoa_juridica/{id}', dataEnvelope(ref('schemas', typeName))), ...errorResponses('401', '403', '404', '422') },
      }),
    },
    '/api/pessoa_juridica/{id}/vinculos': {
      get: operation('pessoa_juridica', 'As pessoas físicas que a empresa emprega, pelos vínculos empregatícios que a nomeiam empregadora, por nome; um vínculo encerrado com a data de desligamento (party.show)', {
        parameters: [{ name: 'id', in: 'path', required: true, schema: integer }],
        responses: {
          '200': json('Os vínculos', dataEnvelope({
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: integer, person_id: integer, name: text, individual_registration: text, employee_register_id: text, sector: nullableText,
                admission_date: { type: 'string', format: 'date' }, resignation_date: { type: ['string', 'null'], format: 'date' },
              },
              required: ['id', 'person_id', 'name', 'individual_registration', 'employee_register_id', 'sector', 'admission_date', 'resignation_date'],
            },
          })),
          ...errorResponses('401', '403', '404'),
        },
      }),
    },
  }),
  partes: () => ({
    '/api/instituicao': {
      get: operation('partes', 'As configurações da instituição: a instituição (empregador padrão dos vínculos empregatícios) e o presidente, cada um com id e nome; ids nulos até a primeira gravação (qualquer usuário autenticado)', {
        responses: { '200': json('As configurações (`ETag`: a versão)', dataEnvelope(institutionSettings)), ...errorResponses('401') },
      }),
      put: operation('partes', 'Salva a instituição (pessoa jurídica), o presidente (pessoa física) e `update_job_relations`: com ele, a troca de instituição transfere os vínculos empregatícios atuais da anterior para a nova (permissão `institution.update`, auditado)', {
        parameters: [ref('parameters', 'IfMatch')],
        requestBody: body({ institution_id: integer, president_id: integer, update_job_relations: { type: 'boolean' }, updated_at: { type: 'string', format: 'date-time' } }, ['institution_id', 'president_id']),
        responses: {
          '200': json('As configurações salvas e quantos vínculos foram transferidos', {
            type: 'object',
            properties: { data: institutionSettings, moved_work_relations: integer, message: text },
            required: ['data', 'moved_work_relations', 'message'],
          }),
          ...errorResponses('401', '403', '409', '422'),
        },
      }),
    },
  }),
  tipos_prazo: () => ({
    '/api/deadlines': created('Inclui um prazo: o vencimento calculado do momento base e da quantidade na unidade do tipo, no calendário da UF e do município (permissão `deadline.store`, auditado; docs/DEADLINES.md)'),
    '/api/deadlines/': created('O mesmo que `POST /api/deadlines`, como a especificação escreve'),
    '/api/deadlines/simulation': {
      post: operation('tipos_prazo', "Simula um prazo sem guardar nada: 'Simulação do prazo incluída com sucesso' (permissões de prazo ou de tipo de prazo)", {
        requestBody: body({ deadline_type_id: integer, amount: integer, base_moment: moment, ...place }, ['deadline_type_id', 'amount', 'base_moment']),
        responses: {
          '200': json('O vencimento simulado', {
            type: 'object',
            properties: {
              data: { type: 'object', properties: { deadline_type_id: integer, uf_id: nullableInteger, city_id: nullableInteger, amount: integer, base_moment: moment, deadline_moment: moment, event: text, event_label: text } },
              message: text,
            },
            required: ['data', 'message'],
          }),
          ...errorResponses('401', '403', '422'),
        },
      }),
    },
    '/api/deadlines/alteration': deadlineOperation('Altera a quantidade e o momento base (permissão `deadline.update`): alterabilidade 2 recusa; 3 exige `document_id`', { deadline_id: integer, amount: integer, base_moment: moment, notes: text, document_id: integer }, ['deadline_id', 'amount', 'base_moment']),
    '/api/deadlines/suspension': deadlineOperation('Suspende o prazo a partir do momento base (permissão `deadline.update`)', { deadline_id: integer, base_moment: moment, notes: text }, ['deadline_id', 'base_moment']),
    '/api/deadlines/reactivation': deadlineOperation('Reativa o prazo suspenso, devolvendo o tempo que a suspensão tomou (permissão `deadline.update`)', { deadline_id: integer, base_moment: moment, notes: text }, ['deadline_id', 'base_moment']),
    '/api/deadlines/completion': deadlineOperation('Conclui o prazo (permissão `deadline.update`)', { deadline_id: integer, base_moment: moment, notes: text }, ['deadline_id', 'base_moment']),
    '/api/deadlines/cancellation': deadlineOperation('Cancela o prazo (permissão `deadline.update`)', { deadline_id: integer, amount: integer, base_moment: moment, notes: text }, ['deadline_id', 'amount', 'base_moment']),
    '/api/deadlines/histories/{id}': {
      get: operation('tipos_prazo', 'O prazo com o seu histórico, do evento mais antigo ao mais novo (permissão `deadline.index` ou `deadline.update`)', {
        parameters: withId,
        responses: { '200': json('OK', { type: 'object', properties: { data: deadline }, required: ['data'] }), ...errorResponses('401', '403', '404') },
      }),
    },
    '/api/deadlines/mine': {
      get: operation('tipos_prazo', "'Meus prazos': os prazos em aberto de quem chama (os fiscais da ação de uma pendência; quem incluiu um prazo sem registro), do vencimento mais próximo, com os dias que faltam e os lembretes enviados (qualquer pessoa autenticada; docs/DEADLINES.md)", {
        responses: {
          '200': json('OK', {
            type: 'object',
            properties: {
              data: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: integer, deadline_type: text, record: text, record_path: { type: ['string', 'null'] }, deadline_moment: moment, status: integer, status_label: text,
                    expired: { type: 'boolean' }, days_left: integer, business_days_left: integer,
                    reminders: { type: 'array', items: { type: 'object', properties: { id: integer, kind: { type: 'string', enum: ['before', 'expiry'] }, kind_label: text, due_date: { type: 'string', format: 'date' }, status: integer, status_label: text, sent_at: { type: ['string', 'null'], format: 'date-time' } } } },
                  },
                },
              },
            },
            required: ['data'],
          }),
          ...errorResponses('401'),
        },
      }),
    },
  }),
  tipo_debito: () => {
    const options = { type: 'array', items: { type: 'object', properties: { id: integer, name: text }, required: ['id', 'name'] } };
    const fields = ['currency_id', 'debt_control_account_sequence_id', 'forfeit_update_setting_id', 'value_update_setting_id', 'interest_update_setting_id', 'amount_amortization_setting_id'];
    return {
      '/api/tipo_debito/combos_formulario': {
        get: operation('tipo_debito', 'As opções da moeda, da sequência das contas de controle e das quatro configurações do formulário de um tipo de débito numa chamada, por campo, cada lista a do combo do módulo citado (registros ativos; permissão `debtType.index`, `.show`, `.store` ou `.update`; docs/FINANCE.md)', {
          responses: {
            '200': json('OK', dataEnvelope({ type: 'object', properties: Object.fromEntries(fields.map((field) => [field, options])), required: fields })),
            ...errorResponses('401', '403'),
          },
        }),
      },
    };
  },
  acoes_fiscalizacao: () => {
    const date = { type: 'string', format: 'date' };
    const moved = (summary: string, properties: Record<string, Doc>, required: string[], conflicts: string): Doc => ({
      put: operation('acoes_fiscalizacao', summary, {
        parameters: withId,
        requestBody: body(properties, required),
        responses: { '200': json(conflicts, { type: 'object', properties: { data: object, message: text }, required: ['data', 'message'] }), ...errorResponses('401', '403', '404', '409', '422') },
      }),
    });
    return {
      '/api/acoes_fiscalizacao/{id}/cancel': moved("Cancela a ação com um motivo e observações: 'Ação de fiscalização cancelada com sucesso' (permissão `inspectionAction.update`, auditado; já cancelada ou concluída: 409; docs/INSPECTIONS.md)", { cancellation_reason: text, cancellation_notes: text }, ['cancellation_reason'], 'A ação cancelada'),
      '/api/acoes_fiscalizacao/{id}/reactivate': moved("Reativa a ação cancelada e apaga o motivo e as observações: 'Ação de fiscalização reativada com sucesso' (permissão `inspectionAction.update`, auditado; não cancelada: 409)", {}, [], 'A ação reativada'),
      '/api/acoes_fiscalizacao/supervisor_check': {
        get: operation('acoes_fiscalizacao', 'Se quem chama é fiscal (permissão `inspectionAction.supervise`) e o seu id de usuário: o formulário de inclusão o põe entre os fiscais (permissão de incluir ou alterar ações)', {
          responses: { '200': json('OK', dataEnvelope({ type: 'object', properties: { supervisor: { type: 'boolean' }, user_id: nullableInteger }, required: ['supervisor', 'user_id'] })), ...errorResponses('401', '403') },
        }),
      },
      '/api/acoes_fiscalizacao/conclude': {
        post: operation('acoes_fiscalizacao', "Conclui uma ou várias ações, todas ou nenhuma, sem volta: 'Ação de fiscalização concluída com sucesso' / 'Ações de fiscalização concluídas com sucesso'; a data de término é a enviada, senão a da ação, senão hoje (permissão `inspectionAction.update`, auditado; cancelada ou já concluída: 409). Uma ação com pendências abertas só se conclui com `resolve_pendencies: true`, que as resolve na data de término; sem ele, 422 em `resolve_pendencies` nomeando cada pendência aberta", {
          requestBody: body({ ids: { type: 'array', items: integer }, end_date: date, end_notes: text, resolve_pendencies: { type: 'boolean' } }, ['ids']),
          responses: { '200': json('As ações concluídas', { type: 'object', properties: { data: { type: 'array', items: object }, message: text }, required: ['data', 'message'] }), ...errorResponses('401', '403', '404', '409', '422') },
        }),
      },
    };
  },
  pendencias_acao_fiscalizacao: () => {
    const date = { type: 'string', format: 'date' };
    const resolved = { type: 'object', properties: { id: integer, concluded: { type: 'boolean' }, end_date: date, end_notes: nullableText }, required: ['id', 'concluded', 'end_date', 'end_notes'] };
    return {
      '/api/pendencias_acao_fiscalizacao/simulation': {
        post: operation('pendencias_acao_fiscalizacao', "O prazo que uma pendência do tipo receberia, contado do momento base (vazio: a data de início às 00:00:00, senão agora), sem guardar nada, com aquilo de que foi contado (`base`, `base_label`) e se já estaria vencido ao salvar (`overdue`): 'Simulação do prazo incluída com sucesso' (permissão de incluir ou alterar pendências; tipo sem prazo: 422)", {
          requestBody: body({ pendency_type_id: integer, start_date: date, base_moment: { type: 'string', format: 'date-time' } }, ['pendency_type_id']),
          responses: {
            '200': json('O vencimento simulado', {
              type: 'object',
              properties: {
                data: {
                  type: 'object',
                  properties: {
                    deadline_type_id: integer, amount: integer, base_moment: moment, deadline_moment: moment,
                    base: { type: 'string', enum: ['base_moment', 'start_date', 'now'] }, base_label: text, overdue: { type: 'boolean' },
                  },
                },
                message: text,
              },
              required: ['data', 'message'],
            }),
            ...errorResponses('401', '403', '422'),
          },
        }),
      },
      '/api/pendencias_acao_fiscalizacao/{id}/conclude': {
        put: operation('pendencias_acao_fiscalizacao', "Resolve a pendência numa data, com observações, e conclui o seu prazo: 'Pendência resolvida com sucesso' (permissão `inspectionActionPendency.update`, auditado; já resolvida, ou a ação cancelada: 409; a pendência deixada aberta por uma ação concluída antes de a conclusão conferir as pendências ainda se resolve)", {
          parameters: withId,
          requestBody: body({ end_date: date, end_notes: text }, ['end_date']),
          responses: { '200': json('A pendência resolvida', { type: 'object', properties: { data: resolved, message: text }, required: ['data', 'message'] }), ...errorResponses('401', '403', '404', '409', '422') },
        }),
      },
      '/api/pendencias_acao_fiscalizacao/conclude': {
        put: operation('pendencias_acao_fiscalizacao', "Resolve várias pendências, todas ou nenhuma: 'Pendências resolvidas com sucesso' (uma só: 'Pendência resolvida com sucesso'; permissão `inspectionActionPendency.update`, auditado)", {
          requestBody: body({ ids: { type: 'array', items: integer }, end_date: date, end_notes: text }, ['ids', 'end_date']),
          responses: { '200': json('As pendências resolvidas', { type: 'object', properties: { data: { type: 'array', items: resolved }, message: text }, required: ['data', 'message'] }), ...errorResponses('401', '403', '404', '409', '422') },
        }),
      },
    };
  },
  pagina_dinamica: () => ({
    '/api/pagina_dinamica/menu': {
      get: operation('pagina_dinamica', "O menu Páginas: as páginas do espaço cujas categorias estão ativas, por categoria e título (qualquer usuário autenticado)", {
        responses: {
          '200': json('OK', dataEnvelope({ type: 'array', items: { type: 'object', properties: { title: text, uri: text, slug: text, category: text }, required: ['title', 'uri', 'slug', 'category'] } })),
          ...errorResponses('401'),
        },
      }),
    },
    '/api/pagina_dinamica/view/{uri}/{slug}': {
      get: operation('pagina_dinamica', 'Uma página pelo seu endereço (URI da categoria e slug), com o conteúdo sanitizado (qualquer usuário autenticado)', {
        parameters: [
          { name: 'uri', in: 'path', required: true, schema: text },
          { name: 'slug', in: 'path', required: true, schema: text },
        ],
        responses: {
          '200': json('A página', dataEnvelope({
            type: 'object',
            properties: { id: integer, title: text, content: text, uri: text, slug: text, category: text, updated_at: { type: 'string', format: 'date-time' } },
            required: ['id', 'title', 'content', 'uri', 'slug', 'category', 'updated_at'],
          })),
          ...errorResponses('401', '404'),
        },
      }),
    },
  }),
};

/**
 * Keys a module's list answer carries beside `data` and `meta`, added by its feature's read hook
 * (src/server/resources/read-hooks.ts `answer`), given the module's record schema.
 */
export const LIST_ANSWER_KEYS: Record<string, (record: Doc) => Record<string, Doc>> = {
  configuracao_arrecadacao: (record) => ({
    current_config: { description: 'A configuração em vigor hoje (America/Sao_Paulo), ou null antes da primeira (docs/FINANCE.md)', anyOf: [record, { type: 'null' }] },
  }),
};

/** `GET /api/dashboard`: one route of the shell, whatever the modules. */
export const dashboardPath: Doc = {
  '/api/dashboard': {
    get: {
      tags: ['dashboard'],
      summary: 'Painel: registros por área que a pessoa pode listar, situação dos monitores (espaço da plataforma), suas últimas alterações',
      parameters: [tenant],
      responses: { '200': json('OK', dataEnvelope(object)), ...errorResponses('401') },
    },
  },
};

const savedViewState = {
  type: 'object',
  properties: {
    filter: { type: 'object', description: 'Os filtros da lista, como `filter` os recebe (`q` inclusive).' },
    sort: { type: ['object', 'null'], properties: { field: text, order: { enum: ['ASC', 'DESC'] } } },
    hidden_columns: { type: 'array', items: text },
    per_page: { type: ['integer', 'null'], minimum: 1, maximum: 500 },
  },
};
const savedView = {
  type: 'object',
  properties: { id: integer, module: text, name: text, role_id: nullableInteger, role_name: nullableText, mine: { type: 'boolean' }, state: savedViewState },
  required: ['id', 'module', 'name', 'role_id', 'role_name', 'mine', 'state'],
};
const savedViewAnswer = json('A visão', { type: 'object', properties: { data: savedView, message: text }, required: ['data', 'message'] });
const savedViewBody = body({ module: text, name: text, role_id: nullableInteger, state: savedViewState }, ['module', 'name']);

/** The saved views of every list (docs/SAVED_VIEWS.md): one set of routes, whatever the modules. */
export const savedViewPaths: Doc = {
  '/api/saved_views/roles': {
    get: operation('saved_views', 'Os papéis com que a pessoa pode compartilhar uma visão: os seus (todos, para um administrador)', {
      responses: { '200': json('Os papéis', dataEnvelope({ type: 'array', items: { type: 'object', properties: { id: integer, name: text }, required: ['id', 'name'] } })), ...errorResponses('401') },
    }),
  },
  '/api/saved_views': {
    get: operation('saved_views', 'As visões salvas de uma lista: as suas e as compartilhadas com um papel seu', {
      parameters: [{ name: 'module', in: 'query', required: true, schema: text, description: 'O módulo da lista.' }],
      responses: { '200': json('As visões', dataEnvelope({ type: 'array', items: savedView })), ...errorResponses('401', '403', '404') },
    }),
    post: operation('saved_views', 'Salva uma visão da lista', {
      requestBody: savedViewBody,
      responses: { '201': savedViewAnswer, ...errorResponses('400', '401', '403', '422') },
    }),
  },
  '/api/saved_views/{id}': {
    put: operation('saved_views', 'Altera uma visão sua', {
      parameters: withId,
      requestBody: savedViewBody,
      responses: { '200': savedViewAnswer, ...errorResponses('400', '401', '403', '404', '422') },
    }),
    delete: operation('saved_views', 'Exclui uma visão sua', {
      parameters: withId,
      responses: { '200': json('Excluída', ref('schemas', 'Message')), ...errorResponses('401', '403', '404') },
    }),
  },
};
