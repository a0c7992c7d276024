/**
 * A pendency of an inspection action (spec 002 §3–§5, docs/INSPECTIONS.md): on insert it receives the
 * deadline of its type (deadline type and amount) counted from its base moment by the deadlines engine,
 * in the insert's transaction; `POST …/simulation` shows the same deadline before saving, storing
 * nothing; the routes `…/conclude` resolve pendencies, completing their deadlines; a deleted pendency's
 * running deadline is cancelled.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { recordAudit } from '../../core/audit/record.js';
import { dateOf, isMoment } from '../deadlines/moment.js';
import { createDeadlineWithin, operateOnDeadlineWithin, SIMULATION_MESSAGE, simulateDeadline } from '../deadlines/operations.js';
import { deadlineRow, STATUS } from '../deadlines/read.js';
import { isCalendarDate } from '../../services/holidays/calendar.js';
import { conflict, invalid, notFound, type FieldErrors } from '../../core/http/app-error.js';
import { bodyText, objectBody } from '../../core/http/body.js';
import { boolean, date, dataMessageAnswer, idParams, integer, nullableText, text } from '../../../shared/contracts/parts.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { operationAccess } from '../../core/resources/access.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import { idList } from '../../core/resources/id-list.js';
import { parseId } from '../../core/resources/read.js';
import { COUNCIL_TIME_ZONE, councilMoment as momentOf } from '../../../shared/council-clock.js';
import { CANCELLED_UNCHANGED } from './actions.js';
import { after, annotationAdmits, refuse, refuseClosedAction } from './annotations.js';
import { spaceTables } from '../../core/db/dynamic.js';

dayjs.extend(utc);
dayjs.extend(timezone);

type Db = Kysely<SpaceDatabase>;
type Row = Readonly<Record<string, unknown>>;

export const PENDENCY_TYPE_NOT_ADMITTED = 'O tipo de anotação não admite este tipo de pendência.';
export const PENDENCY_TYPE_KEPT = 'O tipo de uma pendência salva não se altera: exclua-a e inclua outra.';
export const BASE_MOMENT_KEPT = 'O momento base do prazo de uma pendência salva não se altera.';
export const BASE_MOMENT_INVALID = 'O campo Momento base do prazo deve ser uma data e hora válida (AAAA-MM-DD HH:mm:ss).';
export const PENDENCY_RESOLVED_UNCHANGED = 'A pendência está resolvida: não pode ser alterada.';
export const ALREADY_RESOLVED = 'A pendência já está resolvida.';
export const PENDENCY_NOT_FOUND = 'Pendência não encontrada.';
export const CHOOSE_PENDENCIES = 'Escolha ao menos uma pendência.';
export const END_DATE_REQUIRED = 'O campo Data de conclusão é obrigatório.';
export const END_DATE_INVALID = 'O campo Data de conclusão deve ser uma data válida (AAAA-MM-DD).';
export const END_BEFORE_START = 'A data de conclusão não pode ser anterior à data de início.';
export const NO_DEADLINE = 'Este tipo de pendência não tem prazo: informe o tipo de prazo e a quantidade no tipo de pendência.';
export const PENDENCY_TYPE_REQUIRED = 'O campo Tipo de pendência é obrigatório.';
export const PENDENCY_TYPE_NOT_FOUND = 'Tipo de pendência não encontrado.';
export const RESOLVED = 'Pendência resolvida com sucesso';
export const RESOLVED_MANY = 'Pendências resolvidas com sucesso';

/** Now on the council's clock, `YYYY-MM-DD HH:mm:ss`. */
const now = () => momentOf();

/** A moment as sent (`YYYY-MM-DD HH:mm:ss` on the council's clock, or an ISO date-time), on the council's clock; null when it is none. */
export function councilMoment(value: unknown): string | null {
  if (isMoment(value)) return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : dayjs(value).tz(COUNCIL_TIME_ZONE).format('YYYY-MM-DD HH:mm:ss');
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value) || !isCalendarDate(value.slice(0, 10))) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.tz(COUNCIL_TIME_ZONE).format('YYYY-MM-DD HH:mm:ss') : null;
}

/** What a pendency's deadline counts from, as the simulation and the dialog name it. */
export const BASE_SOURCES = {
  base_moment: 'o momento base informado',
  start_date: 'a data de início da pendência',
  now: 'o momento do salvamento (a pendência não tem data de início)',
} as const;

export type BaseSource = keyof typeof BASE_SOURCES;

/** Where a pendency's deadline counts from, and why: the base moment sent, else the start date at 00:00:00, else now. */
export function deadlineBaseOf(body: Row): { moment: string; source: BaseSource } {
  const sent = councilMoment(body.base_moment);
  if (sent !== null) return { moment: sent, source: 'base_moment' };
  if (typeof body.start_date === 'string' && body.start_date !== '') return { moment: `${body.start_date} 00:00:00`, source: 'start_date' };
  return { moment: now(), source: 'now' };
}

/** The deadline rule a pendency type gives its pendencies, or null when it gives none. */
async function pendencyDeadlineOf(db: Db, pendencyTypeId: number) {
  const type = await db.selectFrom('pendency_types').select(['deadline_type_id', 'deadline_amount']).where('id', '=', pendencyTypeId).executeTakeFirst();
  if (!type) return undefined;
  return type.deadline_type_id == null || type.deadline_amount == null ? null : { deadline_type_id: Number(type.deadline_type_id), amount: Number(type.deadline_amount) };
}

const deadlineInput = (rule: { deadline_type_id: number; amount: number }, baseMoment: string) => ({ ...rule, base_moment: baseMoment, uf_id: null, city_id: null, notes: null, document_id: null });

/**
 * A pendency (`pendencias_acao_fiscalizacao`): its action open, its annotation the action's, admitting
 * its type; a valid base moment. Saved, its type and base moment stay (the deadline was counted from
 * them) and a resolved one is not edited.
 */
export const pendencyRules: ModuleHooks<SpaceDatabase> = {
  async beforeWrite(trx, { mode, body, previous }) {
    if (previous) await refuseClosedAction(trx, previous.inspection_action_id);
    await refuseClosedAction(trx, after(body, previous, 'inspection_action_id'));
    if (previous?.concluded === true) throw conflict(PENDENCY_RESOLVED_UNCHANGED);
    const errors: FieldErrors = {};
    // The generic date-time check lets a day that does not exist through (the database then refuses it).
    if (body.base_moment != null && councilMoment(body.base_moment) === null) errors.base_moment = [BASE_MOMENT_INVALID];
    if (mode !== 'create' && previous) {
      if ('pendency_type_id' in body && Number(body.pendency_type_id) !== Number(previous.pendency_type_id)) errors.pendency_type_id = [PENDENCY_TYPE_KEPT];
      if ('base_moment' in body && councilMoment(body.base_moment) !== councilMoment(previous.base_moment)) errors.base_moment = [BASE_MOMENT_KEPT];
    }
    refuse({ ...(await annotationAdmits(trx, body, previous, 'pendency_type_id', 'inspection_annotation_type_pendency_types', PENDENCY_TYPE_NOT_ADMITTED)), ...errors });
  },
};

/** A new pendency's deadline, created by the deadlines engine in the insert's transaction. */
export const pendencyDeadline: ModuleHooks<SpaceDatabase> = {
  transforms: ['deadline_id', 'deadline_moment'],
  async serverValues(trx, { mode, body, context }) {
    if (mode !== 'create') return {};
    const rule = await pendencyDeadlineOf(trx, Number(body.pendency_type_id));
    if (!rule) return {};
    const deadline = await createDeadlineWithin(trx, deadlineInput(rule, deadlineBaseOf(body).moment), { userId: context.userId });
    return { deadline_id: deadline.id, deadline_moment: deadline.deadline_moment };
  },
};

/** A deleted pendency's deadline, still running or suspended, is cancelled (its history stays). */
export const pendencyDeadlineCancelled: ModuleHooks<SpaceDatabase> = {
  async beforeDelete(trx, { record, context }) {
    await closeDeadline(trx, record.deadline_id, 'cancellation', now(), 'Pendência excluída.', context.userId);
  },
};

async function closeDeadline(trx: Db, deadlineId: unknown, operation: 'completion' | 'cancellation', moment: string, notes: string | null, userId: number | null) {
  if (deadlineId == null) return;
  const deadline = await deadlineRow(trx, Number(deadlineId), true);
  if (!deadline || deadline.status === STATUS.completed || deadline.status === STATUS.cancelled) return;
  await operateOnDeadlineWithin(trx, operation, { deadline_id: deadline.id, amount: deadline.amount, base_moment: moment, uf_id: null, city_id: null, notes, document_id: null }, { userId });
}

const PENDENCIES = 'pendencias_acao_fiscalizacao';

const tags = [PENDENCIES];
const councilMomentText = { type: 'string', description: "'YYYY-MM-DD HH:mm:ss' no relógio de America/Sao_Paulo" } as const;
const resolved = { type: 'object', properties: { id: integer, concluded: boolean, end_date: date, end_notes: nullableText }, required: ['id', 'concluded', 'end_date', 'end_notes'] } as const;
const end = { end_date: { description: 'Data `AAAA-MM-DD`, obrigatória: a resolução.' }, end_notes: { description: 'Texto: observações de conclusão.' } } as const;
// The handlers read the bodies and answer each refusal on its field, in their own words.
const contracts = {
  simulation: {
    tags,
    summary: "O prazo que uma pendência do tipo receberia, contado do momento base (vazio: a data de início às 00:00:00, senão agora), sem guardar nada, com aquilo de que foi contado (`base`, `base_label`) e se já estaria vencido ao salvar (`overdue`): 'Simulação do prazo incluída com sucesso' (permissão de incluir ou alterar pendências; tipo sem prazo: 422)",
    body: { type: 'object', properties: { pendency_type_id: { description: 'Inteiro, obrigatório: o tipo de pendência.' }, start_date: { description: 'Data `AAAA-MM-DD`: o início.' }, base_moment: { description: "Texto 'YYYY-MM-DD HH:mm:ss': o momento base." } } },
    response: {
      200: dataMessageAnswer('O vencimento simulado', {
        type: 'object',
        properties: {
          deadline_type_id: integer, amount: integer, base_moment: councilMomentText, deadline_moment: councilMomentText,
          base: { type: 'string', enum: ['base_moment', 'start_date', 'now'] }, base_label: text, overdue: boolean,
        },
      }),
    },
    errors: ['401', '403', '422'],
  },
  concludeOne: {
    tags,
    summary: "Resolve a pendência numa data, com observações, e conclui o seu prazo: 'Pendência resolvida com sucesso' (permissão `inspectionActionPendency.update`, auditado; já resolvida, ou a ação cancelada: 409; a pendência deixada aberta por uma ação concluída antes de a conclusão conferir as pendências ainda se resolve)",
    params: idParams,
    body: { type: 'object', properties: end },
    response: { 200: dataMessageAnswer('A pendência resolvida', resolved) },
    errors: ['401', '403', '404', '409', '422'],
  },
  conclude: {
    tags,
    summary: "Resolve várias pendências, todas ou nenhuma: 'Pendências resolvidas com sucesso' (uma só: 'Pendência resolvida com sucesso'; permissão `inspectionActionPendency.update`, auditado)",
    body: { type: 'object', properties: { ids: { description: 'Lista de inteiros, ao menos um: as pendências.' }, ...end } },
    response: { 200: dataMessageAnswer('As pendências resolvidas', { type: 'array', items: resolved }) },
    errors: ['401', '403', '404', '409', '422'],
  },
} as const;

export async function pendencyRoutes(app: FastifyInstance, options: { model: Model }) {
  const allow = operationAccess(options.model, app.resources);
  const entity = options.model.byModule.get(PENDENCIES);
  if (!entity) return;
  const routes = app.withTypeProvider<ContractTypes>();

  /** The deadline a pendency of a type would receive from a base moment; nothing is stored. */
  routes.post(`/api/${PENDENCIES}/simulation`, { schema: contracts.simulation }, async (request) => {
    const { db } = allow(request, entity, 'create', 'store', 'update');
    const body = objectBody(request.body);
    const raw = body.pendency_type_id;
    const typeId = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d{1,15}\s*$/.test(raw) ? Number(raw) : NaN;
    if (raw == null || raw === '') throw invalid({ pendency_type_id: [PENDENCY_TYPE_REQUIRED] });
    if (!Number.isSafeInteger(typeId) || typeId < 1) throw invalid({ pendency_type_id: [PENDENCY_TYPE_NOT_FOUND] });
    if (body.base_moment != null && body.base_moment !== '' && councilMoment(body.base_moment) === null) throw invalid({ base_moment: [BASE_MOMENT_INVALID] });
    if (body.start_date != null && body.start_date !== '' && !isCalendarDate(body.start_date)) throw invalid({ start_date: ['O campo Data de início deve ser uma data válida (AAAA-MM-DD).'] });
    const rule = await pendencyDeadlineOf(spaceTables(db), typeId);
    if (rule === undefined) throw invalid({ pendency_type_id: [PENDENCY_TYPE_NOT_FOUND] });
    if (rule === null) throw invalid({ pendency_type_id: [NO_DEADLINE] });
    const base = deadlineBaseOf(body);
    const simulated = await simulateDeadline(spaceTables(db), deadlineInput(rule, base.moment));
    // Counted from a past date, a deadline may already have run out: the pendency would be born overdue.
    const overdue = simulated.deadline_moment < now();
    const data = { ...simulated, base: base.source, base_label: BASE_SOURCES[base.source], overdue };
    return { data, message: SIMULATION_MESSAGE };
  });

  routes.put(`/api/${PENDENCIES}/:id/conclude`, { schema: contracts.concludeOne }, async (request) => {
    const { db, context } = allow(request, entity, 'update', 'update');
    const id = parseId(request.params.id, PENDENCY_NOT_FOUND);
    const [data] = await resolvePendencies(spaceTables(db), [id], endOf(objectBody(request.body)), context.userId);
    return { data, message: RESOLVED };
  });

  routes.put(`/api/${PENDENCIES}/conclude`, { schema: contracts.conclude }, async (request) => {
    const { db, context } = allow(request, entity, 'update', 'update');
    const body = objectBody(request.body);
    const ids = idList(body.ids, 'ids');
    if (ids.length === 0) throw invalid({ ids: [CHOOSE_PENDENCIES] });
    const data = await resolvePendencies(spaceTables(db), ids, endOf(body), context.userId);
    return { data, message: data.length === 1 ? RESOLVED : RESOLVED_MANY };
  });
}

/** A conclusion's end date (required, a calendar date) and notes, read from its body. */
function endOf(body: Record<string, unknown>): { end_date: string; end_notes: string | null } {
  const endDate = bodyText(body.end_date, 'end_date', 'Data de conclusão');
  if (endDate === null) throw invalid({ end_date: [END_DATE_REQUIRED] });
  if (!isCalendarDate(endDate)) throw invalid({ end_date: [END_DATE_INVALID] });
  return { end_date: endDate, end_notes: bodyText(body.end_notes, 'end_notes', 'Observações de conclusão') };
}

/**
 * Resolves pendencies, all or none, under their rows' locks: each of an action not cancelled, not
 * resolved yet, ending no earlier than it started; its deadline completed; one audit row each. A
 * pendency left open under an action concluded before concluding checked its pendencies may still
 * be resolved: resolving is the one change a concluded action's pendency takes.
 */
export async function resolvePendencies(db: Db, ids: number[], end: { end_date: string; end_notes: string | null }, userId: number | null) {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('inspection_action_pendencies')
      .select(['id', 'inspection_action_id', 'start_date', 'concluded', 'deadline_id'])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (rows.length !== ids.length) throw notFound(PENDENCY_NOT_FOUND);
    for (const row of rows) {
      const action = await trx.selectFrom('inspection_actions').select('canceled').where('id', '=', Number(row.inspection_action_id)).executeTakeFirst();
      if (action?.canceled === true) throw conflict(CANCELLED_UNCHANGED);
      if (row.concluded === true) throw conflict(ALREADY_RESOLVED);
      if (row.start_date !== null && end.end_date < row.start_date) throw invalid({ end_date: [END_BEFORE_START] });
    }
    return resolveRows(trx, rows, end, userId);
  });
}

/** The pendencies still open among an action's, in the order they were written: what its conclusion names. */
export async function openPendencies(trx: Db, actionIds: number[]) {
  if (actionIds.length === 0) return [];
  return trx
    .selectFrom('inspection_action_pendencies as p')
    .leftJoin('pendency_types as t', 't.id', 'p.pendency_type_id')
    .select(['p.id', 'p.inspection_action_id', 'p.formatted_number', 'p.start_date', 'p.deadline_id', 't.denomination as type'])
    .where('p.inspection_action_id', 'in', actionIds)
    .where((eb) => eb.or([eb('p.concluded', '=', false), eb('p.concluded', 'is', null)]))
    .orderBy('p.id')
    .forUpdate('p')
    .execute();
}

/** How a person names a pendency: its number (or #id) and its type ('PEN-1 (Apresentar ART)'). */
export const pendencyName = (row: { id: unknown; formatted_number?: string | null; type?: string | null }) =>
  `${row.formatted_number ?? `#${String(row.id)}`}${row.type ? ` (${row.type})` : ''}`;

/** Marks checked pendencies resolved inside the caller's transaction: their deadlines completed, an audit row each. */
export async function resolveRows(trx: Db, rows: readonly { id: unknown; deadline_id: unknown }[], end: { end_date: string; end_notes: string | null }, userId: number | null) {
  const { end_date: endDate, end_notes: endNotes } = end;
  const resolved = [];
  for (const row of rows) {
    const changes = { concluded: true, end_date: endDate, end_notes: endNotes };
    await trx.updateTable('inspection_action_pendencies').set({ ...changes, updated_at: new Date() }).where('id', '=', Number(row.id)).execute();
    const moment = endDate === dateOf(now()) ? now() : `${endDate} 23:59:59`;
    await closeDeadline(trx, row.deadline_id, 'completion', moment, endNotes, userId);
    await recordAudit(trx, { event: 'concluded', userId, module: PENDENCIES, recordId: Number(row.id), oldValues: { concluded: false, end_date: null, end_notes: null }, newValues: changes });
    resolved.push({ id: Number(row.id), ...changes });
  }
  return resolved;
}
