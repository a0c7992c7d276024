/**
 * The finance routes (docs/API.md 'Finance'), each with its contract:
 * - `POST /api/finance/calculation`: the calculation preview of the settings' forms (./preview.ts),
 *   nothing stored; any permission on each setting it names (on none: on any of the four);
 * - `POST /api/series_indicador/{id}/histories/import` (`indicatorSeries.update`): a series' history
 *   from the text of a CSV file (`{ csv }`, ./series-import.ts), all lines or none.
 */
import type { FastifyInstance } from 'fastify';
import type { Model } from '../../../../language/index.js';
import { requireAny } from '../../core/http/session.js';
import { operationAccess } from '../../core/resources/access.js';
import { parseId } from '../../core/resources/read.js';
import { spaceOf } from '../../core/http/space.js';
import { PARTS, partsOf, previewCalculation, type Part } from './preview.js';
import { importSeriesHistory } from './series-import.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { spaceTables } from '../../core/db/dynamic.js';

const ACTIONS = ['index', 'show', 'store', 'update'];
const permissionsOf = (parts: readonly Part[]) => parts.flatMap((part) => ACTIONS.map((action) => `${PARTS[part].permission}.${action}`));

const text = { type: 'string' } as const;
const integer = { type: 'integer' } as const;
/** A decimal as the API writes it (`1234.56`); the preview also reads a JSON number and says what it makes of it. */
const amount = { type: ['string', 'number', 'null'], description: 'Texto de um decimal exato: `1234.56`' } as const;
const date = { type: ['string', 'null'], description: 'Uma data `AAAA-MM-DD`' } as const;
const settingId = { type: ['integer', 'string', 'null'], description: 'O id de uma configuração guardada' } as const;
const configs = { type: 'array', items: { type: 'object' }, description: 'As linhas do formulário da configuração, ainda não guardadas' } as const;

const calculation = {
  tags: ['configuracao_atualizacao_multas'],
  summary: 'Simula um valor vencido numa data e pago noutra: atualizado pela série, com juros simples e multa dia a dia pela configuração em vigor, cada parte arredondada pela configuração de arredondamento em vigor no pagamento; nada é guardado. Cada configuração vem pelo id guardado ou pelas linhas do formulário (permissão de cada configuração citada; docs/FINANCE.md)',
  body: {
    type: 'object',
    properties: {
      amount, due_date: date, payment_date: date,
      value_update_setting_id: settingId, interest_update_setting_id: settingId, forfeit_update_setting_id: settingId, value_rounding_setting_id: settingId,
      value_update_configs: configs, interest_update_configs: configs, forfeit_update_configs: configs, value_rounding_configs: configs,
    },
  },
  response: {
    200: {
      description: 'O cálculo',
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: { days_late: integer, places: integer, rounding_method: integer, updated_value: text, correction: text, interest: text, forfeit: text, total: text, rounding: text },
          required: ['days_late', 'places', 'rounding_method', 'updated_value', 'correction', 'interest', 'forfeit', 'total', 'rounding'],
          additionalProperties: false,
        },
      },
      required: ['data'],
      additionalProperties: false,
    },
  },
  errors: ['401', '403', '422'],
} as const;

const historyImport = {
  tags: ['series_indicador'],
  summary: 'Importa o histórico de um arquivo CSV (`;`, datas DD/MM/AAAA, decimais com vírgula): todas as linhas ou nenhuma, os erros por linha em `errors.csv` (permissão `indicatorSeries.update`, auditado; docs/FINANCE.md)',
  params: { type: 'object', properties: { id: { type: 'string', description: 'O id do registro' } }, required: ['id'] },
  body: { type: 'object', properties: { csv: { type: ['string', 'null'], title: 'Arquivo CSV' } } },
  response: {
    200: {
      description: 'A série com o histórico importado',
      type: 'object',
      properties: { data: { type: 'object', additionalProperties: true }, message: text },
      required: ['data', 'message'],
    },
  },
  errors: ['401', '403', '404', '422'],
} as const;

export async function financeRoutes(app: FastifyInstance, { model }: { model: Model }) {
  const routes = app.withTypeProvider<ContractTypes>();
  routes.post('/api/finance/calculation', { schema: calculation }, async (request) => {
    const body = request.body as Record<string, unknown>;
    const parts = partsOf(body);
    for (const part of parts) requireAny(request, permissionsOf([part]));
    if (parts.length === 0) requireAny(request, permissionsOf(Object.keys(PARTS) as Part[]));
    return { data: await previewCalculation(spaceOf(request).db, model, body) };
  });

  const series = model.byModule.get('series_indicador')!;
  const allow = operationAccess(model, app.resources);
  routes.post('/api/series_indicador/:id/histories/import', { schema: historyImport }, async (request) => {
    const { db, context } = allow(request, series, 'update', 'update');
    const id = parseId(request.params.id);
    const { data, added, replaced } = await importSeriesHistory(spaceTables(db), series, id, request.body.csv, context);
    return { data, message: `Histórico importado: ${added} ${added === 1 ? 'registro incluído' : 'registros incluídos'}, ${replaced} ${replaced === 1 ? 'atualizado' : 'atualizados'}.` };
  });
}
