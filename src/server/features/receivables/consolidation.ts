import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { brDate } from '../../../shared/dates.js';
import { invalid } from '../../core/http/app-error.js';
import { dateText, revenueSettingOn } from './stored-settings.js';

/**
 * The closed books (docs/RECEIVABLES.md §3 'Consolidation'): no posting, confirmation, payment,
 * reversal, cancellation or credit application dated on or before the revenue setting's
 * `control_entry_consolidation_date`, read from the setting in force on the event's date.
 */

export const consolidatedMessage = (until: string) => `Os lançamentos até ${brDate(until)} estão consolidados.`;

/** The refusal when `date` is consolidated, else undefined. */
export async function consolidation(db: Kysely<SpaceDatabase>, date: string): Promise<string | undefined> {
  const until = (await revenueSettingOn(db, date))?.control_entry_consolidation_date;
  return until != null && date <= dateText(until) ? consolidatedMessage(dateText(until)) : undefined;
}

/** Refuses with 422 on `field` when `date` is consolidated. */
export async function refuseConsolidated(db: Kysely<SpaceDatabase>, date: string, field: string): Promise<void> {
  const closed = await consolidation(db, date);
  if (closed) throw invalid({ [field]: [closed] }, closed);
}
