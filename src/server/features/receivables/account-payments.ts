import type { SpaceDatabase } from '../../../../generated/database.js';
import type { ReadHooks } from '../../core/resources/read-hooks.js';
import { dateText } from './stored-settings.js';

/**
 * A control account's view answers its payments (`payments`, docs/RECEIVABLES.md §9: the statement),
 * read from the payments' lines on the account, oldest first: each payment as a whole (number, date,
 * amount, means, credit, state, reversal) and what it did to this account (applied, principal share,
 * open principal after, settled). A reversed payment stays, Estornado.
 */
export const accountPayments: ReadHooks<SpaceDatabase> = {
  async show(record, { db }) {
    const rows = await db
      .selectFrom('receivable_payment_lines as l')
      .innerJoin('receivable_payments as p', 'p.id', 'l.receivable_payment_id')
      .select([
        'p.id', 'p.date', 'p.amount', 'p.means', 'p.credit', 'p.status', 'p.notes', 'p.reversal_reason', 'p.reversal_date',
        'l.applied', 'l.principal_share', 'l.open_principal_after', 'l.settled',
      ])
      .where('l.control_account_id', '=', record.id as number)
      .orderBy('p.id')
      .execute();
    record.payments = rows.map((row) => ({
      id: Number(row.id), date: dateText(row.date), amount: String(row.amount), means: row.means, credit: String(row.credit ?? '0.00'), status: row.status,
      notes: row.notes, reversal_reason: row.reversal_reason, reversal_date: row.reversal_date == null ? null : dateText(row.reversal_date),
      applied: String(row.applied), principal_share: String(row.principal_share), open_principal_after: String(row.open_principal_after), settled: row.settled === true,
    }));
  },
};
