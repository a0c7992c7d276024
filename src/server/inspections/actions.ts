/**
 * An inspection action's cancellation and reactivation (spec 002 §4), beside the generic routes:
 * - `PUT /api/acoes_fiscalizacao/{id}/cancel` `{cancellation_reason, cancellation_notes?}`: cancels an
 *   action that is not cancelled;
 * - `PUT /api/acoes_fiscalizacao/{id}/reactivate`: reactivates a cancelled one, clearing the reason and
 *   notes.
 * Both need `inspectionAction.update`, lock the action's row, refuse a move its state does not allow
 * (409) and write one audit row. A cancelled action is not edited through the generic routes either
 * (`cancelledUnchanged`): it is reactivated first.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../generated/database.js';
import type { Model } from '../../../language/index.js';
import { recordAudit } from '../audit/record.js';
import { conflict, invalid, notFound } from '../http/app-error.js';
import { objectBody } from '../http/body.js';
import { operationAccess } from '../resources/access.js';
import type { ModuleHooks } from '../resources/hooks.js';
import { parseId } from '../resources/read.js';

export const ACTION_NOT_FOUND = 'Ação de fiscalização não encontrada.';
export const ALREADY_CANCELLED = 'A ação de fiscalização já está cancelada.';
export const NOT_CANCELLED = 'A ação de fiscalização não está cancelada.';
export const CANCELLED_UNCHANGED = 'A ação de fiscalização está cancelada: reative-a para alterá-la.';
export const REASON_REQUIRED = 'O campo Motivo do cancelamento é obrigatório.';
export const REASON_TOO_LONG = 'O campo Motivo do cancelamento não pode ter mais de 255 caracteres.';
export const CANCELLED = 'Ação de fiscalização cancelada com sucesso';
export const REACTIVATED = 'Ação de fiscalização reativada com sucesso';

const MODULE = 'acoes_fiscalizacao';

/** A cancelled action is reactivated before it is edited. */
export const cancelledUnchanged: ModuleHooks<SpaceDatabase> = {
  beforeWrite(_trx, { mode, previous }) {
    if (mode !== 'create' && previous?.canceled === true) throw conflict(CANCELLED_UNCHANGED);
  },
};

function text(value: unknown): string | null {
  if (value == null) return null;
  const trimmed = String(value).trim();
  return trimmed === '' ? null : trimmed;
}

export async function inspectionActionRoutes(app: FastifyInstance, options: { model: Model }) {
  const allow = operationAccess(options.model, app.resources);
  const entity = options.model.byModule.get(MODULE);
  if (!entity) return;

  async function move(db: Kysely<SpaceDatabase>, rawId: unknown, userId: number | null, cancel: boolean, values: { cancellation_reason: string | null; cancellation_notes: string | null }) {
    const id = parseId(rawId, ACTION_NOT_FOUND);
    return db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('inspection_actions').select(['id', 'canceled', 'cancellation_reason', 'cancellation_notes']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound(ACTION_NOT_FOUND);
      if (cancel && row.canceled === true) throw conflict(ALREADY_CANCELLED);
      if (!cancel && row.canceled !== true) throw conflict(NOT_CANCELLED);
      const changes = { canceled: cancel, ...values };
      await trx.updateTable('inspection_actions').set({ ...changes, updated_at: new Date() }).where('id', '=', id).execute();
      const old = { canceled: row.canceled === true, cancellation_reason: row.cancellation_reason, cancellation_notes: row.cancellation_notes };
      await recordAudit(trx, { event: cancel ? 'canceled' : 'reactivated', userId, module: MODULE, recordId: id, oldValues: old, newValues: changes });
      return { id, ...changes };
    });
  }

  app.put<{ Params: { id: string } }>(`/api/${MODULE}/:id/cancel`, async (request) => {
    const { db, context } = allow(request, entity, 'update', 'update');
    const body = objectBody(request.body ?? {});
    const reason = text(body.cancellation_reason);
    if (reason === null) throw invalid({ cancellation_reason: [REASON_REQUIRED] });
    if (reason.length > 255) throw invalid({ cancellation_reason: [REASON_TOO_LONG] });
    const data = await move(db as Kysely<SpaceDatabase>, request.params.id, context.userId, true, { cancellation_reason: reason, cancellation_notes: text(body.cancellation_notes) });
    return { data, message: CANCELLED };
  });

  app.put<{ Params: { id: string } }>(`/api/${MODULE}/:id/reactivate`, async (request) => {
    const { db, context } = allow(request, entity, 'update', 'update');
    const data = await move(db as Kysely<SpaceDatabase>, request.params.id, context.userId, false, { cancellation_reason: null, cancellation_notes: null });
    return { data, message: REACTIVATED };
  });
}
