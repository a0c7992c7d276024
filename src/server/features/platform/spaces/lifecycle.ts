import type { Kysely } from 'kysely';
import type { PlatformDatabase } from '../../../../../generated/database.js';
import { openDatabase } from '../../../core/db/index.js';
import { AppError } from '../../../core/http/app-error.js';
import type { ModuleHooks } from '../../../core/resources/hooks.js';
import { spaceTarget, type SpaceConfigRow } from '../config.js';
import type { SpaceDirectory } from '../space-directory.js';
import { databaseLocation, provisionSpace, SpaceStepError, type ProvisionedSpace } from './provision.js';

type Row = Record<string, unknown>;
type SpaceRow = SpaceConfigRow & { id: number; active: boolean };

const spacesOf = (record: Row | null | undefined) => ((record?.tenant_configs as SpaceRow[] | undefined) ?? []);

/** The stored row (with db_password, which the record never carries) of each space of a tenant. */
async function storedSpaces(trx: Kysely<PlatformDatabase>, tenantId: number): Promise<Map<number, SpaceRow>> {
  const rows: SpaceRow[] = await trx.selectFrom('tenant_configs').selectAll().where('tenant_id', '=', tenantId).execute();
  return new Map(rows.map((row) => [Number(row.id), row]));
}

/** Ends every session of a space and closes its database, so the next request sees the change. */
export async function revokeSpaceSessions(directory: SpaceDirectory, space: SpaceConfigRow): Promise<void> {
  await directory.forget(space.tenant_name);
  const handle = await openDatabase(spaceTarget(directory.settings, space));
  try {
    await handle.db.updateTable('access_tokens').set({ revoked_at: new Date() }).where('revoked_at', 'is', null).execute();
  } finally {
    await handle.close();
  }
}

/**
 * `clientes`: a new space gets its database, migrations, reference data and first administrator
 * (returned once as `initial_admin` on its item and in the answer); a failure undoes every space
 * made by this write and answers 422. Deactivating a tenant or a space ends its sessions; a space
 * removed keeps its database, detached. Without a directory (one fixed space) there are no spaces to make.
 */
export const spaceLifecycle = (directory: SpaceDirectory | null): ModuleHooks<PlatformDatabase> => ({
  transforms: ['tenant_configs'],
  effects: ['databases'],
  async afterWrite(trx, { record, previous, context }) {
    if (!directory) return;
    const before = new Map(spacesOf(previous).map((space) => [Number(space.id), space]));
    const stored = await storedSpaces(trx, Number(record.id));
    const made: ProvisionedSpace[] = [];
    const tenantOff = previous?.active === true && record.active === false;
    try {
      for (const item of spacesOf(record)) {
        const row = stored.get(Number(item.id))!;
        const old = before.get(Number(item.id));
        if (!old) {
          const space = await provisionSpace(directory.settings, row, String(record.email));
          made.push(space);
          if (space.initialAdmin) (item as unknown as Row).initial_admin = space.initialAdmin;
        } else if (tenantOff || (old.active && !row.active)) {
          await revokeSpaceSessions(directory, row);
        } else {
          await directory.forget(row.tenant_name);
        }
      }
    } catch (error) {
      for (const space of made) await space.undo().catch(() => undefined);
      if (error instanceof SpaceStepError) throw new AppError(422, error.message, { tenant_configs: [error.message] });
      throw error;
    }
    const admins = spacesOf(record).filter((item) => (item as unknown as Row).initial_admin);
    if (admins.length === 1) context.answer = { ...context.answer, initial_admin: (admins[0] as unknown as Row).initial_admin };
    const gone = [...before.values()].filter((space) => !stored.has(Number(space.id)));
    await detach(directory, gone, context);
  },
  async beforeDelete(_trx, { record, context }) {
    if (!directory) return;
    await detach(directory, spacesOf(record), context);
  },
});

/** Closes removed spaces' databases, keeps them, and says where they are. */
async function detach(directory: SpaceDirectory, spaces: SpaceRow[], context: { answer?: Row }): Promise<void> {
  if (spaces.length === 0) return;
  for (const space of spaces) await directory.forget(space.tenant_name);
  const list = (context.answer?.detached_databases as Row[] | undefined) ?? [];
  list.push(...spaces.map((space) => ({ tenant_name: space.tenant_name, db_type: space.db_type, location: databaseLocation(directory.settings, space) })));
  context.answer = { ...context.answer, detached_databases: list };
}
