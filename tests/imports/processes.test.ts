/**
 * The import's commit on PostgreSQL with real server processes: four imports queued at once and
 * taken by two processes (each row imported once, none lost), then a process killed with kill -9 in
 * the middle of an import and started again (the import resumes: no row twice, no row half written —
 * every imported person has the e-mail its row brought, and every row marked done has its person).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { call, logIn, startProductProcess, type ProductProcess } from '../resilience/support/product-process.js';
import { createTestTarget, type TestTarget } from '../support/databases.js';
import { cpfs, csvOf, PERSON_HEADERS, personRow } from './support.js';

const IMPORTS = 4;
const ROWS_EACH = 150;
const CRASH_ROWS = 1200;

describe('spreadsheet imports from server processes on one PostgreSQL', () => {
  let target: TestTarget;
  let url: string;
  let servers: ProductProcess[] = [];
  const dataDirs: string[] = [];
  let client: pg.Client;
  const env = () => {
    const dir = mkdtempSync(join(tmpdir(), 'test-import-process-'));
    dataDirs.push(dir);
    // Batches of 50 rows, so that the kill lands between batches of an import of 1,200 rows, not after its last.
    return { DATABASE_URL: url, DATA_DIR: dir, IMPORT_INTERVAL_MS: '200', IMPORT_STALE_SECONDS: '3', IMPORT_BATCH_ROWS: '50' };
  };

  beforeAll(async () => {
    target = await createTestTarget('postgres', 'platformAndSpace');
    url = (target.target as { url: string }).url;
    servers = [await startProductProcess(env())];
    servers.push(await startProductProcess(env()));
    client = new pg.Client({ connectionString: url });
    await client.connect();
  }, 240_000);

  afterAll(async () => {
    await client?.end();
    await Promise.all(servers.map((server) => server.stop()));
    await target?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const upload = async (server: ProductProcess, token: string, rows: string[][]) => {
    const form = new FormData();
    form.append('file', new Blob([csvOf([PERSON_HEADERS, ...rows])]), 'pessoas.csv');
    const response = await fetch(`${server.url}/api/pessoa_fisica/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = await response.json();
    if (response.status !== 201) throw new Error(`upload: ${response.status} ${JSON.stringify(body)}`);
    const checked = await call(server.url, 'POST', `/api/pessoa_fisica/import/${body.data.id}/check`, { token });
    expect(checked.body.data.counts).toMatchObject({ create: rows.length, error: 0 });
    return Number(body.data.id);
  };
  const statusOf = async (server: ProductProcess, token: string, id: number) => (await call(server.url, 'GET', `/api/pessoa_fisica/import/${id}`, { token })).body.data;
  const rowsOf = (prefix: string, keys: string[]) => keys.map((cpf, i) => personRow(`${prefix} ${i + 1}`, cpf, { 'E-mails: E-mail': `p${i + 1}.${cpf.replace(/\D/g, '')}@exemplo.com.br`, 'E-mails: Recebe notícias': 'Não' }));
  /** Persons by CPF among the given ones, with how many e-mails each has. */
  const stored = async (keys: string[]) => (await client.query<{ cpf: string; n: string; emails: string }>(
    `select p.individual_registration as cpf, count(*) over (partition by p.individual_registration) as n,
            (select count(*) from person_emails e where e.person_id = p.id) as emails
       from persons p where p.individual_registration = any($1)`, [keys])).rows;

  it(`gives ${IMPORTS} imports of ${ROWS_EACH} rows to two processes: every row imported once`, async () => {
    const tokens = [await logIn(servers[0].url), await logIn(servers[1].url)];
    const keys = cpfs(IMPORTS * ROWS_EACH);
    const ids: number[] = [];
    for (let i = 0; i < IMPORTS; i += 1) ids.push(await upload(servers[i % 2], tokens[i % 2], rowsOf(`Lote ${i + 1}`, keys.slice(i * ROWS_EACH, (i + 1) * ROWS_EACH))));
    // Queued at once, through both processes.
    await Promise.all(ids.map((id, i) => call(servers[i % 2].url, 'POST', `/api/pessoa_fisica/import/${id}/commit`, { token: tokens[i % 2] })));
    for (const id of ids) {
      for (let tries = 0; (await statusOf(servers[0], tokens[0], id)).status !== 'done'; tries += 1) {
        if (tries > 1200) throw new Error(`import ${id} did not end`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await statusOf(servers[1], tokens[1], id)).counts).toMatchObject({ create: ROWS_EACH, done: ROWS_EACH, error: 0 });
    }
    const persons = await stored(keys);
    expect(persons.length).toBe(keys.length);
    expect(persons.filter((p) => Number(p.n) !== 1 || Number(p.emails) !== 1)).toEqual([]);
    const audits = await client.query(`select record_id, count(*) as n from audits where module = 'pessoa_fisica' and event = 'created' group by record_id having count(*) > 1`);
    expect(audits.rows).toEqual([]);
  }, 600_000);

  it(`resumes an import of ${CRASH_ROWS} rows after kill -9: no row twice, none half written`, async () => {
    await servers[1].stop();
    servers = [servers[0]];
    let token = await logIn(servers[0].url);
    const keys = cpfs(CRASH_ROWS);
    const id = await upload(servers[0], token, rowsOf('Retomada', keys));
    await call(servers[0].url, 'POST', `/api/pessoa_fisica/import/${id}/commit`, { token });
    // Killed while rows are being written.
    for (let tries = 0; ; tries += 1) {
      const { rows } = await client.query<{ n: string }>('select count(*) as n from import_rows where import_id = $1 and done', [id]);
      if (Number(rows[0].n) >= CRASH_ROWS / 5) break;
      if (tries > 3000) throw new Error('the import did not start');
      await new Promise((r) => setTimeout(r, 20));
    }
    await servers[0].kill();
    const atCrash = Number((await client.query('select count(*) as n from import_rows where import_id = $1 and done', [id])).rows[0].n);
    expect(atCrash).toBeLessThan(CRASH_ROWS);
    // What the crash left: each row marked done has its person with its e-mail, and no person without its mark.
    const left = await stored(keys);
    expect(left.length).toBe(atCrash);
    expect(left.filter((p) => Number(p.emails) !== 1)).toEqual([]);

    servers = [await startProductProcess(env())];
    token = await logIn(servers[0].url);
    for (let tries = 0; (await statusOf(servers[0], token, id)).status !== 'done'; tries += 1) {
      if (tries > 3000) throw new Error(`import ${id} did not resume: ${JSON.stringify(await statusOf(servers[0], token, id))}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const summary = await statusOf(servers[0], token, id);
    expect(summary).toMatchObject({ progress: 100, counts: { create: CRASH_ROWS, done: CRASH_ROWS, error: 0 } });
    const persons = await stored(keys);
    expect(persons.length).toBe(CRASH_ROWS);
    expect(persons.filter((p) => Number(p.n) !== 1 || Number(p.emails) !== 1)).toEqual([]);
    console.log(`import killed after ${atCrash} of ${CRASH_ROWS} rows; resumed to ${persons.length}, duplicates 0`);
  }, 600_000);
});
