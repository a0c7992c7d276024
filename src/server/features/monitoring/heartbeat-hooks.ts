import type { PlatformDatabase } from '../../../../generated/database.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import { markHeartbeatDeleted, syncSpaceHeartbeat, syncSystemHeartbeats, type SpaceForHeartbeat } from './heartbeat.js';

type Row = Record<string, unknown>;

const spacesOf = (record: Row | null | undefined) => ((record?.tenant_configs as Row[] | undefined) ?? []) as unknown as (SpaceForHeartbeat & { id?: number })[];

/**
 * `clientes` (tenants with their spaces as the `tenant_configs` sub-list): after every write each
 * space's heartbeat monitor follows the space; a space removed from the list (or renamed) leaves its
 * old monitor marked 'deleted'; deleting the tenant marks all of its spaces' monitors 'deleted'.
 */
export const spaceHeartbeats: ModuleHooks<PlatformDatabase> = {
  async afterWrite(trx, { record, previous }) {
    const now = spacesOf(record);
    const names = new Set(now.map((space) => space.tenant_name));
    for (const gone of spacesOf(previous)) if (!names.has(gone.tenant_name)) await markHeartbeatDeleted(trx, gone.tenant_name);
    for (const space of now) await syncSpaceHeartbeat(trx, space);
  },
  async beforeDelete(trx, { record }) {
    for (const space of spacesOf(record)) await markHeartbeatDeleted(trx, space.tenant_name);
  },
};

/** `sistemas`: the heartbeat monitors of the system's spaces follow its name and url. */
export const systemHeartbeats: ModuleHooks<PlatformDatabase> = {
  async afterWrite(trx, { mode, record }) {
    if (mode === 'update') await syncSystemHeartbeats(trx, Number(record.id));
  },
};
