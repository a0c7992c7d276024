/**
 * The annual generation's routes (docs/API.md 'Receivables'), each with its contract:
 * - `POST /api/control_account/geracao/simulacao` (`controlAccount.generate`): a year's dry run;
 * - `POST /api/control_account/geracao` (`controlAccount.generate`): the commit, queued (202);
 * - `GET /api/control_account/geracao/{id}` (`controlAccount.generate`): a run, its progress and totals;
 * - `POST /api/inscricao/{id}/gerar_anuidade` (`controlAccount.generate`): one registration alone.
 */
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import type { Model } from '../../../../language/index.js';
import { today } from '../../core/clock.js';
import { requireAny } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { parseId } from '../../core/resources/read.js';
import { dryRun, generateOne, generationRun, GENERATION_MESSAGES, startCommit } from './generation.js';

const text = { type: 'string' } as const;
const integer = { type: 'integer' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const idParams = { type: 'object', properties: { id: { type: 'string', description: 'O id do registro' } }, required: ['id'] } as const;
const year = { type: 'integer', minimum: 2000, maximum: 2100, title: 'Exercício' } as const;
const classes = ['billed', 'proportional', 'already_billed', 'exempt', 'blocked', 'not_charged'] as const;

const run = {
  type: 'object',
  properties: {
    id: integer, year: integer, debt_type_id: integer, kind: { type: 'string', enum: ['dry', 'commit'] }, state: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
    dry_run_id: { type: ['integer', 'null'] }, run_date: text, done: integer, total: integer, error_reason: nullableText, created_by: { type: ['integer', 'null'] }, created_at: text, finished_at: nullableText,
    totals: {
      type: 'object',
      properties: {
        registrations: integer,
        lines: {
          type: 'array',
          items: {
            type: 'object',
            properties: { class: { type: 'string', enum: classes }, reason: text, category: text, range: text, count: integer, total: { type: 'string', description: 'Texto de um decimal exato: `1234.56`' } },
            required: ['class', 'reason', 'category', 'range', 'count', 'total'],
            additionalProperties: false,
          },
        },
      },
      required: ['registrations', 'lines'],
      additionalProperties: false,
    },
  },
  required: ['id', 'year', 'debt_type_id', 'kind', 'state', 'dry_run_id', 'run_date', 'done', 'total', 'totals', 'error_reason', 'created_by', 'created_at', 'finished_at'],
  additionalProperties: false,
} as const;

const dryRunContract = {
  tags: ['control_account'],
  summary: 'Simula a geração anual de um exercício: classifica cada inscrição (não cobrada, já lançada, isenta, bloqueada, proporcional, lançada) e guarda as quantidades e os totais por classe, motivo, categoria e faixa; nada mais é gravado (permissão `controlAccount.generate`; docs/RECEIVABLES.md §4)',
  body: { type: 'object', properties: { year }, required: ['year'] },
  response: { 201: { description: 'A simulação', type: 'object', properties: { data: run }, required: ['data'] } },
  errors: ['401', '403', '422'],
} as const;

const commitContract = {
  tags: ['control_account'],
  summary: 'Põe na fila a geração anual de um exercício: lotes de 1.000 inscrições, cada um na sua transação, numerados pela sequência do tipo de débito; sem "Permite gerar sem confirmação", pede uma simulação de hoje; recusada com inscrições sem valor (422) ou com outra geração do exercício em andamento (409) (permissão `controlAccount.generate`; docs/RECEIVABLES.md §4)',
  body: {
    type: 'object',
    properties: { year, dry_run_id: { type: ['integer', 'null'], minimum: 1, title: 'Simulação' } },
    required: ['year'],
  },
  response: { 202: { description: 'A geração, na fila', type: 'object', properties: { data: run }, required: ['data'] } },
  errors: ['401', '403', '409', '422'],
} as const;

const runContract = {
  tags: ['control_account'],
  summary: 'Uma geração anual ou simulação: a situação, o progresso (inscrições feitas / total) e os totais (permissão `controlAccount.generate`; docs/RECEIVABLES.md §4)',
  params: idParams,
  response: { 200: { description: 'A geração', type: 'object', properties: { data: run }, required: ['data'] } },
  errors: ['401', '403', '404'],
} as const;

const oneContract = {
  tags: ['inscricao'],
  summary: 'Gerar anuidade: classifica a inscrição como a geração anual e lança a anuidade do exercício (origem Geração anual) quando ela sai lançada ou proporcional; sem valor para a faixa, 422 (permissão `controlAccount.generate`; docs/RECEIVABLES.md §4)',
  params: idParams,
  body: { type: 'object', properties: { year: { ...year, description: 'Padrão: o ano de hoje' } } },
  response: {
    200: {
      description: 'A classificação e a conta lançada (nula quando nada é lançado)',
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: { class: { type: 'string', enum: classes }, reason: text, account: { type: ['object', 'null'], additionalProperties: true } },
          required: ['class', 'reason', 'account'],
          additionalProperties: false,
        },
      },
      required: ['data'],
    },
  },
  errors: ['401', '403', '404', '422'],
} as const;

export async function generationRoutes(app: FastifyInstance, { model, nudge }: { model: Model; nudge(): void }) {
  const routes = app.withTypeProvider<JsonSchemaToTsProvider>();
  const contextOf = (request: Parameters<typeof spaceOf>[0], userId: number) => ({ db: spaceOf(request).db, model, today: today(app.clock), userId });

  routes.post('/api/control_account/geracao/simulacao', { schema: dryRunContract }, async (request, reply) => {
    const session = requireAny(request, ['controlAccount.generate']);
    return reply.status(201).send({ data: await dryRun(contextOf(request, session.user.id), request.body.year) });
  });

  routes.post('/api/control_account/geracao', { schema: commitContract }, async (request, reply) => {
    const session = requireAny(request, ['controlAccount.generate']);
    const data = await startCommit(contextOf(request, session.user.id), request.body);
    nudge();
    return reply.status(202).send({ data });
  });

  routes.get('/api/control_account/geracao/:id', { schema: runContract }, async (request) => {
    requireAny(request, ['controlAccount.generate']);
    return { data: await generationRun(spaceOf(request).db, parseId(request.params.id, GENERATION_MESSAGES.runNotFound)) };
  });

  routes.post('/api/inscricao/:id/gerar_anuidade', { schema: oneContract }, async (request) => {
    const session = requireAny(request, ['controlAccount.generate']);
    const year = request.body?.year ?? Number(today(app.clock).slice(0, 4));
    return { data: await generateOne(contextOf(request, session.user.id), parseId(request.params.id, GENERATION_MESSAGES.registrationNotFound), year) };
  });
}
