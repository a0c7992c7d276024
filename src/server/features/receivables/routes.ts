/**
 * The receivables routes (docs/API.md 'Receivables'), each with its contract:
 * - `POST /api/control_account/lancamento` (`controlAccount.post`): a manual posting (./posting.ts);
 * - `POST /api/control_account/{id}/confirmar` (`controlAccount.post`): 'Confirmar lançamento';
 * - `GET /api/control_account/{id}/saldo?data=` (`controlAccount.show`): the balance at a date (./account-balance.ts);
 * - `GET /api/partes/{id}/saldo?data=` (`controlAccount.show`): a party's balance, the sum of its open accounts';
 * - `POST /api/control_account/pagamento` (`controlAccount.pay`): a payment of a party's accounts (./payments.ts);
 * - `POST /api/pagamentos/{id}/estorno` (`controlAccount.reverse`): its reversal;
 * - `POST /api/control_account/{id}/cancelamento` (`controlAccount.cancel`): a cancellation (./cancellation.ts);
 * - `GET /api/partes/{id}/regularidade?data=` (`controlAccount.show` or `registration.show`): em dia or em débito (./regularity.ts).
 */
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import type { Model } from '../../../../language/index.js';
import { dataAnswer, money } from '../../../shared/contracts/parts.js';
import { partyRegularity as regularityAnswer } from '../../../shared/contracts/receivables.js';
import { today } from '../../core/clock.js';
import { requireAny } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { parseId } from '../../core/resources/read.js';
import { accountBalance, PARTY_NOT_FOUND, partyBalance } from './account-balance.js';
import { cancelAccount } from './cancellation.js';
import { partyRegularity } from './party-regularity.js';
import { payAccounts, reversePayment } from './payments.js';
import { confirmPosting, MESSAGES, postManually } from './posting.js';

const text = { type: 'string' } as const;
const integer = { type: 'integer' } as const;
const notADate = { format: 'O campo {label} não é uma data válida.' } as const;
const date = (title: string) => ({ type: 'string', format: 'date', title, description: 'Uma data `AAAA-MM-DD`', 'x-messages': notADate }) as const;
const optionalDate = (title: string) => ({ type: ['string', 'null'], format: 'date', title, description: 'Uma data `AAAA-MM-DD`', 'x-messages': notADate }) as const;
const idParams = { type: 'object', properties: { id: { type: 'string', description: 'O id do registro' } }, required: ['id'] } as const;
const dateQuery = { type: 'object', properties: { data: date('Data') }, required: ['data'] } as const;
const record = { type: 'object', additionalProperties: true } as const;

const posting = {
  tags: ['control_account'],
  summary: 'Lança uma conta de controle à mão (permissão `controlAccount.post`): o valor original pela característica do tipo de débito (o valor da contribuição do exercício, o valor informado ou a porcentagem de uma taxa, a porcentagem de uma base para uma multa), o número da sequência do tipo de débito, as configurações copiadas, o histórico de saldos e a auditoria; sem "Permite gerar sem confirmação", aguardando confirmação (docs/RECEIVABLES.md §3)',
  body: {
    type: 'object',
    properties: {
      party_id: { type: 'integer', minimum: 1, title: 'Devedor' },
      registration_id: { type: ['integer', 'null'], minimum: 1, title: 'Inscrição' },
      debt_type_id: { type: 'integer', minimum: 1, title: 'Tipo de débito' },
      exercise: { type: 'integer', minimum: 2000, maximum: 2100, title: 'Exercício' },
      due_date: optionalDate('Vencimento'),
      posting_date: optionalDate('Data do lançamento'),
      principal: { type: ['string', 'null'], title: 'Valor original', description: 'Texto de um decimal exato: `1234.56`; onde o tipo de débito o deixa informar' },
      base: { type: ['string', 'null'], title: 'Base de cálculo', description: 'A base de uma multa, texto de um decimal exato' },
    },
    required: ['party_id', 'debt_type_id', 'exercise'],
  },
  response: {
    201: { description: 'A conta lançada, como `GET /api/control_account/{id}` a mostra', type: 'object', properties: { data: record }, required: ['data'] },
  },
  errors: ['401', '403', '409', '422'],
} as const;

const confirmation = {
  tags: ['control_account'],
  summary: 'Confirma um lançamento que aguarda confirmação: a conta passa a Aberta, com o histórico e a auditoria (permissão `controlAccount.post`; docs/RECEIVABLES.md §3)',
  params: idParams,
  response: { 200: { description: 'A conta confirmada', type: 'object', properties: { data: record }, required: ['data'] } },
  errors: ['401', '403', '404', '409', '422'],
} as const;

const line = { type: 'object', properties: { label: text, amount: text }, required: ['label', 'amount'], additionalProperties: false } as const;
const lines = {
  type: 'object',
  properties: { principal: text, correction: text, interest_on_principal: text, interest_on_correction: text, forfeit: text, discount: text },
  required: ['principal', 'correction', 'interest_on_principal', 'interest_on_correction', 'forfeit', 'discount'],
  additionalProperties: false,
} as const;

const accountBalanceContract = {
  tags: ['control_account'],
  summary: 'O saldo da conta numa data: o valor original em aberto, a correção, os juros, a multa e o desconto, cada linha arredondada, e as linhas como a totalização da configuração de arrecadação em vigor as agrupa; nada é guardado (permissão `controlAccount.show`; docs/RECEIVABLES.md §6)',
  params: idParams,
  querystring: dateQuery,
  response: {
    200: {
      description: 'O saldo',
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: {
            control_account_id: integer, formatted_number: text, date: text, status: { type: ['integer', 'null'] }, open_principal: money, due_date: text,
            business_due_date: text, days_late: integer, places: integer, rounding_method: integer, totalisation: integer, lines, total: money,
            totalised: { type: 'array', items: line },
            discount_row: { type: ['object', 'null'], properties: { date: text, percentage: text }, additionalProperties: false },
          },
          required: ['control_account_id', 'formatted_number', 'date', 'open_principal', 'due_date', 'business_due_date', 'days_late', 'places', 'rounding_method', 'totalisation', 'lines', 'total', 'totalised'],
          additionalProperties: false,
        },
      },
      required: ['data'],
    },
  },
  errors: ['401', '403', '404', '422'],
} as const;

const partyBalanceContract = {
  tags: ['control_account'],
  summary: 'O saldo de uma pessoa numa data: a soma dos saldos das suas contas abertas, cada um arredondado (permissão `controlAccount.show`; docs/RECEIVABLES.md §6)',
  params: idParams,
  querystring: dateQuery,
  response: {
    200: {
      description: 'O saldo da pessoa e de cada conta aberta',
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: {
            party_id: integer, name: text, date: text, total: money,
            accounts: {
              type: 'array',
              items: {
                type: 'object',
                properties: { control_account_id: integer, formatted_number: text, due_date: text, days_late: integer, total: money },
                required: ['control_account_id', 'formatted_number', 'due_date', 'days_late', 'total'],
              },
            },
          },
          required: ['party_id', 'name', 'date', 'total', 'accounts'],
        },
      },
      required: ['data'],
    },
  },
  errors: ['401', '403', '404', '422'],
} as const;

const payment = {
  tags: ['control_account'],
  summary: 'Paga contas abertas de um devedor numa data (baixa): amortizadas pela configuração de amortização da conta mais antiga (a mais antiga primeiro ou distribuída), cada conta pela mesma fração de cada parte do saldo, o que passa dos saldos como crédito; trava as contas, grava o pagamento, as contas, o histórico e a auditoria numa transação (permissão `controlAccount.pay`; docs/RECEIVABLES.md §7)',
  body: {
    type: 'object',
    properties: {
      date: date('Data do pagamento'),
      amount: { type: 'string', title: 'Valor', description: 'Texto de um decimal exato: `1234.56`' },
      means: { type: 'integer', enum: [1, 2, 3, 4, 5, 6], title: 'Meio', description: '1 Dinheiro, 2 Boleto, 3 PIX, 4 Transferência, 5 Crédito, 6 Cartão' },
      control_account_ids: { type: 'array', items: { type: 'integer', minimum: 1, title: 'Conta' }, maxItems: 1000, title: 'Contas' },
      notes: { type: ['string', 'null'], maxLength: 1000, title: 'Observação' },
    },
    required: ['date', 'amount', 'means', 'control_account_ids'],
  },
  response: { 201: { description: 'O pagamento, como `GET /api/pagamentos/{id}` o mostra', type: 'object', properties: { data: record }, required: ['data'] } },
  errors: ['401', '403', '409', '422'],
} as const;

const reversal = {
  tags: ['pagamentos'],
  summary: 'Estorna um pagamento inteiro: cada conta volta ao valor em aberto e à situação de antes, com o histórico; o pagamento fica Estornado com o motivo. Recusado quando um pagamento posterior toca uma das contas ou a data do pagamento está consolidada (permissão `controlAccount.reverse`; docs/RECEIVABLES.md §7)',
  params: idParams,
  body: { type: 'object', properties: { reason: { type: ['string', 'null'], maxLength: 1000, title: 'Motivo do estorno' } } },
  response: { 200: { description: 'O pagamento estornado', type: 'object', properties: { data: record }, required: ['data'] } },
  errors: ['401', '403', '404', '409', '422'],
} as const;

const cancellation = {
  tags: ['control_account'],
  summary: 'Cancela uma conta aberta ou aguardando confirmação, com o motivo: a conta passa a Cancelada (final), com o histórico "Cancelamento: <motivo>" e a auditoria, numa transação; uma conta já cancelada, paga, parcelada ou quebrada é recusada com 409, uma data consolidada com 422 (permissão `controlAccount.cancel`; docs/RECEIVABLES.md §3)',
  params: idParams,
  body: {
    type: 'object',
    properties: {
      motivo: { type: ['string', 'null'], maxLength: 1000, title: 'Motivo do cancelamento' },
      data: optionalDate('Data do cancelamento'),
    },
  },
  response: { 200: { description: 'A conta cancelada, como `GET /api/control_account/{id}` a mostra', type: 'object', properties: { data: record }, required: ['data'] } },
  errors: ['401', '403', '404', '409', '422'],
} as const;

const regularityContract = {
  tags: ['control_account'],
  summary: 'A regularidade de uma pessoa numa data (hoje, sem `data`): em débito enquanto tem conta Aberta com vencimento, prorrogado ao dia útil seguinte, anterior à data; o número de débitos vencidos, a soma dos seus saldos na data e o vencimento mais antigo (permissão `controlAccount.show` ou `registration.show`; docs/RECEIVABLES.md §8)',
  params: idParams,
  querystring: { type: 'object', properties: { data: date('Data') } },
  response: { 200: dataAnswer('Em dia ou em débito', regularityAnswer) },
  errors: ['401', '403', '404', '422'],
} as const;

export async function receivablesRoutes(app: FastifyInstance, { model }: { model: Model }) {
  const routes = app.withTypeProvider<JsonSchemaToTsProvider>();
  const contextOf = (request: Parameters<typeof spaceOf>[0], userId: number) => ({ db: spaceOf(request).db, model, today: today(app.clock), userId });

  routes.post('/api/control_account/lancamento', { schema: posting }, async (request, reply) => {
    const session = requireAny(request, ['controlAccount.post']);
    const data = await postManually(contextOf(request, session.user.id), request.body);
    return reply.status(201).send({ data });
  });

  routes.post('/api/control_account/:id/confirmar', { schema: confirmation }, async (request) => {
    const session = requireAny(request, ['controlAccount.post']);
    return { data: await confirmPosting(contextOf(request, session.user.id), parseId(request.params.id, MESSAGES.accountNotFound)) };
  });

  routes.get('/api/control_account/:id/saldo', { schema: accountBalanceContract }, async (request) => {
    requireAny(request, ['controlAccount.show']);
    return { data: await accountBalance(spaceOf(request).db, model, parseId(request.params.id, MESSAGES.accountNotFound), request.query.data) };
  });

  routes.post('/api/control_account/pagamento', { schema: payment }, async (request, reply) => {
    const session = requireAny(request, ['controlAccount.pay']);
    const data = await payAccounts(contextOf(request, session.user.id), request.body);
    return reply.status(201).send({ data });
  });

  routes.post('/api/pagamentos/:id/estorno', { schema: reversal }, async (request) => {
    const session = requireAny(request, ['controlAccount.reverse']);
    return { data: await reversePayment(contextOf(request, session.user.id), parseId(request.params.id, 'Pagamento não encontrado.'), request.body.reason) };
  });

  routes.post('/api/control_account/:id/cancelamento', { schema: cancellation }, async (request) => {
    const session = requireAny(request, ['controlAccount.cancel']);
    const { motivo, data } = request.body;
    return { data: await cancelAccount(contextOf(request, session.user.id), parseId(request.params.id, MESSAGES.accountNotFound), { motivo: motivo ?? '', data }) };
  });

  routes.get('/api/partes/:id/regularidade', { schema: regularityContract }, async (request) => {
    requireAny(request, ['controlAccount.show', 'registration.show']);
    return { data: await partyRegularity(spaceOf(request).db, model, parseId(request.params.id, PARTY_NOT_FOUND), request.query.data ?? today(app.clock)) };
  });

  routes.get('/api/partes/:id/saldo', { schema: partyBalanceContract }, async (request) => {
    requireAny(request, ['controlAccount.show']);
    return { data: await partyBalance(spaceOf(request).db, model, parseId(request.params.id), request.query.data) };
  });
}
