/**
 * The deadline routes (spec 002 §7, docs/API.md 'Deadlines'):
 * - `POST /api/deadlines/` (`deadline.store`): a new deadline;
 * - `POST /api/deadlines/simulation` (any deadline permission, or the deadline types'): the moment it
 *   would end, nothing stored;
 * - `POST /api/deadlines/{alteration,suspension,reactivation,completion,cancellation}` (`deadline.update`);
 * - `GET /api/deadlines/histories/{id}` (`deadline.index`): the deadline with its history;
 * - `GET /api/deadlines/mine` (anyone signed in): 'Meus prazos', the caller's open deadlines with their reminders.
 * Bodies: `deadline_type_id`, `amount`, `base_moment` ('YYYY-MM-DD HH:mm:ss'), optional `uf_id`,
 * `city_id`, `notes`; on a deadline, `deadline_id` (and `document_id` for an alteration).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { notFound } from '../../core/http/app-error.js';
import { objectBody } from '../../core/http/body.js';
import { boolean, dataAnswer, dataMessageAnswer, date, idParams, integer, moment as dateTime, nullableInteger, nullableText, text } from '../../../shared/contracts/parts.js';
import type { ContractTypes, RouteContract } from '../../core/http/route-contracts.js';
import { requireAny, sessionOf } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { parseId } from '../../core/resources/read.js';
import { readDeadlineInput } from './input.js';
import { createDeadline, DEADLINE_NOT_FOUND, operateOnDeadline, SIMULATION_MESSAGE, simulateDeadline } from './operations.js';
import { deadlineAnswer, deadlineRow } from './read.js';
import { myDeadlines } from './reminders/mine.js';

export const DEADLINE_PERMISSIONS = { index: 'deadline.index', store: 'deadline.store', update: 'deadline.update' } as const;
const SIMULATE = [DEADLINE_PERMISSIONS.index, DEADLINE_PERMISSIONS.store, DEADLINE_PERMISSIONS.update, 'deadlineType.index', 'deadlineType.show'];

const OPERATIONS = ['alteration', 'suspension', 'reactivation', 'completion', 'cancellation'] as const;
const DONE: Record<(typeof OPERATIONS)[number], string> = {
  alteration: 'Prazo alterado com sucesso',
  suspension: 'Prazo suspenso com sucesso',
  reactivation: 'Prazo reativado com sucesso',
  completion: 'Prazo concluído com sucesso',
  cancellation: 'Prazo cancelado com sucesso',
};

const tags = ['tipos_prazo'];
const moment = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$', description: "'YYYY-MM-DD HH:mm:ss' no relógio de America/Sao_Paulo" } as const;
const history = {
  type: 'object',
  properties: {
    id: integer, deadline_id: integer, event: text, event_label: text, amount: nullableInteger, base_moment: moment, deadline_moment: moment,
    notes: nullableText, document_id: nullableInteger, user: nullableText, created_at: dateTime,
  },
  required: ['id', 'deadline_id', 'event', 'event_label', 'amount', 'base_moment', 'deadline_moment', 'notes', 'document_id', 'user', 'created_at'],
  additionalProperties: false,
} as const;
const deadline = {
  type: 'object',
  properties: {
    id: integer, deadline_type_id: integer, deadline_type: text, uf_id: nullableInteger, city_id: nullableInteger, status: { type: 'integer', enum: [1, 2, 3, 4] },
    status_label: text, amount: integer, base_moment: moment, deadline_moment: moment, deadline_histories: { type: 'array', items: history },
  },
  required: ['id', 'deadline_type_id', 'deadline_type', 'uf_id', 'city_id', 'status', 'status_label', 'amount', 'base_moment', 'deadline_moment', 'deadline_histories'],
} as const;
// The deadlines' rules (input.ts) read the bodies and answer each refusal on its field, in their own words.
const field = {
  deadline_id: { description: 'Inteiro: o prazo.' }, deadline_type_id: { description: 'Inteiro: o tipo de prazo.' }, amount: { description: 'Inteiro: a quantidade na unidade do tipo.' },
  base_moment: { description: "Texto 'YYYY-MM-DD HH:mm:ss' (America/Sao_Paulo): o momento base." }, uf_id: { description: 'Inteiro: a UF do calendário.' }, city_id: { description: 'Inteiro: o município do calendário.' },
  notes: { description: 'Texto: observações.' }, document_id: { description: 'Inteiro: o documento que autoriza a alteração.' },
} as const;
const operation = (summary: string, properties: Record<string, unknown>) => ({
  tags, summary, body: { type: 'object', properties },
  response: { 200: dataMessageAnswer('O prazo com o seu histórico', deadline) },
  errors: ['401', '403', '404', '422'],
}) satisfies RouteContract;
const creation = (summary: string) => ({
  tags, summary,
  body: { type: 'object', properties: { deadline_type_id: field.deadline_type_id, amount: field.amount, base_moment: field.base_moment, uf_id: field.uf_id, city_id: field.city_id, notes: field.notes } },
  response: { 201: dataMessageAnswer('O prazo com o seu histórico', deadline) },
  errors: ['401', '403', '422'],
}) satisfies RouteContract;
const { deadline_id, amount, base_moment, notes, document_id } = field;
const contracts = {
  '/api/deadlines': creation('Inclui um prazo: o vencimento calculado do momento base e da quantidade na unidade do tipo, no calendário da UF e do município (permissão `deadline.store`, auditado; docs/DEADLINES.md)'),
  '/api/deadlines/': creation('O mesmo que `POST /api/deadlines`, como a especificação escreve'),
  simulation: {
    tags, summary: "Simula um prazo sem guardar nada: 'Simulação do prazo incluída com sucesso' (permissões de prazo ou de tipo de prazo)",
    body: { type: 'object', properties: { deadline_type_id: field.deadline_type_id, amount, base_moment, uf_id: field.uf_id, city_id: field.city_id } },
    response: {
      200: dataMessageAnswer('O vencimento simulado', {
        type: 'object',
        properties: { deadline_type_id: integer, uf_id: nullableInteger, city_id: nullableInteger, amount: integer, base_moment: moment, deadline_moment: moment, event: text, event_label: text },
      }),
    },
    errors: ['401', '403', '422'],
  },
  alteration: operation('Altera a quantidade e o momento base (permissão `deadline.update`): alterabilidade 2 recusa; 3 exige `document_id`', { deadline_id, amount, base_moment, notes, document_id }),
  suspension: operation('Suspende o prazo a partir do momento base (permissão `deadline.update`)', { deadline_id, base_moment, notes }),
  reactivation: operation('Reativa o prazo suspenso, devolvendo o tempo que a suspensão tomou (permissão `deadline.update`)', { deadline_id, base_moment, notes }),
  completion: operation('Conclui o prazo (permissão `deadline.update`)', { deadline_id, base_moment, notes }),
  cancellation: operation('Cancela o prazo (permissão `deadline.update`)', { deadline_id, amount, base_moment, notes }),
  histories: {
    tags, summary: 'O prazo com o seu histórico, do evento mais antigo ao mais novo (permissão `deadline.index` ou `deadline.update`)',
    params: idParams,
    response: { 200: dataAnswer('OK', deadline) },
    errors: ['401', '403', '404'],
  },
  mine: {
    tags, summary: "'Meus prazos': os prazos em aberto de quem chama (os fiscais da ação de uma pendência; quem incluiu um prazo sem registro), do vencimento mais próximo, com os dias que faltam e os lembretes enviados (qualquer pessoa autenticada; docs/DEADLINES.md)",
    response: {
      200: dataAnswer('OK', {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: integer, deadline_type: text, record: text, record_path: nullableText, deadline_moment: moment, status: integer, status_label: text,
            expired: boolean, days_left: integer, business_days_left: integer,
            reminders: { type: 'array', items: { type: 'object', properties: { id: integer, kind: { type: 'string', enum: ['before', 'expiry'] }, kind_label: text, due_date: date, status: integer, status_label: text, sent_at: { type: ['string', 'null'], format: 'date-time' } } } },
          },
        },
      }),
    },
    errors: ['401'],
  },
} as const;

export async function deadlineRoutes(app: FastifyInstance) {
  const db = (request: Parameters<typeof spaceOf>[0]) => spaceOf(request).db as Kysely<SpaceDatabase>;
  const routes = app.withTypeProvider<ContractTypes>();

  for (const path of ['/api/deadlines', '/api/deadlines/'] as const) {
    routes.post(path, { schema: contracts[path] }, async (request, reply) => {
      const session = requireAny(request, [DEADLINE_PERMISSIONS.store]);
      const input = readDeadlineInput('creation', objectBody(request.body));
      const data = await createDeadline(db(request), input, { userId: session.user.id });
      return reply.status(201).send({ data, message: 'Prazo incluído com sucesso' });
    });
  }

  routes.post('/api/deadlines/simulation', { schema: contracts.simulation }, async (request) => {
    requireAny(request, SIMULATE);
    const input = readDeadlineInput('simulation', objectBody(request.body));
    return { data: await simulateDeadline(db(request), input), message: SIMULATION_MESSAGE };
  });

  for (const operation of OPERATIONS) {
    routes.post(`/api/deadlines/${operation}`, { schema: contracts[operation] }, async (request) => {
      const session = requireAny(request, [DEADLINE_PERMISSIONS.update]);
      const input = readDeadlineInput(operation, objectBody(request.body));
      return { data: await operateOnDeadline(db(request), operation, input, { userId: session.user.id }), message: DONE[operation] };
    });
  }

  routes.get('/api/deadlines/histories/:id', { schema: contracts.histories }, async (request) => {
    requireAny(request, [DEADLINE_PERMISSIONS.index, DEADLINE_PERMISSIONS.update]);
    const id = parseId(request.params.id, DEADLINE_NOT_FOUND);
    if (!(await deadlineRow(db(request), id))) throw notFound(DEADLINE_NOT_FOUND);
    return { data: await deadlineAnswer(db(request), id) };
  });

  // Only the caller's own deadlines (those they are reminded of), whatever their permissions.
  routes.get('/api/deadlines/mine', { schema: contracts.mine }, async (request) => ({ data: await myDeadlines(db(request), sessionOf(request).user.id) }));
}
