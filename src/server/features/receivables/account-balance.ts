import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { brDate } from '../../../shared/dates.js';
import { Exact } from '../../../shared/finance/exact.js';
import { CalculationError } from '../../../shared/finance/settings.js';
import { invalid, notFound } from '../../core/http/app-error.js';
import type { Calendar } from '../../services/holidays/calendar.js';
import { loadCalendar } from '../../services/holidays/load.js';
import { balanceAt, type Balance, type Totalisation } from './balance.js';
import { InvalidInput } from './input.js';
import { MESSAGES, STATUS } from './posting.js';
import { accountSettings, dateText, revenueSettingOn, roundingSettingIdOf } from './stored-settings.js';

/**
 * The balance of a stored account at a date (docs/RECEIVABLES.md §6): its open principal and due
 * date, the settings copied to it at posting with their configurations and series as stored now,
 * its debt type's discounts, the council's holiday calendar, the rounding of its debt type's currency
 * (else the revenue setting's default) and the totalisation of the revenue setting in force on the
 * date; computed by the pure `balanceAt`, nothing stored. What the engine refuses is a 422 on `data`.
 */

export const noRevenueSetting = (date: string) => `Não há configuração de arrecadação em vigor em ${brDate(date)}.`;

export interface AccountBalance extends Balance {
  control_account_id: number;
  formatted_number: string;
  date: string;
  status: number | null;
  open_principal: string;
  due_date: string;
  totalisation: Totalisation;
}

/**
 * What every balance of a date shares: the calendar, the revenue setting's totalisation, and the
 * settings and discounts read for one account kept for the next that names the same (a party's
 * thirty accounts of two debt types read them twice, not thirty times).
 */
export interface DateContext {
  calendar: Calendar;
  totalisation: Totalisation;
  read: Map<string, Promise<unknown>>;
}

/** What a balance needs on `date`; refused on `field` (the balance route's `data`, a payment's `date`). */
export async function dateContext(db: Kysely<SpaceDatabase>, date: string, field = 'data'): Promise<DateContext> {
  const revenue = await revenueSettingOn(db, date);
  if (!revenue) throw invalid({ [field]: [noRevenueSetting(date)] });
  return { calendar: await loadCalendar(db), totalisation: Number(revenue.balance_totalization_assembly_combination) as Totalisation, read: new Map() };
}

/** `read()` once per `key` within the date's context. */
function once<T>(context: DateContext, key: string, read: () => Promise<T>): Promise<T> {
  let found = context.read.get(key) as Promise<T> | undefined;
  if (!found) context.read.set(key, (found = read()));
  return found;
}

export const accountRow = (db: Kysely<SpaceDatabase>) =>
  db
    .selectFrom('control_accounts')
    .select(['id', 'formatted_number', 'status', 'open_principal', 'due_date', 'exercise', 'debt_type_id', 'value_update_setting_id', 'interest_update_setting_id', 'forfeit_update_setting_id']);

export type AccountRow = Awaited<ReturnType<ReturnType<typeof accountRow>['executeTakeFirstOrThrow']>>;

export async function balanceOf(db: Kysely<SpaceDatabase>, model: Model, account: AccountRow, date: string, context: DateContext, field = 'data'): Promise<AccountBalance> {
  const debtTypeId = account.debt_type_id == null ? null : Number(account.debt_type_id);
  const id = (value: unknown) => (value == null ? null : Number(value));
  const ids = {
    value_update_setting_id: id(account.value_update_setting_id),
    interest_update_setting_id: id(account.interest_update_setting_id),
    forfeit_update_setting_id: id(account.forfeit_update_setting_id),
    rounding_setting_id: await once(context, `rounding:${debtTypeId}`, () => roundingSettingIdOf(db, debtTypeId, date)),
  };
  const settings = await once(context, `settings:${Object.values(ids).join(':')}`, () => accountSettings(db, model, ids));
  const discounts = debtTypeId == null || account.exercise == null
    ? undefined
    : {
        exercise: Number(account.exercise),
        standard_discounts: await once(context, `discounts:${debtTypeId}`, async () => (await db.selectFrom('debt_type_standard_discounts').select(['date', 'percentage']).where('debt_type_id', '=', debtTypeId).execute())
          .map((row) => ({ date: dateText(row.date), percentage: String(row.percentage) }))),
      };
  const openPrincipal = account.open_principal == null ? '0' : String(account.open_principal);
  const dueDate = account.due_date == null ? '' : dateText(account.due_date);
  try {
    const balance = balanceAt({ open_principal: openPrincipal, due_date: dueDate, date, calendar: context.calendar, settings, discounts, totalisation: context.totalisation });
    return {
      control_account_id: Number(account.id), formatted_number: account.formatted_number, date, status: account.status, open_principal: openPrincipal, due_date: dueDate,
      totalisation: context.totalisation, ...balance,
    };
  } catch (error) {
    if (error instanceof CalculationError || error instanceof InvalidInput) throw invalid({ [field]: [error.message] });
    throw error;
  }
}

/**
 * The balance of account `id` at `date`; 404 when the space holds no such account.
 * @example accountBalance(db, model, 12, '2026-04-30') // { total: '656.50', totalised: [{ label: 'Principal', amount: '650.00' }, …], … }
 */
export async function accountBalance(db: Kysely<SpaceDatabase>, model: Model, id: number, date: string): Promise<AccountBalance> {
  const account = await accountRow(db).where('id', '=', id).executeTakeFirst();
  if (!account) throw notFound(MESSAGES.accountNotFound);
  return balanceOf(db, model, account, date, await dateContext(db, date));
}

export const PARTY_NOT_FOUND = 'Pessoa não encontrada.';

/**
 * A party's balance at `date` (§6: the sum of its accounts' balances, each rounded on its own): its
 * open accounts (Aberta; those awaiting confirmation, paid, cancelled or in an agreement do not count).
 */
export async function partyBalance(db: Kysely<SpaceDatabase>, model: Model, partyId: number, date: string) {
  const party = await db.selectFrom('parties').select(['id', 'name']).where('id', '=', partyId).executeTakeFirst();
  if (!party) throw notFound(PARTY_NOT_FOUND);
  const accounts = await accountRow(db).where('party_id', '=', partyId).where('status', '=', STATUS.open).orderBy('due_date').orderBy('id').execute();
  const context = accounts.length ? await dateContext(db, date) : undefined;
  const balances: AccountBalance[] = [];
  for (const account of accounts) balances.push(await balanceOf(db, model, account, date, context!));
  const total = balances.reduce((sum, balance) => sum.plus(balance.total), new Exact(0));
  return {
    party_id: Number(party.id),
    name: party.name,
    date,
    total: total.toFixed(Math.max(2, ...balances.map((balance) => balance.places))),
    accounts: balances.map((balance) => ({ control_account_id: balance.control_account_id, formatted_number: balance.formatted_number, due_date: balance.due_date, days_late: balance.days_late, total: balance.total })),
  };
}
