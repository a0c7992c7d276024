import pg from 'pg';
import { migrateToLatest } from '../../../src/server/core/db/migrate.js';
import { seedReferenceData } from '../../../src/server/core/seed/index.js';
import { csvOf, PERSON_HEADERS, personRow, xlsxOf } from '../../imports/support.js';
import { listenApi, postgresKysely, type RunningApi } from '../support/api.js';
import { nthCpf, personReferences, type PersonReferences } from '../support/persons.js';
import { createBenchDatabase } from '../support/postgres.js';
import { ratioRow, type Row } from '../support/report.js';
import { MIGRATIONS } from '../../../src/server/features.js';

/** The targets: 50,000 persons validated in 15 s, committed in 30 s, at most 1.5× plain inserts. */
const VALIDATE_SECONDS_PER_50K = 15;
const COMMIT_SECONDS_PER_50K = 30;
const TARGET = 1.5;

const secondsFor = (perFiftyThousand: number, rows: number) => (perFiftyThousand * rows) / 50_000;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function call(api: RunningApi, method: string, path: string) {
  const response = await fetch(`${api.base}${path}`, { method, headers: { authorization: `Bearer ${api.token}` } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

/** The same persons and e-mails, each person in its own transaction through `pg`, as the import writes them. */
async function bareInserts(pool: pg.Pool, refs: PersonReferences, from: number, rows: number): Promise<void> {
  const client = await pool.connect();
  try {
    for (let n = from; n < from + rows; n += 1) {
      await client.query('begin');
      const { rows: [{ id }] } = await client.query(
        `insert into persons (name, short_name, party_type_id, date_birth, genre_id, civil_status_id, naturalness_id, nationality_id, individual_registration)
         values ($1, $2, $3, '1990-05-20', $4, $5, $6, $7, $8) returning id`,
        [`Pessoa ${n}`, 'Pessoa', refs.personType, refs.genre, refs.civilStatus, refs.city, refs.nationality, nthCpf(n)],
      );
      await client.query('insert into person_emails (person_id, address, receive_news, main) values ($1, $2, false, true)', [id, `p${n}@exemplo.com.br`]);
      await client.query('commit');
    }
  } finally {
    client.release();
  }
}

/**
 * Figure 13: an XLSX of persons (each with an e-mail) imported through the API on a fresh PostgreSQL
 * database: upload and dry run timed against 15 s per 50,000 rows, the commit (the background job,
 * followed until done) against 30 s per 50,000 rows and against the same rows inserted through `pg`,
 * one transaction per person, in the same run. BENCH_IMPORT_ROWS sets the rows (50,000 by default).
 */
export async function importFigures(rows: number, log: (line: string) => void): Promise<Row[]> {
  const target = await createBenchDatabase();
  const db = postgresKysely(target.url);
  const pool = new pg.Pool({ connectionString: target.url, max: 2 });
  let api: RunningApi | undefined;
  try {
    await migrateToLatest(db, MIGRATIONS.space);
    await seedReferenceData(db);
    const refs = await personReferences(db);
    api = await listenApi(db);
    const sheet = [PERSON_HEADERS, ...Array.from({ length: rows }, (_, i) => personRow(`Pessoa ${i}`, nthCpf(i), { 'E-mails: E-mail': `p${i}@exemplo.com.br`, 'E-mails: Recebe notícias': 'Não' }))];
    const bytes = await xlsxOf(sheet);
    log(`figure 13: ${rows.toLocaleString('en')} rows, XLSX of ${(bytes.length / 1024 / 1024).toFixed(1)} MB (CSV would be ${(csvOf(sheet).length / 1024 / 1024).toFixed(1)} MB)`);

    const validating = performance.now();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'pessoas.xlsx');
    const uploaded = await fetch(`${api.base}/api/pessoa_fisica/import`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form });
    const { data: started } = await uploaded.json();
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(started)}`);
    const checked = await call(api, 'POST', `/api/pessoa_fisica/import/${started.id}/check`);
    const validated = performance.now() - validating;
    if (checked.counts.create !== rows) throw new Error(`dry run: ${JSON.stringify(checked.counts)}`);
    log(`figure 13: read and dry run in ${seconds(validated)}`);

    const committing = performance.now();
    await call(api, 'POST', `/api/pessoa_fisica/import/${started.id}/commit`);
    for (;;) {
      const state = await call(api, 'GET', `/api/pessoa_fisica/import/${started.id}`);
      if (state.status === 'done') break;
      if (state.status === 'failed') throw new Error(`import failed: ${state.error_reason}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const committed = performance.now() - committing;
    log(`figure 13: committed in ${seconds(committed)}`);

    const inserting = performance.now();
    await bareInserts(pool, refs, rows, rows);
    const bare = performance.now() - inserting;
    log(`figure 13: the same rows through pg in ${seconds(bare)}`);

    const what = `${rows.toLocaleString('en')} persons with an e-mail each`;
    return [
      ratioRow('13', `import: read and dry run, ${what}`, validated, secondsFor(VALIDATE_SECONDS_PER_50K, rows) * 1000, 1, seconds, 'baseline: the time allowed (15 s per 50,000 rows)'),
      ratioRow('13', `import: commit, ${what}`, committed, secondsFor(COMMIT_SECONDS_PER_50K, rows) * 1000, 1, seconds, 'baseline: the time allowed (30 s per 50,000 rows)'),
      ratioRow('13', `import: commit vs the same rows through pg`, committed, bare, TARGET, seconds, 'pg: one transaction per person, its e-mail in it'),
    ];
  } finally {
    await api?.app.close();
    await pool.end();
    await db.destroy();
    await target.drop();
  }
}
