import type { FastifyInstance } from 'fastify';
import { today } from '../../core/clock.js';
import { dataAnswer } from '../../../shared/contracts/parts.js';
import { financeFigures } from '../../../shared/contracts/receivables.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { requireAny } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { financeFigures as figuresOf } from './dashboard-figures.js';

const financeContract = {
  tags: ['dashboard'],
  summary: 'Painel financeiro: o faturado (valor original das contas que vencem no ano, menos as canceladas e as que aguardam confirmação) e o recebido (pagamentos do ano, menos os estornados e os de meio Crédito) no ano e mês a mês; o em aberto e o vencido hoje (valor original em aberto das contas abertas). Permissão `controlAccount.index` ou `controlAccount.show` (docs/RECEIVABLES.md §9)',
  querystring: { type: 'object', properties: { ano: { type: 'integer', minimum: 2000, maximum: 2100, title: 'Ano', description: 'O ano dos meses; sem ele, o ano de hoje' } } },
  response: {
    200: dataAnswer('Os valores', financeFigures),
  },
  errors: ['401', '403', '422'],
} as const;

/** `GET /api/dashboard/financeiro?ano=` (./dashboard-figures.ts): 403 to whoever may not see the control accounts. */
export async function financeRoutes(app: FastifyInstance) {
  app.withTypeProvider<ContractTypes>().get('/api/dashboard/financeiro', { schema: financeContract }, async (request) => {
    requireAny(request, ['controlAccount.index', 'controlAccount.show']);
    const date = today(app.clock);
    return { data: await figuresOf(spaceOf(request).db, request.query.ano ?? Number(date.slice(0, 4)), date) };
  });
}
