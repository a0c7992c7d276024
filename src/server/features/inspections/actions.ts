/**
 * An inspection action's states (spec 002 §4, §6), beside the generic routes:
 * - `PUT /api/acoes_fiscalizacao/{id}/cancel` `{cancellation_reason, cancellation_notes?}`: cancels an
 *   action that is not cancelled;
 * - `PUT /api/acoes_fiscalizacao/{id}/reactivate`: reactivates a cancelled one, clearing the reason and
 *   notes;
 * - `POST /api/acoes_fiscalizacao/conclude`: concludes actions, for good (conclusion.ts);
 * - `GET /api/acoes_fiscalizacao/supervisor_check`: whether the caller is a supervisor ('fiscal').
 * The moves need `inspectionAction.update`, lock the actions' rows, refuse a move a state does not
 * allow (409) and write one audit row each. A cancelled or concluded action is not edited through the
 * generic routes either (`actionRules`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { dynamic, spaceTables } from '../../core/db/dynamic.js';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { recordAudit } from '../../core/audit/record.js';
import { conflict, invalid, notFound } from '../../core/http/app-error.js';
import { bodyText, objectBody } from '../../core/http/body.js';
import { anyObject, boolean, dataAnswer, dataMessageAnswer, idParams, nullableInteger } from '../../../shared/contracts/parts.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { sessionOf } from '../../core/http/session.js';
import { PARTY_TYPE_CODES } from '../../../shared/party-types.js';
import { CANCELLED_UNCHANGED, CONCLUDED_UNCHANGED } from '../../../shared/inspection-actions.js';
import { deleteOne } from '../../core/resources/delete.js';
import type { ResourceRegistry } from '../../core/resources/registry.js';
import { operationAccess } from '../../core/resources/access.js';
import type { ModuleHooks, WriteContext } from '../../core/resources/hooks.js';
import { parseId } from '../../core/resources/read.js';

export { CANCELLED_UNCHANGED, CONCLUDED_UNCHANGED };
export const ACTION_NOT_FOUND = 'Ação de fiscalização não encontrada.';
export const ALREADY_CANCELLED = 'A ação de fiscalização já está cancelada.';
export const NOT_CANCELLED = 'A ação de fiscalização não está cancelada.';
export const REASON_REQUIRED = 'O campo Motivo do cancelamento é obrigatório.';
export const REASON_TOO_LONG = 'O campo Motivo do cancelamento não pode ter mais de 255 caracteres.';
export const CANCELLED = 'Ação de fiscalização cancelada com sucesso';
export const ALREADY_CONCLUDED = 'A ação de fiscalização já está concluída.';
export const CANCELLED_NOT_CONCLUDED = 'A ação de fiscalização está cancelada: reative-a para concluí-la.';
export const CONCLUDED_NOT_CANCELLED = 'A ação de fiscalização está concluída: não pode ser cancelada nem reativada.';
export const CONCLUDED = 'Ação de fiscalização concluída com sucesso';
export const CONCLUDED_MANY = 'Ações de fiscalização concluídas com sucesso';
export const CHOOSE_ACTIONS = 'Escolha ao menos uma ação de fiscalização.';
export const END_DATE_INVALID = 'O campo Data de término deve ser uma data válida (AAAA-MM-DD).';
export const END_BEFORE_START = 'A data inicial não pode ser posterior à data final.';
export const RAPPORTEUR_NOT_EMPLOYEE = 'A parte selecionada não é um funcionário.';
/** Who may be a supervisor ('fiscal') of an action and is added to a new one's list when it is left out. */
export const SUPERVISE = 'inspectionAction.supervise';
export const REACTIVATED = 'Ação de fiscalização reativada com sucesso';

const MODULE = 'acoes_fiscalizacao';

/**
 * A cancelled action is reactivated before it is edited; a concluded one is not edited again. The
 * rapporteur is an employee: a party of the employee party type (code `funcionario`).
 */
export const actionRules: ModuleHooks<SpaceDatabase> = {
  async beforeWrite(trx, { mode, body, previous }) {
    if (mode !== 'create' && previous?.canceled === true) throw conflict(CANCELLED_UNCHANGED);
    if (mode !== 'create' && previous?.concluded === true) throw conflict(CONCLUDED_UNCHANGED);
    if (body.rapporteur_id == null) return;
    const employee = await trx
      .selectFrom('parties as p')
      .innerJoin('party_types as t', 't.id', 'p.party_type_id')
      .select('p.id')
      .where('p.id', '=', Number(body.rapporteur_id))
      .where('t.code', '=', PARTY_TYPE_CODES.employee)
      .executeTakeFirst();
    if (!employee) throw invalid({ rapporteur_id: [RAPPORTEUR_NOT_EMPLOYEE] });
  },
};

/** Whether the caller holds the supervisor's permission (an administrator is not a supervisor by being one). */
const isSupervisor = (request: FastifyRequest | undefined) => request !== undefined && sessionOf(request).permissions.has(SUPERVISE);

/** A new action's supervisors, left out: the caller, when a supervisor (spec 002 §6: the supervisor check adds them). */
export const supervisorDefault: ModuleHooks<SpaceDatabase> = {
  defaults(_db, { mode, context }) {
    return mode === 'create' && context.userId !== null && isSupervisor(context.request) ? { supervisors: [{ user_id: context.userId }] } : {};
  },
};

/**
 * Deleting an action deletes its pendencies (cancelling their deadlines), infractions and annotations
 * (with their documents) first, each through its own module's hooks and with its own audit row.
 */
export const actionDependants = (resources: ResourceRegistry): ModuleHooks<SpaceDatabase> => ({
  async beforeDelete(trx, { id, context }) {
    await deleteDependants(trx, resources, context, [
      ['pendencias_acao_fiscalizacao', 'inspection_action_pendencies', 'inspection_action_id'],
      ['infracoes_acao_fiscalizacao', 'inspection_action_infractions', 'inspection_action_id'],
      ['anotacoes_acao_fiscalizacao', 'inspection_action_annotations', 'inspection_action_id'],
    ], id);
  },
});

type Dependants = [module: string, table: 'inspection_action_pendencies' | 'inspection_action_infractions' | 'inspection_action_annotations', column: 'inspection_action_id' | 'inspection_action_annotation_id'][];

/** Deletes the records of each module whose column names the owner, in the order given. */
export async function deleteDependants(trx: Kysely<SpaceDatabase>, resources: ResourceRegistry, context: WriteContext, dependants: Dependants, owner: number) {
  for (const [module, table, column] of dependants) {
    const entity = context.model.byModule.get(module);
    if (!entity) continue;
    const rows = await trx.selectFrom(table).select('id').where(column, '=', owner).orderBy('id').execute();
    for (const row of rows) {
      const child: WriteContext = { ...context, hooks: resources.hooksOf(module) };
      await deleteOne(dynamic(trx), entity, Number(row.id), child);
      context.discarded = child.discarded;
    }
  }
}

// The handlers read the bodies and answer each refusal on its field, in their own words.
const contracts = {
  cancel: {
    tags: [MODULE],
    summary: "Cancela a ação com um motivo e observações: 'Ação de fiscalização cancelada com sucesso' (permissão `inspectionAction.update`, auditado; já cancelada ou concluída: 409; docs/INSPECTIONS.md)",
    params: idParams,
    body: { type: 'object', properties: { cancellation_reason: { description: 'Texto, obrigatório, até 255 caracteres: o motivo.' }, cancellation_notes: { description: 'Texto: observações.' } } },
    response: { 200: dataMessageAnswer('A ação cancelada', anyObject) },
    errors: ['401', '403', '404', '409', '422'],
  },
  reactivate: {
    tags: [MODULE],
    summary: "Reativa a ação cancelada e apaga o motivo e as observações: 'Ação de fiscalização reativada com sucesso' (permissão `inspectionAction.update`, auditado; não cancelada: 409)",
    params: idParams,
    response: { 200: dataMessageAnswer('A ação reativada', anyObject) },
    errors: ['401', '403', '404', '409', '422'],
  },
  supervisorCheck: {
    tags: [MODULE],
    summary: 'Se quem chama é fiscal (permissão `inspectionAction.supervise`) e o seu id de usuário: o formulário de inclusão o põe entre os fiscais (permissão de incluir ou alterar ações)',
    response: { 200: dataAnswer('OK', { type: 'object', properties: { supervisor: boolean, user_id: nullableInteger }, required: ['supervisor', 'user_id'] }) },
    errors: ['401', '403'],
  },
} as const;

export async function inspectionActionRoutes(app: FastifyInstance, options: { model: Model }) {
  const allow = operationAccess(options.model, app.resources);
  const entity = options.model.byModule.get(MODULE);
  if (!entity) return;
  const routes = app.withTypeProvider<ContractTypes>();

  async function move(db: Kysely<SpaceDatabase>, rawId: unknown, userId: number | null, cancel: boolean, values: { cancellation_reason: string | null; cancellation_notes: string | null }) {
    const id = parseId(rawId, ACTION_NOT_FOUND);
    return db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('inspection_actions').select(['id', 'canceled', 'concluded', 'cancellation_reason', 'cancellation_notes']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound(ACTION_NOT_FOUND);
      if (row.concluded === true) throw conflict(CONCLUDED_NOT_CANCELLED);
      if (cancel && row.canceled === true) throw conflict(ALREADY_CANCELLED);
      if (!cancel && row.canceled !== true) throw conflict(NOT_CANCELLED);
      const changes = { canceled: cancel, ...values };
      await trx.updateTable('inspection_actions').set({ ...changes, updated_at: new Date() }).where('id', '=', id).execute();
      const old = { canceled: row.canceled === true, cancellation_reason: row.cancellation_reason, cancellation_notes: row.cancellation_notes };
      await recordAudit(trx, { event: cancel ? 'canceled' : 'reactivated', userId, module: MODULE, recordId: id, oldValues: old, newValues: changes });
      return { id, ...changes };
    });
  }

  routes.put(`/api/${MODULE}/:id/cancel`, { schema: contracts.cancel }, async (request) => {
    const { db, context } = allow(request, entity, 'update', 'update');
    const body = objectBody(request.body);
    const reason = bodyText(body.cancellation_reason, 'cancellation_reason', 'Motivo do cancelamento');
    if (reason === null) throw invalid({ cancellation_reason: [REASON_REQUIRED] });
    if (reason.length > 255) throw invalid({ cancellation_reason: [REASON_TOO_LONG] });
    const data = await move(spaceTables(db), request.params.id, context.userId, true, { cancellation_reason: reason, cancellation_notes: bodyText(body.cancellation_notes, 'cancellation_notes', 'Observações do cancelamento') });
    return { data, message: CANCELLED };
  });

  routes.put(`/api/${MODULE}/:id/reactivate`, { schema: contracts.reactivate }, async (request) => {
    const { db, context } = allow(request, entity, 'update', 'update');
    const data = await move(spaceTables(db), request.params.id, context.userId, false, { cancellation_reason: null, cancellation_notes: null });
    return { data, message: REACTIVATED };
  });

  routes.get(`/api/${MODULE}/supervisor_check`, { schema: contracts.supervisorCheck }, async (request) => {
    const { context } = allow(request, entity, 'create', 'store', 'update');
    return { data: { supervisor: isSupervisor(request), user_id: context.userId } };
  });
}
