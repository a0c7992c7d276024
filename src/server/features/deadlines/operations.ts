/**
 * The deadline operations (spec 002 §4): create, simulate, alter, suspend, reactivate, complete and
 * cancel. Each runs in one transaction with the deadline's row locked, writes one history row and one
 * audit row, and answers the deadline with its history. No HTTP here: routes.ts parses and replies.
 */
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { recordAudit } from '../../core/audit/record.js';
import { invalid, notFound } from '../../core/http/app-error.js';
import { CITY_OUTSIDE_UF } from '../../services/holidays/rules.js';
import { loadCalendar } from '../../services/holidays/load.js';
import { deadlineMoment, extendAfterSuspension, type CountingWay, type DeadlineRule, type TimeUnit } from './engine.js';
import type { DeadlineInput, DeadlineOperation } from './input.js';
import type { DeadlineStatus } from './tables.js';
import { deadlineAnswer, deadlineRow, EVENT_LABELS, momentText, STATUS, type DeadlineRow } from './read.js';

export const AUDIT_MODULE = 'prazos';
export const SIMULATION_MESSAGE = 'Simulação do prazo incluída com sucesso';
export const DEADLINE_NOT_FOUND = 'Prazo não encontrado.';
export const TYPE_NOT_FOUND = 'Tipo de prazo não encontrado.';
export const TYPE_INACTIVE = 'O tipo de prazo está inativo.';
export const UF_NOT_FOUND = 'UF não encontrada.';
export const CITY_NOT_FOUND = 'Município não encontrado.';
export const DOCUMENT_NOT_FOUND = 'Documento não encontrado.';
export const NOT_ALTERABLE = 'Este tipo de prazo não pode ser alterado.';
export const DOCUMENT_REQUIRED = 'Este tipo de prazo só pode ser alterado com um documento.';
export const ALREADY_COMPLETED = 'O prazo já foi concluído.';
export const ALREADY_CANCELLED = 'O prazo foi cancelado.';
export const ALREADY_SUSPENDED = 'O prazo já está suspenso.';
export const NOT_SUSPENDED = 'O prazo não está suspenso.';
export const SUSPENDED_FIRST = 'O prazo está suspenso: reative-o antes de alterá-lo.';
export const REACTIVATION_BEFORE_SUSPENSION = 'A reativação não pode ser anterior à suspensão.';
export const BEYOND_CALENDAR = 'O prazo calculado passa do ano 9999.';

type Db = Kysely<SpaceDatabase>;
export interface Who { userId: number | null }

const ruleOf = (type: { time_unit: number; counting_way: number | null }): DeadlineRule => ({ timeUnit: type.time_unit as TimeUnit, countingWay: type.counting_way as CountingWay | null });

/** The end moment, or 422 on the amount when it leaves the calendar. */
function computed(moment: string): string {
  if (moment.length !== 19) throw invalid({ amount: [BEYOND_CALENDAR] });
  return moment;
}

/** The type (active) and the place of a new deadline or a simulation, checked. */
async function typeAndPlace(db: Db, input: DeadlineInput) {
  const type = await db.selectFrom('deadline_types').select(['id', 'time_unit', 'counting_way', 'inactivated']).where('id', '=', input.deadline_type_id!).executeTakeFirst();
  if (!type) throw invalid({ deadline_type_id: [TYPE_NOT_FOUND] });
  if (type.inactivated) throw invalid({ deadline_type_id: [TYPE_INACTIVE] });
  let ufId = input.uf_id;
  if (ufId != null && !(await db.selectFrom('states').select('id').where('id', '=', ufId).executeTakeFirst())) throw invalid({ uf_id: [UF_NOT_FOUND] });
  if (input.city_id != null) {
    const city = await db.selectFrom('cities').select('uf_id').where('id', '=', input.city_id).executeTakeFirst();
    if (!city) throw invalid({ city_id: [CITY_NOT_FOUND] });
    if (ufId != null && Number(city.uf_id) !== ufId) throw invalid({ city_id: [CITY_OUTSIDE_UF] });
    ufId = Number(city.uf_id);
  }
  return { rule: ruleOf({ time_unit: Number(type.time_unit), counting_way: type.counting_way == null ? null : Number(type.counting_way) }), place: { ufId, cityId: input.city_id } };
}

/** `POST /deadlines/simulation`: the moment a deadline would end; nothing is stored. */
export async function simulateDeadline(db: Db, input: DeadlineInput) {
  const { rule, place } = await typeAndPlace(db, input);
  const calendar = await loadCalendar(db, place);
  const moment = computed(deadlineMoment(input.base_moment, input.amount!, rule, calendar));
  return {
    deadline_type_id: input.deadline_type_id!, uf_id: place.ufId, city_id: place.cityId, amount: input.amount!,
    base_moment: input.base_moment, deadline_moment: moment, event: 'simulation', event_label: EVENT_LABELS.simulation,
  };
}

async function history(trx: Db, deadlineId: number, event: DeadlineOperation, input: DeadlineInput, moment: string, who: Who) {
  await trx
    .insertInto('deadline_histories')
    .values({ deadline_id: deadlineId, event, amount: input.amount ?? null, base_moment: input.base_moment, deadline_moment: moment, notes: input.notes, document_id: input.document_id, user_id: who.userId })
    .execute();
}

/** `POST /deadlines/`: a new deadline from its base moment and amount, with its first history row. */
export async function createDeadline(db: Db, input: DeadlineInput, who: Who) {
  return db.transaction().execute((trx) => createDeadlineWithin(trx, input, who));
}

/** `createDeadline` inside a transaction the caller holds (a pendency's insert). */
export async function createDeadlineWithin(trx: Db, input: DeadlineInput, who: Who) {
  const { rule, place } = await typeAndPlace(trx, input);
  const moment = computed(deadlineMoment(input.base_moment, input.amount!, rule, await loadCalendar(trx, place)));
  const { id } = await trx
    .insertInto('deadlines')
    .values({ deadline_type_id: input.deadline_type_id!, uf_id: place.ufId, city_id: place.cityId, amount: input.amount!, base_moment: input.base_moment, deadline_moment: moment })
    .returning('id')
    .executeTakeFirstOrThrow();
  await history(trx, Number(id), 'creation', input, moment, who);
  const answer = await deadlineAnswer(trx, Number(id));
  const { deadline_histories: _h, ...values } = answer;
  await recordAudit(trx, { event: 'created', userId: who.userId, module: AUDIT_MODULE, recordId: Number(id), newValues: values });
  return answer;
}

/** What an operation on a deadline in a given state may not do (422 on `deadline_id`). */
function refuseByState(operation: DeadlineOperation, deadline: DeadlineRow): void {
  const refuse = (message: string) => {
    throw invalid({ deadline_id: [message] });
  };
  if (deadline.status === STATUS.completed) refuse(ALREADY_COMPLETED);
  if (deadline.status === STATUS.cancelled) refuse(ALREADY_CANCELLED);
  if (operation === 'suspension' && deadline.status === STATUS.suspended) refuse(ALREADY_SUSPENDED);
  if (operation === 'reactivation' && deadline.status !== STATUS.suspended) refuse(NOT_SUSPENDED);
  if (operation === 'alteration' && deadline.status === STATUS.suspended) refuse(SUSPENDED_FIRST);
}

/**
 * Alteration, suspension, reactivation, completion or cancellation of a deadline, under its row's
 * lock: alterability enforced (2 refuses, 3 needs a document), a reactivation gives back the time
 * the suspension took.
 */
export async function operateOnDeadline(db: Db, operation: Exclude<DeadlineOperation, 'creation' | 'simulation'>, input: DeadlineInput, who: Who) {
  return db.transaction().execute((trx) => operateOnDeadlineWithin(trx, operation, input, who));
}

/** `operateOnDeadline` inside a transaction the caller holds (a pendency concluded or deleted). */
export async function operateOnDeadlineWithin(trx: Db, operation: Exclude<DeadlineOperation, 'creation' | 'simulation'>, input: DeadlineInput, who: Who) {
  const deadline = await deadlineRow(trx, input.deadline_id!, true);
  if (!deadline) throw notFound(DEADLINE_NOT_FOUND);
  refuseByState(operation, deadline);
  const rule = ruleOf(deadline);
  const changes: { status?: DeadlineStatus; amount?: number; base_moment?: string; deadline_moment?: string } = {};
  let moment = deadline.deadline_moment;
  if (operation === 'alteration') {
    if (deadline.alterability === 2) throw invalid({ deadline_id: [NOT_ALTERABLE] });
    if (deadline.alterability === 3 && input.document_id == null) throw invalid({ document_id: [DOCUMENT_REQUIRED] });
    if (input.document_id != null && !(await trx.selectFrom('documents').select('id').where('id', '=', input.document_id).executeTakeFirst())) throw invalid({ document_id: [DOCUMENT_NOT_FOUND] });
    const calendar = await loadCalendar(trx, { ufId: deadline.uf_id, cityId: deadline.city_id });
    moment = computed(deadlineMoment(input.base_moment, input.amount!, rule, calendar));
    Object.assign(changes, { amount: input.amount!, base_moment: input.base_moment, deadline_moment: moment });
  } else if (operation === 'suspension') {
    changes.status = STATUS.suspended;
  } else if (operation === 'reactivation') {
    const suspension = await trx
      .selectFrom('deadline_histories')
      .select(momentText('base_moment').as('base_moment'))
      .where('deadline_id', '=', deadline.id)
      .where('event', '=', 'suspension')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    if (input.base_moment < suspension.base_moment) throw invalid({ base_moment: [REACTIVATION_BEFORE_SUSPENSION] });
    const calendar = await loadCalendar(trx, { ufId: deadline.uf_id, cityId: deadline.city_id });
    moment = computed(extendAfterSuspension(deadline.deadline_moment, suspension.base_moment, input.base_moment, rule, calendar));
    Object.assign(changes, { status: STATUS.running, deadline_moment: moment });
  } else {
    changes.status = operation === 'completion' ? STATUS.completed : STATUS.cancelled;
  }
  await trx.updateTable('deadlines').set({ ...changes, updated_at: new Date() }).where('id', '=', deadline.id).execute();
  await history(trx, deadline.id, operation, input, moment, who);
  const old = Object.fromEntries(Object.keys(changes).map((key) => [key, deadline[key as keyof DeadlineRow]]));
  await recordAudit(trx, { event: operation, userId: who.userId, module: AUDIT_MODULE, recordId: deadline.id, oldValues: old, newValues: { ...changes, notes: input.notes } });
  return deadlineAnswer(trx, deadline.id);
}
