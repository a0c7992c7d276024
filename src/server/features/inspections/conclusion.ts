/**
 * `POST /api/acoes_fiscalizacao/conclude` `{ids, end_date?, end_notes?, resolve_pendencies?}`
 * (spec 002 §4): concludes actions for good, all or none. A concluded action takes no change, so a
 * pendency left open under it could only be resolved by the exception pendencies.ts keeps for
 * actions concluded before this check: an action with open pendencies is concluded only when the
 * person chooses what happens to them. Without `resolve_pendencies: true` the conclusion is refused
 * (422 on `resolve_pendencies`, naming each open pendency); with it, each open pendency is resolved
 * on the action's end date in the same transaction (its deadline completed, its audit row).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { recordAudit } from '../../core/audit/record.js';
import { isCalendarDate } from '../../services/holidays/calendar.js';
import { conflict, invalid, notFound } from '../../core/http/app-error.js';
import { bodyText, objectBody } from '../../core/http/body.js';
import { anyObject, dataMessageAnswer } from '../../../shared/contracts/parts.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { today } from '../registrations/calendar.js';
import { operationAccess } from '../../core/resources/access.js';
import { idList } from '../../core/resources/id-list.js';
import {
  ACTION_NOT_FOUND, ALREADY_CONCLUDED, CANCELLED_NOT_CONCLUDED, CHOOSE_ACTIONS, CONCLUDED, CONCLUDED_MANY, END_BEFORE_START, END_DATE_INVALID,
} from './actions.js';
import { openPendencies, pendencyName, resolveRows } from './pendencies.js';
import { spaceTables } from '../../core/db/dynamic.js';

const MODULE = 'acoes_fiscalizacao';

/** The open pendencies of an action being concluded, named, and the two ways on. */
export const OPEN_PENDENCIES = (action: string, names: string[]) =>
  `A ação ${action} tem ${names.length === 1 ? 'uma pendência aberta' : `${names.length} pendências abertas`}: ${names.join(', ')}. ` +
  'Resolva-as antes de concluir a ação, ou conclua-a resolvendo-as na data de término.';
export const RESOLVE_INVALID = 'O campo Resolver as pendências abertas deve ser sim ou não.';
/** A pendency that starts after the action's end cannot be resolved on it. */
export const PENDENCY_STARTS_LATER = (name: string, start: string) =>
  `A pendência ${name} começa em ${start.split('-').reverse().join('/')}, depois da data de término da ação: resolva-a antes, com a sua própria data.`;
/** The end notes of a pendency resolved by its action's conclusion. */
export const RESOLVED_BY_CONCLUSION = (action: string) => `Resolvida na conclusão da ação de fiscalização ${action}.`;

export interface Conclusion {
  end_date: string | null;
  end_notes: string | null;
  /** What happens to open pendencies: resolved with the action (true), or the conclusion refused (false). */
  resolve_pendencies: boolean;
}

// The handler reads the body and answers each refusal on its field, in its own words.
const conclusion = {
  tags: [MODULE],
  summary: "Conclui uma ou várias ações, todas ou nenhuma, sem volta: 'Ação de fiscalização concluída com sucesso' / 'Ações de fiscalização concluídas com sucesso'; a data de término é a enviada, senão a da ação, senão hoje (permissão `inspectionAction.update`, auditado; cancelada ou já concluída: 409). Uma ação com pendências abertas só se conclui com `resolve_pendencies: true`, que as resolve na data de término; sem ele, 422 em `resolve_pendencies` nomeando cada pendência aberta",
  body: {
    type: 'object',
    properties: {
      ids: { description: 'Lista de inteiros, ao menos um: as ações.' }, end_date: { description: 'Data `AAAA-MM-DD`: o término.' },
      end_notes: { description: 'Texto: observações de encerramento.' }, resolve_pendencies: { description: 'Sim ou não: resolve as pendências abertas.' },
    },
  },
  response: { 200: dataMessageAnswer('As ações concluídas', { type: 'array', items: anyObject }) },
  errors: ['401', '403', '404', '409', '422'],
} as const;

export async function actionConclusionRoutes(app: FastifyInstance, options: { model: Model }) {
  const allow = operationAccess(options.model, app.resources);
  const entity = options.model.byModule.get(MODULE);
  if (!entity) return;

  app.withTypeProvider<ContractTypes>().post(`/api/${MODULE}/conclude`, { schema: conclusion }, async (request) => {
    const { db, context } = allow(request, entity, 'update', 'update');
    const body = objectBody(request.body);
    const ids = idList(body.ids, 'ids');
    if (ids.length === 0) throw invalid({ ids: [CHOOSE_ACTIONS] });
    const endDate = bodyText(body.end_date, 'end_date', 'Data de término');
    if (endDate !== null && !isCalendarDate(endDate)) throw invalid({ end_date: [END_DATE_INVALID] });
    const resolve = body.resolve_pendencies ?? false;
    if (typeof resolve !== 'boolean') throw invalid({ resolve_pendencies: [RESOLVE_INVALID] });
    const data = await concludeActions(spaceTables(db), ids, { end_date: endDate, end_notes: bodyText(body.end_notes, 'end_notes', 'Observações de encerramento'), resolve_pendencies: resolve }, context.userId);
    return { data, message: data.length === 1 ? CONCLUDED : CONCLUDED_MANY };
  });
}

/**
 * Concludes actions, all or none, under their rows' locks: each neither cancelled nor concluded; its
 * end date the one given, else its own, else today (never before its start); its open pendencies
 * refused or resolved, as `resolve_pendencies` says; one audit row each.
 */
export async function concludeActions(db: Kysely<SpaceDatabase>, ids: number[], end: Conclusion, userId: number | null) {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('inspection_actions')
      .select(['id', 'canceled', 'concluded', 'end_notes', 'start_date', 'end_date', 'formatted_number'])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (rows.length !== ids.length) throw notFound(ACTION_NOT_FOUND);
    const open = await openPendencies(trx, ids);
    const concluded = [];
    for (const row of rows) {
      if (row.canceled === true) throw conflict(CANCELLED_NOT_CONCLUDED);
      if (row.concluded === true) throw conflict(ALREADY_CONCLUDED);
      const endDate = end.end_date ?? row.end_date ?? today();
      if (row.start_date !== null && endDate < row.start_date) throw invalid({ end_date: [END_BEFORE_START] });
      const name = row.formatted_number ?? `#${String(row.id)}`;
      const pending = open.filter((pendency) => Number(pendency.inspection_action_id) === Number(row.id));
      if (pending.length > 0 && !end.resolve_pendencies) throw invalid({ resolve_pendencies: [OPEN_PENDENCIES(name, pending.map(pendencyName))] });
      const later = pending.find((pendency) => pendency.start_date !== null && pendency.start_date > endDate);
      if (later) throw invalid({ end_date: [PENDENCY_STARTS_LATER(pendencyName(later), String(later.start_date))] });
      const resolved = await resolveRows(trx, pending, { end_date: endDate, end_notes: RESOLVED_BY_CONCLUSION(name) }, userId);
      const changes = { concluded: true, end_date: endDate, end_notes: end.end_notes ?? row.end_notes };
      await trx.updateTable('inspection_actions').set({ ...changes, updated_at: new Date() }).where('id', '=', row.id).execute();
      await recordAudit(trx, {
        event: 'concluded', userId, module: MODULE, recordId: Number(row.id),
        oldValues: { concluded: false, end_date: row.end_date, end_notes: row.end_notes },
        newValues: resolved.length > 0 ? { ...changes, resolved_pendencies: pending.map(pendencyName) } : changes,
      });
      concluded.push({ id: Number(row.id), ...changes, resolved_pendencies: resolved.map((pendency) => pendency.id) });
    }
    return concluded;
  });
}
