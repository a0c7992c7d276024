import pg from 'pg';
import { migrateToLatest } from '../../../src/server/core/db/migrate.js';
import { seedReferenceData } from '../../../src/server/core/seed/index.js';
import { listenApi, postgresKysely, StatementRecorder, type RunningApi } from '../support/api.js';
import type { BenchConfig } from '../support/config.js';
import { createBenchDatabase } from '../support/postgres.js';
import type { Row } from '../support/report.js';
import { NAME_SEARCH, seedPersons } from '../support/seed-persons.js';
import { listLatency, recordCase, type ListCase, type PostgresContext } from './list-latency.js';
import { MIGRATIONS } from '../../../src/server/features.js';

/** A given name about one person in 55 has. */
const COMMON_NAME = 'maria';

/** Rows a plan may read from the table and throw away before it counts as scanning it. */
const MAX_ROWS_FILTERED = 10_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * Each statement of a case that reads the persons table, run under EXPLAIN ANALYZE: the indexes it
 * went through, and whether it read the table through (a sequential scan, or an index walked with
 * more than MAX_ROWS_FILTERED rows thrown away by a filter).
 */
async function plansOf(pool: pg.Pool, c: ListCase, table: string): Promise<Row> {
  const indexes = new Set<string>();
  const scans: string[] = [];
  let ms = 0;
  for (const statement of c.statements.filter((s) => s.sql.includes(`"${table}"`) && !/^\s*explain\b/i.test(s.sql))) {
    const { rows: [{ 'QUERY PLAN': [plan] }] } = await pool.query(`explain (analyze, format json) ${statement.sql}`, statement.parameters as unknown[]);
    ms += plan['Execution Time'];
    for (const node of nodesOf(plan.Plan as PlanNode)) {
      if (node['Index Name']) indexes.add(node['Index Name']);
      const thrown = (node['Rows Removed by Filter'] ?? 0) * (node['Actual Loops'] ?? 1);
      if (node['Relation Name'] === table && (node['Node Type'] === 'Seq Scan' || thrown > MAX_ROWS_FILTERED)) {
        scans.push(`${node['Node Type']}${node['Index Name'] ? ` on ${node['Index Name']}` : ''} (${thrown.toLocaleString('en')} rows filtered out)`);
      }
    }
  }
  return {
    figure: '12', name: `plans, ${c.name}: the table read through an index only`, value: scans.length ? 'scan' : 'index', baseline: '—', ratio: '—',
    target: 'no scan', verdict: scans.length ? 'MISS' : 'PASS',
    note: `${[...indexes].join(', ') || 'no index'}; ${ms.toFixed(1)} ms under EXPLAIN ANALYZE${scans.length ? `; read through: ${scans.join('; ')}` : ''}`,
  };
}

/**
 * Figure 12: the physical persons' list searched with `q` over BENCH_ROWS persons on PostgreSQL (by
 * name, and by the first digits of a CPF and a whole CPF typed as digits), through the API vs the
 * same statements through `pg`, as figure 1 measures it and with its targets; then the plans of
 * those statements, and of searches matching thousands of persons (a CPF's first 3 and 2 digits, a
 * common given name), which must reach the rows through the indexes, not read the table through.
 */
export async function personSearchFigures(config: BenchConfig, log: (line: string) => void): Promise<Row[]> {
  const target = await createBenchDatabase();
  const recorder = new StatementRecorder();
  const db = postgresKysely(target.url, recorder.log);
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  pool.on('error', () => {});
  let api: RunningApi | undefined;
  try {
    await migrateToLatest(db, MIGRATIONS.space);
    await seedReferenceData(db);
    const seeded = await seedPersons(db, config.rows);
    log(`figure 12: ${seeded.persons.toLocaleString('en')} persons (and their parties) seeded in ${seeded.seconds.toFixed(0)} s`);
    api = await listenApi(db);
    const ctx: PostgresContext = { api, recorder, pool, rounds: config.rounds, table: 'persons' };
    // A CPF from the middle of the table, typed as a person types it: digits only.
    const { rows: [{ cpf }] } = await pool.query('select individual_registration cpf from persons order by id offset $1 limit 1', [Math.floor(seeded.persons / 2)]);
    const digits = String(cpf).replace(/\D/g, '');
    const path = (q: string) => `/api/pessoa_fisica?${new URLSearchParams({ q })}`;
    const cases = [
      await recordCase(ctx, `q name '${NAME_SEARCH}'`, path(NAME_SEARCH)),
      await recordCase(ctx, `q CPF prefix '${digits.slice(0, 6)}'`, path(digits.slice(0, 6))),
      await recordCase(ctx, `q whole CPF '${digits}'`, path(digits)),
    ];
    // Searches of many matches, whose plans are checked too: the first digits a person types, a common given name.
    const broad = [
      await recordCase(ctx, `q CPF prefix '${digits.slice(0, 3)}'`, path(digits.slice(0, 3))),
      await recordCase(ctx, `q CPF prefix '${digits.slice(0, 2)}'`, path(digits.slice(0, 2))),
      await recordCase(ctx, `q name '${COMMON_NAME}'`, path(COMMON_NAME)),
    ];
    for (const c of [...cases, ...broad]) {
      const answer = await fetch(`${api.base}${c.path}`, { headers: { authorization: `Bearer ${api.token}` } }).then((r) => r.json() as Promise<{ meta: { total: number; estimated?: boolean } }>);
      log(`figure 12: ${c.name} finds ${answer.meta.estimated ? 'about ' : ''}${answer.meta.total.toLocaleString('en')} persons with ${c.statements.length} statements`);
    }
    const rows = await listLatency(ctx, cases, '12');
    for (const c of [...cases, ...broad]) rows.push(await plansOf(pool, c, 'persons'));
    return rows;
  } finally {
    await api?.app.close();
    await pool.end();
    await db.destroy();
    await target.drop();
  }
}
