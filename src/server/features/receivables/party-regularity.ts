import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { notFound } from '../../core/http/app-error.js';
import { loadCalendar } from '../../services/holidays/load.js';
import { accountRow, balanceOf, dateContext, PARTY_NOT_FOUND } from './account-balance.js';
import { STATUS } from './posting.js';
import { isOverdue, regularity, type Regularity } from './regularity.js';
import { dateText } from './stored-settings.js';

/**
 * A party's regularity on `date` (docs/RECEIVABLES.md §8) from its stored accounts: every account
 * Aberta of it, whatever the registration; the balances computed only for the overdue ones, on the
 * holiday calendar the balances use. 404 when the space holds no such party.
 * @example partyRegularity(db, model, 7, '2026-04-30') // { regular: false, debts: 1, total: '656.50', since: '2026-03-31', … }
 */
export async function partyRegularity(db: Kysely<SpaceDatabase>, model: Model, partyId: number, date: string): Promise<Regularity & { party_id: number; date: string }> {
  const party = await db.selectFrom('parties').select('id').where('id', '=', partyId).executeTakeFirst();
  if (!party) throw notFound(PARTY_NOT_FOUND);
  const open = await accountRow(db).where('party_id', '=', partyId).where('status', '=', STATUS.open).orderBy('due_date').orderBy('id').execute();
  const calendar = open.length ? await loadCalendar(db) : undefined;
  const overdue = calendar ? open.filter((account) => isOverdue({ status: account.status, due_date: dateText(account.due_date) }, date, calendar)) : [];
  const context = overdue.length ? await dateContext(db, date) : undefined;
  const accounts = [];
  for (const account of overdue) accounts.push({ status: account.status, due_date: dateText(account.due_date), total: (await balanceOf(db, model, account, date, context!)).total });
  return { party_id: partyId, date, ...regularity(accounts, date, calendar ?? { nextBusinessDay: (day) => day }) };
}
