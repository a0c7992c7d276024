import type { Answer } from './answer.js';
import { integer, money, text } from './parts.js';

const nullableText = { type: ['string', 'null'] } as const;

/** One account of a party's *Financeiro* tab (`GET /api/partes/{id}/contas`). */
export const partyAccount = {
  type: 'object',
  properties: {
    id: integer,
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

/** A party's accounts, their open total on the date and its credit not yet used. */
export const partyAccounts = {
  type: 'object',
  properties: { party_id: integer, name: text, date: text, accounts: { type: 'array', items: partyAccount }, open_total: money, credit: money },
  required: ['party_id', 'name', 'date', 'accounts', 'open_total', 'credit'],
  additionalProperties: false,
} as const;

/** A party's regularity on a date (`GET /api/partes/{id}/regularidade`, docs/RECEIVABLES.md §8). */
export const partyRegularity = {
  type: 'object',
  properties: {
    party_id: integer, date: text, regular: { type: 'boolean' }, debts: integer, total: money, since: nullableText,
    label: { type: 'string', description: '"Em dia" ou "Em débito: R$ 1.234,56 desde 31/03/2026"' },
  },
  required: ['party_id', 'date', 'regular', 'debts', 'total', 'since', 'label'],
  additionalProperties: false,
} as const;

/** The dashboard's finance figures of a year (`GET /api/dashboard/financeiro?ano=`, docs/RECEIVABLES.md §9). */
export const financeFigures = {
  type: 'object',
  properties: {
    year: integer, date: text, billed: money, received: money, open: money, overdue: money,
    months: {
      type: 'array',
      items: { type: 'object', properties: { month: integer, billed: money, received: money }, required: ['month', 'billed', 'received'], additionalProperties: false },
    },
  },
  required: ['year', 'date', 'billed', 'received', 'open', 'overdue', 'months'],
  additionalProperties: false,
} as const;

export type PartyAccount = Answer<typeof partyAccount>;
export type PartyAccounts = Answer<typeof partyAccounts>;
export type PartyRegularity = Answer<typeof partyRegularity>;
export type FinanceFigures = Answer<typeof financeFigures>;
export type FinanceMonth = FinanceFigures['months'][number];
