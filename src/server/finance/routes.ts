/**
 * The finance routes (docs/API.md 'Finance'):
 * - `POST /api/finance/calculation`: the calculation preview of the settings' forms (./preview.ts),
 *   nothing stored; any permission on each setting it names (on none: on any of the four);
 * - `POST /api/series_indicador/{id}/histories/import` (`indicatorSeries.update`): a series' history
 *   from the text of a CSV file (`{ csv }`, ./series-import.ts), all lines or none.
 */
import type { FastifyInstance } from 'fastify';
import type { Model } from '../../../language/index.js';
import { objectBody } from '../http/body.js';
import { requireAny } from '../http/session.js';
import { operationAccess } from '../resources/access.js';
import { parseId } from '../resources/read.js';
import { spaceOf } from '../http/space.js';
import { PARTS, partsOf, previewCalculation, type Part } from './preview.js';
import { importSeriesHistory } from './series-import.js';

const ACTIONS = ['index', 'show', 'store', 'update'];
const permissionsOf = (parts: readonly Part[]) => parts.flatMap((part) => ACTIONS.map((action) => `${PARTS[part].permission}.${action}`));

export async function financeRoutes(app: FastifyInstance, { model }: { model: Model }) {
  app.post('/api/finance/calculation', async (request) => {
    const body = objectBody(request.body);
    const parts = partsOf(body);
    for (const part of parts) requireAny(request, permissionsOf([part]));
    if (parts.length === 0) requireAny(request, permissionsOf(Object.keys(PARTS) as Part[]));
    return { data: await previewCalculation(spaceOf(request).db, model, body) };
  });

  const series = model.byModule.get('series_indicador')!;
  const allow = operationAccess(model, app.resources);
  app.post<{ Params: { id: string } }>('/api/series_indicador/:id/histories/import', async (request) => {
    const { db, context } = allow(request, series, 'update', 'update');
    const id = parseId(request.params.id);
    const { data, added, replaced } = await importSeriesHistory(db, series, id, objectBody(request.body).csv, context);
    return { data, message: `Histórico importado: ${added} ${added === 1 ? 'registro incluído' : 'registros incluídos'}, ${replaced} ${replaced === 1 ? 'atualizado' : 'atualizados'}.` };
  });
}
