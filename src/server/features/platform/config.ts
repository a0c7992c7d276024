import { join, resolve } from 'node:path';
import type { Selectable } from 'kysely';
import type { TenantConfigsTable } from '../../../../generated/database.js';
import type { DatabaseTarget } from '../../core/db/index.js';
import type { MigrationSets } from '../../core/db/migrate.js';

export interface PlatformConfig {
  /** DATA_DIR: the embedded databases live under it (`platform/`, `spaces/<name>/`). */
  dataDir: string;
  /** DATABASE_URL: when set, the platform database and the default space are this PostgreSQL database. */
  databaseUrl?: string;
  /** How many space databases stay open at once (each PGlite costs hundreds of MiB). */
  spaceCapacity?: number;
  /** Migrations of every space database (the default space included) and of the platform database: the app's (`MIGRATIONS`, src/server/features.ts). */
  migrations: MigrationSets;
  /** The name that means the default space in a `Tenant` header. */
  defaultSpaceName?: string;
  /** SPACE_TEMPLATES_DIR: where new embedded spaces are copied from (spaces/template.ts); DATA_DIR/templates by default. */
  spaceTemplatesDir?: string;
  /** SYSTEM_NAME: the system of the default space (the operators' space when it is the reserved 'magnetar'). */
  defaultSystemName?: string | null;
  /** DB_IDLE_TIMEOUT_MS: how long a PostgreSQL connection may sit unused in its pool before it closes. */
  databaseIdleTimeoutMs?: number;
}

export const DEFAULT_SPACE_NAME = 'default';

/** What says where the installation's databases are. */
type DatabaseLocation = Pick<PlatformConfig, 'dataDir' | 'databaseUrl' | 'databaseIdleTimeoutMs'>;

/** The settings the environment gives; the migrations are the app's. */
export function platformConfigFromEnv(env: NodeJS.ProcessEnv = process.env): Omit<PlatformConfig, 'migrations'> {
  return {
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    spaceCapacity: env.SPACE_CACHE_SIZE ? Number(env.SPACE_CACHE_SIZE) : undefined,
    defaultSystemName: env.SYSTEM_NAME?.trim() || null,
    spaceTemplatesDir: env.SPACE_TEMPLATES_DIR ? resolve(env.SPACE_TEMPLATES_DIR) : undefined,
    databaseIdleTimeoutMs: env.DB_IDLE_TIMEOUT_MS ? Number(env.DB_IDLE_TIMEOUT_MS) : undefined,
  };
}

/** Where the templates of new embedded spaces are kept. */
export const spaceTemplatesDir = (config: PlatformConfig): string => config.spaceTemplatesDir ?? join(config.dataDir, 'templates');

/** The platform database, shared by the default space. */
export function platformTarget(config: DatabaseLocation): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, idleTimeoutMs: config.databaseIdleTimeoutMs } : { kind: 'pglite', dataDir: join(config.dataDir, 'platform') };
}

/** What a space's database connection needs of its `tenant_configs` row. */
export type SpaceConfigRow = Pick<Selectable<TenantConfigsTable>, 'tenant_name' | 'db_type' | 'db_name' | 'db_ip' | 'db_port' | 'db_user' | 'db_password'>;

/** Where a space's database lives: `DATA_DIR/spaces/<name>` or a PostgreSQL database at db_ip:db_port. */
export function spaceTarget(config: DatabaseLocation, space: SpaceConfigRow): DatabaseTarget {
  if (space.db_type === 'pglite') return { kind: 'pglite', dataDir: join(config.dataDir, 'spaces', space.tenant_name) };
  const url = new URL('postgres://localhost');
  url.hostname = space.db_ip || '127.0.0.1';
  url.port = space.db_port || '5432';
  url.username = encodeURIComponent(space.db_user || 'postgres');
  url.password = space.db_password ? encodeURIComponent(space.db_password) : '';
  url.pathname = `/${encodeURIComponent(space.db_name)}`;
  return { kind: 'postgres', url: url.toString(), idleTimeoutMs: config.databaseIdleTimeoutMs };
}
