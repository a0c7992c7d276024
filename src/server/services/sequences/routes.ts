import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { recordAudit } from '../../core/audit/record.js';
import { invalid } from '../../core/http/app-error.js';
import { objectBody } from '../../core/http/body.js';
import { operationAccess } from '../../core/resources/access.js';
import { parseId } from '../../core/resources/read.js';
import { DATE_MESSAGE, DRAW_MARGIN_DAYS, drawRow, type DrawnNumber } from './draw.js';
import { previewMask } from './preview.js';
import { resetYear } from './reset.js';
import { councilDay } from './year.js';

/** The sequence's fields a draw moves: the trail of a number drawn by hand shows them before and after. */
const MOVED = ['number', 'last_drawn_number', 'last_draw_year', 'last_drawn_book', 'last_drawn_leaf', 'last_drawn_order', 'number_book', 'number_leaf', 'number_order'] as const;

/**
 * A number drawn by hand (a paper process), audited in the draw's transaction; dated no later than
 * `notAfter` (the council's today and DRAW_MARGIN_DAYS).
 */
export async function drawByHand(db: Kysely<SpaceDatabase>, id: number, options: { date?: string; notAfter: string; userId: number | null }): Promise<DrawnNumber> {
  return db.transaction().execute(async (trx) => {
    // Locked first, so the trail's "before" is the row this draw changes.
    const before = await trx.selectFrom('sequences').select(MOVED).where('id', '=', id).forUpdate().executeTakeFirst();
    const { row, drawn } = await drawRow(trx, id, { date: options.date, notAfter: options.notAfter, automatic: false });
    const moved = MOVED.filter((name) => before?.[name] !== row[name]);
    await recordAudit(trx, {
      event: 'updated', userId: options.userId, module: 'sequencias', recordId: id,
      oldValues: Object.fromEntries(moved.map((name) => [name, before?.[name] ?? null])),
      newValues: Object.fromEntries(moved.map((name) => [name, row[name]])),
    });
    return drawn;
  });
}

/**
 * `POST /api/sequencias/mask_preview` (who may see, insert or edit sequences) formats a number with a
 * mask as a draw would; `POST /api/sequencias/{id}/next` (`sequence.update`) draws a number by hand,
 * dated up to the council's tomorrow (app.clock); `POST /api/sequencias/{id}/reset_year` (an
 * administrator) takes a sequence moved into a later year by mistake back to this year (./reset.ts).
 */
export async function sequenceRoutes(app: FastifyInstance, options: { model: Model }) {
  const entity = options.model.byModule.get('sequencias');
  if (!entity) return;
  const allow = operationAccess(options.model, app.resources);

  app.post('/api/sequencias/mask_preview', async (request) => {
    allow(request, entity, 'show', 'show', 'store', 'update');
    return { data: previewMask(objectBody(request.body)) };
  });

  app.post<{ Params: { id: string } }>('/api/sequencias/:id/next', async (request) => {
    const { db, context } = allow(request, entity, 'update', 'update');
    const id = parseId(request.params.id);
    const body = objectBody(request.body);
    const date = body.date === undefined || body.date === null || body.date === '' ? undefined : body.date;
    if (date !== undefined && typeof date !== 'string') throw invalid({ date: [DATE_MESSAGE] });
    return { data: await drawByHand(db, id, { date, notAfter: councilDay(app.clock.now(), DRAW_MARGIN_DAYS), userId: context.userId }) };
  });

  app.post<{ Params: { id: string } }>('/api/sequencias/:id/reset_year', async (request) => {
    // No permission name but 'admin': only an administrator moves a sequence's year.
    const { db, context } = allow(request, entity, 'update');
    const id = parseId(request.params.id);
    const currentYear = Number(councilDay(app.clock.now()).slice(0, 4));
    return { data: await resetYear(db, id, objectBody(request.body), { currentYear, userId: context.userId }), message: 'Ano da sequência reposto.' };
  });
}
