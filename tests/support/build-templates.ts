/**
 * Vitest global setup: builds the migrated template databases (templates.ts) the test helpers copy,
 * once per edition of the migrations, and removes those of other editions; and the templates the
 * product copies a new space from (src/server/features/platform/spaces/template.ts), so that no test pays
 * for making them. And the compiled server the tests' product processes run, with the data folder of
 * its first start they copy (server-build.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/core/db/index.js';
import { migrateToLatest } from '../../src/server/core/db/migrate.js';
import { pgliteTemplate as spacePgliteTemplate, postgresTemplate as spacePostgresTemplate } from '../../src/server/features/platform/spaces/template.js';
import buildProductTemplate from '../e2e/support/build-product-template.js';
import { TEST_POSTGRES_URL, TEST_SPACE_TEMPLATES } from './databases.js';
import { ensureTestTablespace, TEST_TABLESPACE } from './tablespace.js';
import { OTHER_EDITIONS_KEPT_MS, pgliteTemplate, postgresTemplate, sweepOtherEditions, TEMPLATE_SETS, type TemplateName } from './templates.js';
import { MIGRATIONS } from '../../src/server/features.js';

export default async function buildTemplates(): Promise<void> {
  const names = Object.keys(TEMPLATE_SETS) as TemplateName[];
  await Promise.all([buildProductTemplate(), ...names.map((name) => buildPglite(name)), spacePgliteTemplate(TEST_SPACE_TEMPLATES, MIGRATIONS.space)]);
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    const urlOf = (database: string) => {
      const url = new URL(TEST_POSTGRES_URL);
      url.pathname = `/${database}`;
      return url.toString();
    };
    const inMemory = await ensureTestTablespace(client);
    const spaceTemplate = await spacePostgresTemplate(client, urlOf, MIGRATIONS.space);
    // A template's copies are made where it is: the spaces the tests' products create, in memory too.
    if (inMemory) await moveIntoTablespace(client, spaceTemplate);
    const current = new Set(names.map(postgresTemplate));
    // Each template's comment holds when a run last used it: another edition's is dropped a day after (templates.ts).
    const { rows } = await client.query<{ datname: string; used: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as used from pg_database where datname like 'test\\_template\\_%' and datname not like '%\\_building\\_%'`,
    );
    for (const { datname, used } of rows) {
      if (!current.has(datname) && Date.now() - Number(used ?? 0) > OTHER_EDITIONS_KEPT_MS) await client.query(`drop database if exists ${datname} with (force)`);
    }
    const present = new Set(rows.map((row) => row.datname));
    for (const name of names) if (!present.has(postgresTemplate(name))) await buildPostgres(client, name);
    if (inMemory) for (const name of current) await moveIntoTablespace(client, name);
    for (const name of current) await client.query(`comment on database ${name} is '${Date.now()}'`);
  } finally {
    await client.end();
  }
}

async function buildPglite(name: TemplateName): Promise<void> {
  const final = pgliteTemplate(name);
  sweepOtherEditions(`conselho-template-${name}-`, final);
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
  // A name of its own: a run building the same edition at the same time keeps its copy.
  const building = `${postgresTemplate(name)}_building_${randomBytes(4).toString('hex')}`;
  await client.query(`create database ${building}`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${building}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    for (const set of TEMPLATE_SETS[name]) await migrateToLatest(handle.db, set);
  } finally {
    await handle.close();
  }
  await client.query(`alter database ${building} rename to ${postgresTemplate(name)}`).catch(async (error: unknown) => {
    await client.query(`drop database if exists ${building} with (force)`);
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [postgresTemplate(name)]);
    if (!rowCount) throw error;
  });
}

/** Moves a template made before the tablespace existed into it; left where it is while a run copies it. */
async function moveIntoTablespace(client: pg.Client, database: string): Promise<void> {
  const { rows } = await client.query<{ spcname: string }>(
    'select t.spcname from pg_database d join pg_tablespace t on t.oid = d.dattablespace where d.datname = $1', [database],
  );
  if (!rows.length || rows[0].spcname === TEST_TABLESPACE) return;
  await client.query(`alter database ${database} set tablespace ${TEST_TABLESPACE}`).catch(() => undefined);
}
