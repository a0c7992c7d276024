import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { Exact } from '../../../shared/finance/exact.js';
import { notFound } from '../../core/http/app-error.js';
import { accountRow, balanceOf, dateContext, PARTY_NOT_FOUND } from './account-balance.js';
import { STATUS } from './posting.js';
import { isOverdue } from './regularity.js';
import { dateText } from './stored-settings.js';

/**
 * A party's control accounts as its *Financeiro* tab lists them (docs/RECEIVABLES.md §9), each with its
 * balance on `date` (§6) and whether it is overdue (§8), with the party's open total and its credit
 * not yet used (§7). An account Paga or Cancelada owes 0,00; one in an agreement or awaiting
 * confirmation has no balance of its own (null). 404 when the space holds no such party.
 * @example partyAccounts(db, model, 7, '2026-04-30') // { accounts: [{ formatted_number: 'ANU-000001/2026', balance: '669.50', overdue: true, … }], open_total: '669.50', credit: '0.00', … }
 */
export async function partyAccounts(db: Kysely<SpaceDatabase>, model: Model, partyId: number, date: string) {
  const party = await db.selectFrom('parties').select(['id', 'name']).where('id', '=', partyId).executeTakeFirst();
  if (!party) throw notFound(PARTY_NOT_FOUND);
  const rows = await accountRow(db).where('party_id', '=', partyId).orderBy('due_date', 'desc').orderBy('id', 'desc').execute();
  const debtTypeIds = [...new Set(rows.map((row) => row.debt_type_id).filter((id) => id != null))];
  const debtTypes = new Map(
    debtTypeIds.length ? (await db.selectFrom('debt_types').select(['id', 'denomination']).where('id', 'in', debtTypeIds).execute()).map((row) => [Number(row.id), row.denomination]) : [],
  );
  const open = rows.filter((row) => row.status === STATUS.open);
  const context = open.length ? await dateContext(db, date) : undefined;
  const accounts = [];
  let openTotal = new Exact(0);
  let places = 2;
  for (const row of rows) {
    const dueDate = row.due_date == null ? '' : dateText(row.due_date);
    let balance: string | null = row.status === STATUS.paid || row.status === STATUS.cancelled ? '0.00' : null;
    if (row.status === STATUS.open) {
      const computed = await balanceOf(db, model, row, date, context!);
      balance = computed.total;
      places = Math.max(places, computed.places);
      openTotal = openTotal.plus(balance);
    }
    accounts.push({
      id: Number(row.id), formatted_number: row.formatted_number, exercise: row.exercise == null ? null : Number(row.exercise),
      debt_type: row.debt_type_id == null ? null : (debtTypes.get(Number(row.debt_type_id)) ?? null), status: row.status, due_date: dueDate || null, balance,
      overdue: context ? isOverdue({ status: row.status, due_date: dueDate }, date, context.calendar) : false,
    });
  }
  const credits = await db.selectFrom('receivable_credits').select(['amount', 'used']).where('party_id', '=', partyId).execute();
  const credit = credits.reduce((sum, row) => sum.plus(String(row.amount)).minus(String(row.used)), new Exact(0));
  return { party_id: Number(party.id), name: party.name, date, accounts, open_total: openTotal.toFixed(places), credit: credit.toFixed(2) };
}
