/**
 * `GET /api/partes/{id}/contas?data=` (`controlAccount.show`): a party's control accounts with their
 * balances, its open total and its unused credit, in one call, for its *Financeiro* tab
 * (./party-accounts.ts; docs/API.md 'Receivables').
 */
import type { FastifyInstance } from 'fastify';
import type { Model } from '../../../../language/index.js';
import { dataAnswer, pathOf } from '../../../shared/contracts/parts.js';
import { partyAccounts } from '../../../shared/contracts/receivables.js';
import { today } from '../../core/clock.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { requireAny } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { parseId } from '../../core/resources/read.js';
import { PARTY_NOT_FOUND } from './account-balance.js';
import { partyAccounts as accountsOf } from './party-accounts.js';

const partyAccountsContract = {
  tags: ['control_account'],
  summary: 'As contas de controle de uma pessoa (a mais recente primeiro), cada uma com o saldo na data (hoje, sem `data`) e se está vencida, a soma dos saldos das abertas e o crédito ainda não usado: a aba Financeiro da pessoa (permissão `controlAccount.show`; docs/RECEIVABLES.md §9)',
  params: pathOf({ id: 'O id da pessoa' }),
  querystring: { type: 'object', properties: { data: { type: 'string', format: 'date', title: 'Data', description: 'Uma data `AAAA-MM-DD`', 'x-messages': { format: 'O campo {label} não é uma data válida.' } } } },
  response: { 200: dataAnswer('As contas, o saldo em aberto e o crédito', partyAccounts) },
  errors: ['401', '403', '404', '422'],
} as const;

export async function partyRoutes(app: FastifyInstance, { model }: { model: Model }) {
  app.withTypeProvider<ContractTypes>().get('/api/partes/:id/contas', { schema: partyAccountsContract }, async (request) => {
    requireAny(request, ['controlAccount.show']);
    return { data: await accountsOf(spaceOf(request).db, model, parseId(request.params.id, PARTY_NOT_FOUND), request.query.data ?? today(app.clock)) };
  });
}
