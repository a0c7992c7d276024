import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { dateOfDay, dayNumber } from '../../../shared/dates.js';
import { today, type Clock } from '../../core/clock.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import { billAnnuities, lockYear } from './billing.js';
import { registrationsToClassify, yearContext } from './generation-read.js';
import { classifyOn } from './generation.js';
import { ORIGIN } from './posting.js';
import { dateText, revenueSettingOn } from './stored-settings.js';

/** Days after the entry an annuity whose year's due date has passed falls due (§5, Decided). */
export const ENTRY_DUE_DAYS = 30;

/**
 * Entering charges (docs/RECEIVABLES.md §5): a registration saved into a situation that initiates
 * contribution charges, coming from none or from one that does not, on day E of year Y, is billed in
 * the save's transaction when the situation charges the contribution and Y's generation has run (or Y
 * is the current year): the same classification as the generation's (exempt, already billed, the
 * proportion when the debt type and the situation are proportional, nothing for a range that cancels
 * the proportional on entering), origin 3, due the year's due date or E + 30 days when that is past.
 * A year the revenue setting names no contribution or value for bills nothing here: the next
 * generation shows the registration blocked instead of refusing the registration's save.
 */
export function entryCharges(clock: Clock, model: Model): ModuleHooks<SpaceDatabase> {
  return {
    async afterWrite(trx, { mode, record, previous, context }) {
      if (mode === 'update' && previous?.situation_id === record.situation_id) return;
      const entered = await trx.selectFrom('situations').select(['initiates_contribution_charges', 'contribution_charge']).where('id', '=', Number(record.situation_id)).executeTakeFirst();
      if (entered?.initiates_contribution_charges !== true || entered.contribution_charge !== true) return;
      if (mode === 'update' && previous?.situation_id != null) {
        const left = await trx.selectFrom('situations').select('initiates_contribution_charges').where('id', '=', Number(previous.situation_id)).executeTakeFirst();
        if (left?.initiates_contribution_charges === true) return;
      }
      const now = today(clock);
      const entry = record.situation_date == null ? now : dateText(record.situation_date);
      const year = Number(entry.slice(0, 4));
      if (year !== Number(now.slice(0, 4)) && !(await generationRan(trx, year))) return;
      if ((await revenueSettingOn(trx, `${year}-01-01`))?.current_contribution_id == null) return;
      const yc = await yearContext(trx, model, year, now);
      await lockYear(trx, Number(yc.debtType.id), year);
      const [registration] = await registrationsToClassify(trx, yc, { ids: [Number(record.id)] });
      if (!registration) return;
      const result = classifyOn({ ...registration, charges_start: entry }, yc);
      if (result.class !== 'billed' && result.class !== 'proportional') return;
      const dueDate = result.due_date! >= entry ? result.due_date! : dateOfDay(dayNumber(entry) + ENTRY_DUE_DAYS);
      await billAnnuities(trx, model, yc, [{ registration, result, due_date: dueDate }], { origin: ORIGIN.entry, postingDate: now, userId: context.userId ?? null });
    },
  };
}

/** A commit of the year was asked for (queued, running or done): what it has not billed it will, what it passed this bills. */
async function generationRan(trx: Parameters<NonNullable<ModuleHooks<SpaceDatabase>['afterWrite']>>[0], year: number): Promise<boolean> {
  const run = await trx.selectFrom('receivable_generations').select('id').where('year', '=', year).where('kind', '=', 'commit').where('state', 'in', ['queued', 'running', 'done']).executeTakeFirst();
  return run !== undefined;
}
