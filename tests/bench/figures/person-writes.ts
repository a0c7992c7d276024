import pg from 'pg';
import { migrateToLatest } from '../../../src/server/core/db/migrate.js';
import { seedReferenceData } from '../../../src/server/core/seed/index.js';
import { listenApi, postgresKysely, StatementRecorder, type RunningApi } from '../support/api.js';
import { send } from '../support/http.js';
import { nthCpf, personBody, personReferences, subRowsOf, type PersonBody } from '../support/persons.js';
import { createBenchDatabase } from '../support/postgres.js';
import { atLeastRow, infoRow, ms, ratioRow, times, type Row } from '../support/report.js';
import { alternate, median, percentile, perSecond } from '../support/stats.js';
import { MIGRATIONS } from '../../../src/server/features.js';

/** A create through the API may take at most this many times the bare inserts (docs/BENCHMARKS.md says why). */
const TARGET = 3;
const CLIENTS = 4;
const SECONDS = 3;
const TURNS = 2;

type Values = Record<string, unknown>;

/** `insert into table (…) values (…), (…)` for rows of the same columns; `returning id` when asked. */
async function insertRows(client: pg.PoolClient, table: string, rows: Values[], returning = false): Promise<number[]> {
  const columns = Object.keys(rows[0]);
  const parameters: unknown[] = [];
  const tuples = rows.map((row) => `(${columns.map((c) => `$${parameters.push(row[c] ?? null)}`).join(', ')})`);
  const { rows: ids } = await client.query(`insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')}${returning ? ' returning id' : ''}`, parameters);
  return ids.map((r) => Number(r.id));
}

/**
 * The same person and rows the API stores, sent through `pg` in one transaction: the person (its
 * party made by the trigger), then one insert per sub-list table, the relation's times last.
 */
async function bareCreate(pool: pg.Pool, body: PersonBody): Promise<number> {
  const { telephones, emails, addresses, work_relations: relations, ...person } = body;
  const client = await pool.connect();
  try {
    await client.query('begin');
    const [id] = await insertRows(client, 'persons', [person], true);
    await insertRows(client, 'person_telephones', telephones.map((t) => ({ person_id: id, ...t })));
    await insertRows(client, 'person_emails', emails.map((e) => ({ person_id: id, ...e })));
    await insertRows(client, 'person_addresses', addresses.map((a) => ({ person_id: id, neighborhood: null, street_number: null, ...a })));
    for (const { expedients, ...relation } of relations) {
      const [relationId] = await insertRows(client, 'person_work_relations', [{ person_id: id, ...relation }], true);
      await insertRows(client, 'person_work_expedients', expedients.map((e) => ({ person_work_relation_id: relationId, ...e })));
    }
    await client.query('commit');
    return id;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

async function apiCreate(api: RunningApi, body: PersonBody): Promise<number> {
  const answer = await send('POST', `${api.base}/api/pessoa_fisica`, body, { authorization: `Bearer ${api.token}` });
  if (answer.status !== 201) throw new Error(`POST /api/pessoa_fisica answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  return JSON.parse(answer.body).data.id;
}

/** The rows a create left: the person's sub-rows and its party. */
async function stored(pool: pg.Pool, id: number): Promise<{ subRows: number; party: boolean }> {
  const { rows: [row] } = await pool.query(`
    select (select count(*) from person_telephones where person_id = $1) + (select count(*) from person_emails where person_id = $1)
         + (select count(*) from person_addresses where person_id = $1) + (select count(*) from person_work_relations where person_id = $1)
         + (select count(*) from person_work_expedients e join person_work_relations r on r.id = e.person_work_relation_id where r.person_id = $1) as sub_rows,
           exists (select 1 from parties p join persons s on s.party_id = p.id where s.id = $1) as party`, [id]);
  return { subRows: Number(row.sub_rows), party: row.party };
}

/**
 * Figure 11: a physical person with 10 rows under it created through the API (POST over HTTP, the
 * administrator's token, the product's pool) vs the same rows inserted through `pg` in one
 * transaction, on a fresh PostgreSQL database; both fire the same triggers (the party, the search
 * vocabulary). Per-create latency from one client in alternating rounds (p50, p95), then creates per
 * second from 4 concurrent clients in turns (bare, API, …).
 */
export async function personWriteFigures(rounds: number, log: (line: string) => void): Promise<Row[]> {
  const target = await createBenchDatabase();
  const recorder = new StatementRecorder();
  const db = postgresKysely(target.url, recorder.log);
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  pool.on('error', () => {});
  let api: RunningApi | undefined;
  try {
    await migrateToLatest(db, MIGRATIONS.space);
    await seedReferenceData(db);
    const refs = await personReferences(db);
    api = await listenApi(db);
    const running = api;
    let next = 0;
    const body = () => personBody(refs, nthCpf(next), next++);
    const contenders = { bare: () => bareCreate(pool, body()), api: () => apiCreate(running, body()) };

    // Both sides leave the same rows: the person, its party and the 10 rows under it.
    const sample = body();
    const expected = subRowsOf(sample);
    const made = { bare: await stored(pool, await bareCreate(pool, sample)), api: await stored(pool, await contenders.api()) };
    for (const [side, rows] of Object.entries(made)) {
      if (rows.subRows !== expected || !rows.party) throw new Error(`${side}: ${rows.subRows} rows under the person (expected ${expected}), party ${rows.party}`);
    }
    const recorded = await recorder.during(contenders.api);
    const statements = recorded.length;
    // BENCH_STATEMENTS=1 prints what one create ran, to see where its statements go.
    if (process.env.BENCH_STATEMENTS) for (const s of recorded) log(`  ${(s.end - s.start).toFixed(2)} ms  ${s.sql.replace(/\s+/g, ' ').slice(0, 220)}`);

    const samples = await alternate(contenders, rounds);
    const p = (side: 'api' | 'bare', n: number) => percentile(samples[side], n);
    log(`figure 11: p50 API ${ms(median(samples.api))}, bare ${ms(median(samples.bare))}; p95 API ${ms(p('api', 95))}, bare ${ms(p('bare', 95))}`);

    const rates = { bare: 0, api: 0 };
    for (const name of ['bare', 'api'] as const) await perSecond(CLIENTS, 1, contenders[name]);
    for (let turn = 0; turn < TURNS; turn++) {
      for (const name of ['bare', 'api'] as const) {
        const { rate, calls } = await perSecond(CLIENTS, SECONDS, contenders[name]);
        rates[name] += rate / TURNS;
        log(`figure 11, turn ${turn + 1}: ${name} ${rate.toFixed(0)} creates/s (${calls} in ${SECONDS} s)`);
      }
    }
    const { rows: [{ n: persons }] } = await pool.query('select count(*)::int n from persons');
    const perSec = (n: number) => `${n.toFixed(0)} /s`;
    const what = `a person with ${expected} rows under it (2 phones, 2 e-mails, 2 addresses, 1 work relation, 3 times)`;
    return [
      ratioRow('11', `create ${what}, p50: API (POST over HTTP) vs the same inserts via pg in one transaction`, median(samples.api), median(samples.bare), TARGET, ms,
        `${rounds} alternating rounds after 5 warm-up rounds, one client; the API ran ${statements} statements for one create, the bare side 8 (begin, 6 inserts, commit)`),
      infoRow('11', 'create a person, p95: API vs the same inserts via pg', ms(p('api', 95)), ms(p('bare', 95)), times(p('api', 95) / p('bare', 95))),
      atLeastRow('11', `creates per second, ${CLIENTS} clients: API vs the same inserts via pg`, rates.api, rates.bare, 1 / TARGET, perSec,
        `mean of ${TURNS} turns of ${SECONDS} s each (bare, API), 1 s warm-up each; pools of 10 connections on both sides; ${persons.toLocaleString('en')} persons at the end`),
    ];
  } finally {
    await api?.app.close();
    await pool.end();
    await db.destroy();
    await target.drop();
  }
}
