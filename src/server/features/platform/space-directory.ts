import type { Kysely } from 'kysely';
import type { PlatformDatabase, SpaceDatabase } from '../../../../generated/database.js';
import { HandleCache, openDatabase, type DatabaseHandle } from '../../core/db/index.js';
import { migrateToLatest } from '../../core/db/migrate.js';
import {
  DEFAULT_SPACE_NAME, platformTarget, spaceTarget,
  type PlatformConfig, type SpaceConfigRow,
} from './config.js';
import { SpaceError, isSpaceName } from './space-name.js';

/** A space and its database, as a request sees it. */
export interface Space {
  name: string;
  db: Kysely<SpaceDatabase>;
  isDefault: boolean;
  /** `systems.name` of the space's `system_id` (SYSTEM_NAME for the default space); null without a system. */
  systemName: string | null;
  /** Ends the use of the space's database begun by `acquire()`, so an evicted one may close. */
  release(): void;
}

const NOTHING_TO_RELEASE = () => {};

/**
 * Finds the database of each space. The platform database doubles as the default space; other
 * spaces open on first use (migrated then) and stay open in an LRU of `spaceCapacity` handles.
 */
export class SpaceDirectory {
  private readonly spaces: HandleCache;
  readonly defaultSpaceName: string;

  private constructor(
    private readonly config: PlatformConfig,
    private readonly platformHandle: DatabaseHandle,
  ) {
    this.spaces = new HandleCache(config.spaceCapacity ?? 4);
    this.defaultSpaceName = config.defaultSpaceName ?? DEFAULT_SPACE_NAME;
  }

  /** Opens and migrates the platform database (and with it the default space). */
  static async open(config: PlatformConfig): Promise<SpaceDirectory> {
    const handle = await openDatabase(platformTarget(config));
    try {
      await migrateToLatest(handle.db, config.migrations.platform);
      await migrateToLatest(handle.db, config.migrations.space);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return new SpaceDirectory(config, handle);
  }

  /** The platform database: tenants, tenant_configs, systems. */
  get platform(): Kysely<PlatformDatabase> {
    // The platform database holds the platform's tables beside the default space's.
    return this.platformHandle.db as unknown as Kysely<PlatformDatabase>;
  }

  /** Where the installation keeps its data, and how a space's database is reached. */
  get settings(): PlatformConfig {
    return this.config;
  }

  /** The space a `Tenant` header names (absent or empty → the default space). Throws SpaceError. */
  async resolve(name: string | undefined): Promise<Space> {
    return this.find(name, false);
  }

  /** Like `resolve`, for the length of a request: call `release()` when it ends. */
  async acquire(name: string | undefined): Promise<Space> {
    return this.find(name, true);
  }

  private async find(name: string | undefined, busy: boolean): Promise<Space> {
    if (name === undefined || name === '' || name === this.defaultSpaceName) {
      return { name: this.defaultSpaceName, db: this.platformHandle.db, isDefault: true, systemName: this.config.defaultSystemName ?? null, release: NOTHING_TO_RELEASE };
    }
    if (!isSpaceName(name)) throw new SpaceError('malformed', name);
    // A space answers only while it and its tenant are active (deactivating either blocks its logins).
    const row = await this.platform
      .selectFrom('tenant_configs as c')
      .innerJoin('tenants as t', 't.id', 'c.tenant_id')
      .leftJoin('systems as s', 's.id', 'c.system_id')
      .select(['c.tenant_name', 'c.db_type', 'c.db_name', 'c.db_ip', 'c.db_port', 'c.db_user', 'c.db_password', 's.name as system_name'])
      .where('c.tenant_name', '=', name)
      .where('c.active', '=', true)
      .where('t.active', '=', true)
      .executeTakeFirst();
    if (!row) throw new SpaceError('unknown', name);
    const { handle, release } = await this.spaces.lease(name, () => this.openSpace(row), busy);
    return { name, db: handle.db, isDefault: false, systemName: row.system_name ?? null, release };
  }

  /** Names of the space databases open now (the default space is always open and not listed). */
  openSpaces(): string[] {
    return this.spaces.keys();
  }

  /** Closes a space's database, for example after its configuration changed. */
  async forget(name: string): Promise<void> {
    await this.spaces.remove(name);
  }

  async close(): Promise<void> {
    await this.spaces.closeAll();
    await this.platformHandle.close();
  }

  private async openSpace(row: SpaceConfigRow): Promise<DatabaseHandle> {
    const handle = await openDatabase(spaceTarget(this.config, row));
    try {
      await migrateToLatest(handle.db, this.config.migrations.space);
      return handle;
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
}
