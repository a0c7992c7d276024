import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { createTestTarget, TEST_POSTGRES_URL } from '../../support/databases';
import { runStandIns } from '../../postal-code/support/providers';
import { CHROMIUM_OPTIONS, startOwnProduct, type SharedProduct } from './product';

/**
 * Vitest global setup of the browser project, after the builds: the run's one product and one
 * Chromium. The product runs on PostgreSQL (production's engine); each browser file that needs no
 * process of its own gets a space of it (product.ts, `startProduct`) and connects to the Chromium,
 * so files run side by side without sharing a record, a login or a page. Both stop with the run,
 * and the spaces' databases are dropped.
 */
export default async function sharedProduct(project: TestProject): Promise<() => Promise<void>> {
  const database = await createTestTarget('postgres', 'platformAndSpace');
  // The postal-code providers it asks: the run's stand-ins, which each file teaches its codes.
  const standIns = await runStandIns();
  const product = await startOwnProduct({ DATABASE_URL: (database.target as { url: string }).url, ...standIns.env }, undefined, 300);
  const browser = await chromium.launchServer(CHROMIUM_OPTIONS);
  const spacePrefix = `e2e_${randomBytes(3).toString('hex')}_`;
  const postgres = new URL(TEST_POSTGRES_URL);
  try {
    const token = (await post(product.url, '/api/auth', { email: product.adminEmail, password: product.adminPassword })).data.token;
    const system = await post(product.url, '/api/sistemas', { name: 'Conselho', prefix: 'CNS', url: 'conselho.test' }, token);
    const shared: SharedProduct = {
      url: product.url,
      dataDir: product.dataDir,
      adminEmail: product.adminEmail,
      adminPassword: product.adminPassword,
      systemId: system.data.id,
      spacePrefix,
      postgres: { host: postgres.hostname, port: postgres.port || '5432', user: decodeURIComponent(postgres.username) || 'postgres' },
    };
    project.provide('sharedProduct', shared);
    project.provide('browserEndpoint', browser.wsEndpoint());
    project.provide('postalCodeStandIns', standIns.provided);
  } catch (error) {
    await browser.close();
    await product.stop();
    await standIns.close();
    await database.drop();
    throw error;
  }
  return async () => {
    await browser.close();
    await product.stop();
    await standIns.close();
    await dropSpaces(spacePrefix);
    await database.drop();
  };
}

async function post(url: string, path: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`the shared product's set-up: ${path} answered ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** The databases of the run's spaces, made by the product on the tests' PostgreSQL server. */
async function dropSpaces(prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}
