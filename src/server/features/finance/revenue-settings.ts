import type { Kysely } from 'kysely';
import { dynamic } from '../../core/db/dynamic.js';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { ReadHooks } from '../../core/resources/read-hooks.js';
import { findRecord } from '../../core/resources/read.js';
import { councilDate } from '../../../shared/council-clock.js';

/** Today on the council's calendar, as `YYYY-MM-DD`. */
export const councilToday = (now = new Date()): string => councilDate(now);

/**
 * The revenue setting in force on `date` (`YYYY-MM-DD`): the active one of the latest `since` up to
 * that day (it applies on its own `since` date); `undefined` before the first.
 */
export async function revenueSettingInForce(db: Kysely<SpaceDatabase>, date: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('revenue_settings')
    .select('id')
    .where('since', '<=', date)
    .where((eb) => eb.or([eb('inactivated', '=', false), eb('inactivated', 'is', null)]))
    .orderBy('since', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** The revenue settings' list answers, beside its page, the setting in force today (`current_config`, null before the first). */
export const currentRevenueSetting: ReadHooks<SpaceDatabase> = {
  async answer({ db, entity }) {
    const id = await revenueSettingInForce(db, councilToday());
    return { current_config: id === undefined ? null : await findRecord(dynamic(db), entity, id) };
  },
};
