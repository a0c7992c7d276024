/**
 * `GET /api/partes/{id}/contas?data=` (`controlAccount.show`): a party's control accounts with their
 * balances, its open total and its unused credit, in one call, for its *Financeiro* tab
 * (./party-accounts.ts; docs/API.md 'Receivables').
 */
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import type { Model } from '../../../../language/index.js';
import { today } from '../../core/clock.js';
import { requireAny } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { parseId } from '../../core/resources/read.js';
import { PARTY_NOT_FOUND } from './account-balance.js';
import { partyAccounts } from './party-accounts.js';

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const money = { type: 'string', description: 'Texto de um decimal exato: `1234.56`' } as const;

const account = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    formatted_number: text,
    exercise: { type: ['integer', 'null'] },
    debt_type: { ...nullableText, description: 'A denominação do tipo de débito' },
    status: { type: ['integer', 'null'], description: '1 Aberta, 2 Paga, 3 Cancelada, 4 Parcelada, 5 Quebrada, 6 Aguardando confirmação' },
    due_date: nullableText,
    balance: { type: ['string', 'null'], description: 'O saldo na data (§6) de uma conta Aberta; `0.00` de uma paga ou cancelada; null das demais' },
    overdue: { type: 'boolean', description: 'Vencida: Aberta, com o vencimento prorrogado ao dia útil seguinte anterior à data' },
  },
  required: ['id', 'formatted_number', 'exercise', 'debt_type', 'status', 'due_date', 'balance', 'overdue'],
  additionalProperties: false,
} as const;

const partyAccountsContract = {
  tags: ['control_account'],
  summary: 'As contas de controle de uma pessoa (a mais recente primeiro), cada uma com o saldo na data (hoje, sem `data`) e se está vencida, a soma dos saldos das abertas e o crédito ainda não usado: a aba Financeiro da pessoa (permissão `controlAccount.show`; docs/RECEIVABLES.md §9)',
  params: { type: 'object', properties: { id: { type: 'string', description: 'O id da pessoa' } }, required: ['id'] },
  querystring: { type: 'object', properties: { data: { type: 'string', format: 'date', title: 'Data', description: 'Uma data `AAAA-MM-DD`', 'x-messages': { format: 'O campo {label} não é uma data válida.' } } } },
  response: {
    200: {
      description: 'As contas, o saldo em aberto e o crédito',
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: { party_id: { type: 'integer' }, name: text, date: text, accounts: { type: 'array', items: account }, open_total: money, credit: money },
          required: ['party_id', 'name', 'date', 'accounts', 'open_total', 'credit'],
          additionalProperties: false,
        },
      },
      required: ['data'],
    },
  },
  errors: ['401', '403', '404', '422'],
} as const;

export async function partyRoutes(app: FastifyInstance, { model }: { model: Model }) {
  app.withTypeProvider<JsonSchemaToTsProvider>().get('/api/partes/:id/contas', { schema: partyAccountsContract }, async (request) => {
    requireAny(request, ['controlAccount.show']);
    return { data: await partyAccounts(spaceOf(request).db, model, parseId(request.params.id, PARTY_NOT_FOUND), request.query.data ?? today(app.clock)) };
  });
}
