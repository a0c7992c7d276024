import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { invalid } from '../../core/http/app-error.js';
import { valueKey, type GenerationRules, type RegistrationToClassify, type YearValue } from './classification.js';
import type { CountingWay } from './proportion.js';
import { MESSAGES } from './posting.js';
import { dateText, revenueSettingOn, roundingSetting, roundingSettingIdOf } from './stored-settings.js';
import './tables.js';

/**
 * What the annual generation reads (docs/RECEIVABLES.md §4): the year's contribution (the current
 * contribution of the revenue setting in force on 01/01 of the year), its values, proportion rules
 * and rounding; and the registrations a batch at a time, each as the classification reads it.
 */

export type DebtType = NonNullable<Awaited<ReturnType<typeof debtTypeRow>>>;

export interface YearContext {
  year: number;
  debtType: DebtType;
  rules: GenerationRules;
}

const debtTypeRow = (db: Kysely<SpaceDatabase>, id: number) => db.selectFrom('debt_types').selectAll().where('id', '=', id).executeTakeFirst();

/** The year's contribution, its values and rules; 422 on `year` when the revenue setting names no current contribution. */
export async function yearContext(db: Kysely<SpaceDatabase>, model: Model, year: number, postingDate: string): Promise<YearContext> {
  const revenue = await revenueSettingOn(db, `${year}-01-01`);
  const debtType = revenue?.current_contribution_id == null ? undefined : await debtTypeRow(db, Number(revenue.current_contribution_id));
  if (!debtType) throw invalid({ year: [MESSAGES.noCurrentContribution(year)] });
  const id = Number(debtType.id);
  const rows = await db.selectFrom('contribution_values').select(['contribution_range_id', 'category_id', 'amount', 'due_date']).where('debt_type_id', '=', id).where('year', '=', year).execute();
  const values = new Map<string, YearValue>(rows.map((row) => [valueKey(Number(row.contribution_range_id), row.category_id == null ? null : Number(row.category_id)), { amount: String(row.amount), due_date: dateText(row.due_date) }]));
  const dated = (table: 'debt_type_proportionality_entries' | 'debt_type_proportionality_leaves') =>
    db.selectFrom(table).select(['date', 'percentage']).where('debt_type_id', '=', id).execute().then((list) => list.map((row) => ({ date: dateText(row.date), percentage: String(row.percentage) })));
  const roundingId = await roundingSettingIdOf(db, id, postingDate);
  return {
    year,
    debtType,
    rules: {
      year,
      values,
      posting_date: postingDate,
      rounding: roundingId == null ? undefined : await roundingSetting(db, model, roundingId),
      proportion: {
        proportionality_percent: debtType.proportionality_percent === true,
        counting_way: (debtType.counting_way ?? 'M') as CountingWay,
        counting_way_value: Number(debtType.counting_way_value ?? 1),
        proportionality_entries: await dated('debt_type_proportionality_entries'),
        proportionality_leaves: await dated('debt_type_proportionality_leaves'),
      },
    },
  };
}

/** Which registrations a read takes: those after an id (a batch), or the given ones. */
export type Selection = { after: number; limit: number } | { ids: number[] };

/**
 * Registrations as the classification reads them, in id order: the registrations with their
 * situation, range and category, then their histories and their live annuities of the year, each one
 * statement for the whole batch (planned afresh for it: a plan kept from when the accounts' table was
 * empty would read it whole for every registration as the commit fills it).
 */
export async function registrationsToClassify(db: Kysely<SpaceDatabase>, context: YearContext, selection: Selection): Promise<RegistrationToClassify[]> {
  let query = db
    .selectFrom('registrations as r')
    .innerJoin('situations as s', 's.id', 'r.situation_id')
    .innerJoin('contribution_ranges as f', 'f.id', 'r.contribution_range_id')
    .innerJoin('categories as c', 'c.id', 'r.category_id')
    .select([
      'r.id', 'r.party_id', 'r.status', 'r.category_id', 'r.contribution_range_id', 'r.situation_date', 'c.denomination as category', 'f.denomination as range', 's.denomination as situation',
      's.initiates_contribution_charges', 's.interrupts_contribution_charges', 's.proportional_charge', 'f.exempt', 'f.cancel_prop_when_charges_start',
    ])
    .orderBy('r.id');
  query = 'ids' in selection ? query.where('r.id', 'in', selection.ids.length ? selection.ids : [0]) : query.where('r.id', '>', selection.after).limit(selection.limit);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => Number(row.id));
  const histories = await db
    .selectFrom('registration_situations as h')
    .innerJoin('situations as s', 's.id', 'h.situation_id')
    .select(['h.registration_id', 'h.situation_date', 's.initiates_contribution_charges as initiates'])
    .where('h.registration_id', 'in', ids)
    .orderBy('h.registration_id').orderBy('h.id')
    .execute();
  const billed = await db
    .selectFrom('control_accounts')
    .select('registration_id')
    .where('registration_id', 'in', ids).where('debt_type_id', '=', Number(context.debtType.id)).where('exercise', '=', context.year).where('replaced_by_id', 'is', null)
    .execute();
  const historyOf = groupBy(histories, (entry) => Number(entry.registration_id));
  const billedIds = new Set(billed.map((row) => Number(row.registration_id)));
  return rows.map((row) => ({
    id: Number(row.id), party_id: Number(row.party_id), status: row.status == null ? null : Number(row.status),
    category_id: Number(row.category_id), category: row.category, contribution_range_id: Number(row.contribution_range_id), range: row.range, situation: row.situation,
    initiates: row.initiates_contribution_charges === true, interrupts: row.interrupts_contribution_charges === true, proportional_charge: row.proportional_charge === true,
    exempt: row.exempt === true, cancel_prop_when_charges_start: row.cancel_prop_when_charges_start === true,
    charges_start: chargesStart(historyOf.get(Number(row.id)) ?? [], row.situation_date == null ? null : dateText(row.situation_date)),
    billed: billedIds.has(Number(row.id)),
  }));
}

/**
 * The day charges started (§4): the date of the first situation of the latest unbroken run of
 * situations initiating charges in the history (oldest first); without history, the situation's date.
 * @example chargesStart([{ situation_date: '2020-01-01', initiates: true }, { situation_date: '2024-03-01', initiates: false }, { situation_date: '2026-05-10', initiates: true }], null) // '2026-05-10'
 */
export function chargesStart(history: readonly { situation_date: unknown; initiates: boolean | null }[], fallback: string | null): string | null {
  let start: string | null = null;
  for (const entry of history) {
    if (entry.initiates !== true) start = null;
    else start ??= dateText(entry.situation_date);
  }
  return history.length === 0 ? fallback : start ?? fallback;
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * Registrations that may be blocked (§4): charged by status and situation, not exempt, no value row
 * of the year for their range and category; the classification tells which are. A batch after `after`.
 */
export async function blockedCandidates(db: Kysely<SpaceDatabase>, context: YearContext, after: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('registrations as r')
    .innerJoin('situations as s', 's.id', 'r.situation_id')
    .innerJoin('contribution_ranges as f', 'f.id', 'r.contribution_range_id')
    .select('r.id')
    .where('r.id', '>', after)
    .where((eb) => eb.or([eb('r.status', 'is', null), eb('r.status', 'not in', [2, 4])]))
    .where('s.initiates_contribution_charges', '=', true)
    .where((eb) => eb.or([eb('s.interrupts_contribution_charges', 'is', null), eb('s.interrupts_contribution_charges', '=', false)]))
    .where((eb) => eb.or([eb('f.exempt', 'is', null), eb('f.exempt', '=', false)]))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('contribution_values as v').select('v.id')
      .where('v.debt_type_id', '=', Number(context.debtType.id)).where('v.year', '=', context.year)
      .whereRef('v.contribution_range_id', '=', 'r.contribution_range_id')
      .where((eb) => eb.or([eb('v.category_id', 'is', null), eb('v.category_id', '=', eb.ref('r.category_id'))])))))
    .orderBy('r.id')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/** How many registrations the space holds: a commit's total. */
export async function registrationCount(db: Kysely<SpaceDatabase>): Promise<number> {
  const row = await db.selectFrom('registrations').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
