import { sql, type Kysely } from 'kysely';
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
 * Registrations as the classification reads them, in id order. `charges_start` is the date of the
 * first situation of the latest unbroken run of situations initiating charges in the history (a
 * registration without history: its situation's date); `billed` whether a live annuity of the
 * debt type and year exists (any origin but a replaced one).
 */
export async function registrationsToClassify(db: Kysely<SpaceDatabase>, context: YearContext, selection: Selection): Promise<RegistrationToClassify[]> {
  const debtTypeId = Number(context.debtType.id);
  let query = db
    .selectFrom('registrations as r')
    .innerJoin('situations as s', 's.id', 'r.situation_id')
    .innerJoin('contribution_ranges as f', 'f.id', 'r.contribution_range_id')
    .innerJoin('categories as c', 'c.id', 'r.category_id')
    .select([
      'r.id', 'r.party_id', 'r.status', 'r.category_id', 'r.contribution_range_id', 'c.denomination as category', 'f.denomination as range', 's.denomination as situation',
      's.initiates_contribution_charges', 's.interrupts_contribution_charges', 's.proportional_charge', 'f.exempt', 'f.cancel_prop_when_charges_start',
      sql<string | null>`coalesce((
        select min(h.situation_date) from registration_situations h
         where h.registration_id = r.id
           and h.id > coalesce((select max(b.id) from registration_situations b join situations bs on bs.id = b.situation_id
                                 where b.registration_id = r.id and bs.initiates_contribution_charges is not true), 0)
      ), r.situation_date)`.as('charges_start'),
      sql<boolean>`exists (select 1 from control_accounts a where a.registration_id = r.id and a.debt_type_id = ${debtTypeId} and a.exercise = ${context.year} and a.replaced_by_id is null)`.as('billed'),
    ])
    .orderBy('r.id');
  query = 'ids' in selection ? query.where('r.id', 'in', selection.ids.length ? selection.ids : [0]) : query.where('r.id', '>', selection.after).limit(selection.limit);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: Number(row.id), party_id: Number(row.party_id), status: row.status == null ? null : Number(row.status),
    category_id: Number(row.category_id), category: row.category, contribution_range_id: Number(row.contribution_range_id), range: row.range, situation: row.situation,
    initiates: row.initiates_contribution_charges === true, interrupts: row.interrupts_contribution_charges === true, proportional_charge: row.proportional_charge === true,
    exempt: row.exempt === true, cancel_prop_when_charges_start: row.cancel_prop_when_charges_start === true,
    charges_start: row.charges_start == null ? null : dateText(row.charges_start), billed: row.billed === true,
  }));
}

/** How many registrations the space holds: a commit's total. */
export async function registrationCount(db: Kysely<SpaceDatabase>): Promise<number> {
  const row = await db.selectFrom('registrations').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
