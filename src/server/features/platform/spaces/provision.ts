import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../../core/db/index.js';
import { migrateToLatest, type MigrationSet } from '../../../core/db/migrate.js';
import { ensureAdministrator } from '../../auth/users.js';
import { seedReferenceData } from '../../../core/seed/index.js';
import { spaceTarget, spaceTemplatesDir, type PlatformConfig, type SpaceConfigRow } from '../config.js';
import { copySpaceTemplate, databaseExists, postgresTemplate } from './template.js';

/** The steps of opening a space, as the error names them. */
export const STEPS = {
  database: 'criar o banco de dados',
  migrate: 'aplicar as migrações',
  seed: 'carregar as tabelas de referência',
  admin: 'criar o primeiro administrador',
} as const;

export class SpaceStepError extends Error {
  constructor(readonly spaceName: string, readonly step: string, cause: unknown) {
    super(`Não foi possível ${step} do espaço "${spaceName}": ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export interface ProvisionedSpace {
  /** The one-time password of the space's first administrator; null when the database already had users. */
  initialAdmin: { email: string; password: string } | null;
  /** Removes what this provisioning created (the folder or the database), for a rollback after it. */
  undo(): Promise<void>;
}

/** A one-time password: 18 random characters plus one of each class the password policy asks for. */
export function oneTimePassword(): string {
  return `${randomBytes(14).toString('base64url')}Aa1!`;
}

/** Where the space's database is, in words an operator can act on. */
export function databaseLocation(config: PlatformConfig, space: SpaceConfigRow): string {
  const target = spaceTarget(config, space);
  if (target.kind === 'pglite') return target.dataDir;
  return `postgresql://${space.db_ip || '127.0.0.1'}:${space.db_port || '5432'}/${space.db_name}`;
}

/**
 * Creates a space's database (a PGlite folder, copied from the template of the running migrations
 * and reference data: template.ts; or CREATE DATABASE when it does not exist), migrates it, seeds
 * the reference tables and creates its first administrator (the tenant's e-mail, a one-time
 * password that must be changed). On any failure what was created is removed and SpaceStepError names the step.
 */
export async function provisionSpace(config: PlatformConfig, space: SpaceConfigRow, adminEmail: string): Promise<ProvisionedSpace> {
  let created = false;
  let handle: DatabaseHandle | undefined;
  const undo = async () => {
    if (created) await removeDatabase(config, space);
  };
  let step: string = STEPS.database;
  try {
    const target = spaceTarget(config, space);
    const migrations = config.migrations.space;
    created = await createDatabase(config, space, migrations);
    handle = await openDatabase(target);
    step = STEPS.migrate;
    await migrateToLatest(handle.db, migrations);
    step = STEPS.seed;
    await seedReferenceData(handle.db);
    step = STEPS.admin;
    const password = oneTimePassword();
    const made = await ensureAdministrator(handle.db, { email: adminEmail, password, mustChangePassword: true });
    await handle.close();
    return { initialAdmin: made ? { email: adminEmail.toLowerCase(), password } : null, undo };
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await undo().catch(() => undefined);
    throw new SpaceStepError(space.tenant_name, step, error);
  }
}

/** True when this call created the database (an existing one is used as it is). */
async function createDatabase(config: PlatformConfig, space: SpaceConfigRow, migrations: MigrationSet): Promise<boolean> {
  const target = spaceTarget(config, space);
  if (target.kind === 'pglite') {
    if (existsSync(target.dataDir)) return false;
    try {
      await copySpaceTemplate(spaceTemplatesDir(config), migrations, target.dataDir);
    } catch (error) {
      rmSync(target.dataDir, { recursive: true, force: true });
      throw error;
    }
    return true;
  }
  return onServer(space, async (client) => {
    if (await databaseExists(client, space.db_name)) return false;
    const urlOf = (database: string) => (spaceTarget(config, { ...space, db_name: database }) as { url: string }).url;
    const template = await postgresTemplate(client, urlOf, migrations);
    await client.query(`create database ${quoteIdent(space.db_name)} template ${template}`);
    return true;
  });
}

async function removeDatabase(config: PlatformConfig, space: SpaceConfigRow): Promise<void> {
  const target = spaceTarget(config, space);
  if (target.kind === 'pglite') rmSync(target.dataDir, { recursive: true, force: true });
  else await onServer(space, (client) => client.query(`drop database if exists ${quoteIdent(space.db_name)} with (force)`));
}

/** Runs `work` connected to the server's `postgres` database with the space's credentials. */
async function onServer<T>(space: SpaceConfigRow, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    host: space.db_ip || '127.0.0.1', port: Number(space.db_port || 5432), user: space.db_user || 'postgres',
    password: space.db_password ?? undefined, database: 'postgres', connectionTimeoutMillis: 10_000,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
