/**
 * Vitest global setup: builds the migrated template databases (templates.ts) the test helpers copy,
 * once per edition of the migrations, and removes those of other editions; and the templates the
 * product copies a new space from (src/server/platform/spaces/template.ts), so that no test pays
 * for making them. And the compiled server the tests' product processes run, with the data folder of
 * its first start they copy (server-build.ts).
 */
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/index.js';
import { migrateToLatest, SPACE_MIGRATIONS } from '../../src/server/db/migrate.js';
import { pgliteTemplate as spacePgliteTemplate, postgresTemplate as spacePostgresTemplate } from '../../src/server/platform/spaces/template.js';
import buildProductTemplate from '../e2e/support/build-product-template.js';
import { TEST_POSTGRES_URL, TEST_SPACE_TEMPLATES } from './databases.js';
import { pgliteTemplate, postgresTemplate, TEMPLATE_SETS, type TemplateName } from './templates.js';

export default async function buildTemplates(): Promise<void> {
  const names = Object.keys(TEMPLATE_SETS) as TemplateName[];
  await Promise.all([buildProductTemplate(), ...names.map((name) => buildPglite(name)), spacePgliteTemplate(TEST_SPACE_TEMPLATES, SPACE_MIGRATIONS)]);
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    const urlOf = (database: string) => {
      const url = new URL(TEST_POSTGRES_URL);
      url.pathname = `/${database}`;
      return url.toString();
    };
    await spacePostgresTemplate(client, urlOf, SPACE_MIGRATIONS);
    const current = new Set(names.map(postgresTemplate));
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like 'test\\_template\\_%'`);
    for (const { datname } of rows) if (!current.has(datname)) await client.query(`drop database if exists ${datname} with (force)`);
    const present = new Set(rows.map((row) => row.datname));
    for (const name of names) if (!present.has(postgresTemplate(name))) await buildPostgres(client, name);
  } finally {
    await client.end();
  }
}

async function buildPglite(name: TemplateName): Promise<void> {
  const final = pgliteTemplate(name);
  const prefix = `conselho-template-${name}-`;
  for (const entry of readdirSync(tmpdir())) {
    if (entry.startsWith(prefix) && join(tmpdir(), entry) !== final) rmSync(join(tmpdir(), entry), { recursive: true, force: true });
  }
  if (existsSync(final)) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'conselho-building-'));
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    for (const set of TEMPLATE_SETS[name]) await migrateToLatest(handle.db, set);
  } finally {
    await handle.close();
  }
  rmSync(`${dataDir}.lock`, { recursive: true, force: true });
  // Whole or not at all: a folder is a template only once it is migrated and closed.
  renameSync(dataDir, final);
}

async function buildPostgres(client: pg.Client, name: TemplateName): Promise<void> {
  const building = `${postgresTemplate(name)}_building`;
  await client.query(`drop database if exists ${building} with (force)`);
  await client.query(`create database ${building}`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${building}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    for (const set of TEMPLATE_SETS[name]) await migrateToLatest(handle.db, set);
  } finally {
    await handle.close();
  }
  await client.query(`alter database ${building} rename to ${postgresTemplate(name)}`);
}
