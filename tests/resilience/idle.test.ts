/**
 * The product left alone for longer than every timeout it has (pg's idle connections, the monitors'
 * checks, the HTTP keep-alive), then used: on the embedded database and on PostgreSQL, in the
 * default space and in a space created through the API. The timeouts are the product's settings,
 * shortened here (10 s, 10 s and 72 s by default): what is tried is that every connection they close
 * is opened again cleanly, whatever their length, so the file waits seconds instead of minutes. It is
 * the one test that lets real time pass: the timers it waits for are pg's and Node's own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTarget, type TestTarget } from '../support/databases.js';
import { productDataDir } from '../support/server-build.js';
import { call, logIn, startProductProcess, type ProductProcess } from './support/product-process.js';

const TIMEOUTS = { DB_IDLE_TIMEOUT_MS: '1000', MONITOR_INTERVAL_MS: '1000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '2000' };
/** Longer than the longest of them, twice over. */
const IDLE_MS = 2 * Math.max(...Object.values(TIMEOUTS).map(Number));

interface Setup { product: ProductProcess; dataDir: string; pg?: TestTarget; spaceAdmin: { email: string; password: string } }

async function setUp(kind: 'pglite' | 'postgres'): Promise<Setup> {
  const pg = kind === 'postgres' ? await createTestTarget('postgres', 'platformAndSpace') : undefined;
  const dataDir = pg ? mkdtempSync(join(tmpdir(), `conselho-idle-${kind}-`)) : productDataDir(`conselho-idle-${kind}-`);
  const product = await startProductProcess({ DATA_DIR: dataDir, ...TIMEOUTS, ...(pg ? { DATABASE_URL: (pg.target as { url: string }).url } : {}) });
  const token = await logIn(product.url);
  const tenantName = `ocioso-${kind}`;
  const created = await call(product.url, 'POST', '/api/clientes', {
    token,
    body: { name: `Conselho ${kind}`, initials: 'OCI', email: `${tenantName}@example.com`, active: true, tenant_configs: [{ tenant_name: tenantName, db_type: 'pglite', db_name: tenantName.replace('-', '_'), active: true, monitor_active: false }] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const admin = created.body.initial_admin ?? created.body.data.initial_admin;
  // Used once, so the space's database has been open and busy before it sits idle.
  await logIn(product.url, admin.email, admin.password, tenantName);
  return { product, dataDir, pg, spaceAdmin: admin };
}

describe('after sitting idle', () => {
  const setups: Partial<Record<'pglite' | 'postgres', Setup>> = {};
  beforeAll(async () => {
    [setups.pglite, setups.postgres] = await Promise.all([setUp('pglite'), setUp('postgres')]);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  }, IDLE_MS + 240_000);
  afterAll(async () => {
    for (const setup of Object.values(setups)) {
      await setup?.product.stop();
      await setup?.pg?.drop();
      if (setup) rmSync(setup.dataDir, { recursive: true, force: true });
    }
  });

  it('ran with the shortened timeouts: the keep-alive the server announces, no pooled connection idle past its timeout', async () => {
    const answer = await fetch(`${setups.postgres!.product.url}/api/health`);
    expect(answer.headers.get('keep-alive')).toBe(`timeout=${Number(TIMEOUTS.HTTP_KEEP_ALIVE_TIMEOUT_MS) / 1000}`);
    const url = new URL((setups.postgres!.pg!.target as { url: string }).url);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const { rows } = await client.query<{ stale: number }>(
        `select count(*)::int as stale from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and state = 'idle' and state_change < now() - make_interval(secs => $2)`,
        [url.pathname.slice(1), (2 * Number(TIMEOUTS.DB_IDLE_TIMEOUT_MS)) / 1000],
      );
      expect(rows[0].stale).toBe(0);
    } finally {
      await client.end();
    }
  });

  for (const kind of ['pglite', 'postgres'] as const) {
    it(`logs in and lists in the default space [${kind}]`, async () => {
      const { product } = setups[kind]!;
      const token = await logIn(product.url);
      const list = await call(product.url, 'GET', '/api/municipios?q=sao%20paulo', { token });
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      expect(list.body.data.some((row: { name: string }) => row.name === 'São Paulo')).toBe(true);
      expect((await call(product.url, 'GET', '/api/monitores/status', { token })).status).toBe(200);
    });

    it(`logs in and lists in a space created through the API [${kind}]`, async () => {
      const { product, spaceAdmin } = setups[kind]!;
      const tenant = `ocioso-${kind}`;
      const token = await logIn(product.url, spaceAdmin.email, spaceAdmin.password, tenant);
      const profile = await call(product.url, 'GET', '/api/perfil', { token, tenant });
      expect(profile.status, JSON.stringify(profile.body)).toBe(200);
      expect(profile.body.data.email).toBe(spaceAdmin.email);
    });

    it(`ran the monitors' background checks without a failure [${kind}]`, () => {
      expect(setups[kind]!.product.output()).not.toMatch(/falha na verificação dos monitores|prepared statement/);
    });
  }
});
