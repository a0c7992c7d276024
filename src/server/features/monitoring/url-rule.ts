import type { Updateable } from 'kysely';
import type { MonitorsTable, PlatformDatabase } from '../../../../generated/database.js';
import { invalid } from '../../core/http/app-error.js';
import { outboundUrlProblem, parseAllowedHosts, type AllowedHosts } from '../../core/net/outbound.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import { MONITORS_TABLE } from './monitor-store.js';

/**
 * Why a monitor may not watch this address (pt-BR), or null. A host name is resolved too, so a name
 * that leads to a private address is refused at once; a name that does not resolve (yet) is
 * accepted, and each check will say so. Every check goes through the guard again anyway.
 */
export const monitorUrlProblem = (url: string, allowedHosts: AllowedHosts = parseAllowedHosts()): Promise<string | null> => outboundUrlProblem(url, allowedHosts);

const RESET_STATE = {
  uptime_status: 'not yet checked',
  uptime_check_failure_reason: null,
  uptime_check_times_failed_in_a_row: 0,
  uptime_last_check_date: null,
  uptime_check_failed_event_fired_on_date: null,
  json_response: null,
  uptime_check_last_response_time: null,
} satisfies Updateable<MonitorsTable>;

/**
 * `monitores` writes: the address must pass the outbound guard (422 on `url`), and a monitor whose
 * address changes starts over as 'not yet checked' (due at once): the old results were of another address.
 */
export const monitorUrlRule: ModuleHooks<PlatformDatabase> = {
  effects: ['network'],
  async beforeWrite(trx, { body, previous }) {
    if (typeof body.url !== 'string') return;
    const problem = await monitorUrlProblem(body.url);
    if (problem) throw invalid({ url: [problem] });
    if (previous && previous.url !== body.url && previous.uptime_status !== 'deleted') {
      await trx
        .updateTable(MONITORS_TABLE)
        .set({ ...RESET_STATE, uptime_status_last_change_date: new Date() })
        .where('id', '=', Number(previous.id))
        .execute();
    }
  },
};
