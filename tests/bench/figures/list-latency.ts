import type pg from 'pg';
import Fastify from 'fastify';
import { compilePageOnly } from '../../../src/server/core/resources/list.js';
import { compileOnly } from '../../support/compile-only.js';
import type { Field } from '../../../language/index.js';
import { encodeCursor } from '../../../src/server/core/resources/list-cursor.js';
import { ms, ratioRow, infoRow, times, type Row } from '../support/report.js';
import { get } from '../support/http.js';
import { listStatements, pageStatement, replay, waves } from '../support/replay.js';
import { alternate, median } from '../support/stats.js';
import type { RunningApi, Statement, StatementRecorder } from '../support/api.js';

export interface ListCase {
  name: string;
  path: string;
  statements: Statement[];
  /** The statement that reads the same page with no total at all. */
  pageOnly: Statement;
}

export interface PostgresContext {
  api: RunningApi;
  recorder: StatementRecorder;
  /** A plain `pg` pool on the same database, for the baseline. */
  pool: pg.Pool;
  rounds: number;
  table: string;
}

const SUB_MS_ALLOWANCE = 0.8;

export async function apiGet(ctx: PostgresContext, path: string): Promise<any> {
  const answer = await get(`${ctx.api.base}${path}`, { authorization: `Bearer ${ctx.api.token}` });
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  return JSON.parse(answer.body);
}

/** The SQL one warm request runs, recorded through the Kysely log hook; checked against the answer. */
export async function recordCase(ctx: PostgresContext, name: string, path: string): Promise<ListCase> {
  for (let i = 0; i < 3; i++) await apiGet(ctx, path);
  let body: any;
  const statements = await ctx.recorder.during(async () => (body = await apiGet(ctx, path)));
  const url = new URL(path, 'http://bench');
  const entity = ctx.api.model.entities.find((e) => `/api/${e.module}` === url.pathname)!;
  const compiled = compilePageOnly(compileOnly, entity, Object.fromEntries(url.searchParams));
  const pageOnly: Statement = { sql: compiled.sql, parameters: compiled.parameters, start: 0, end: 0 };
  const [replayed] = await replay(ctx.pool, [[pageOnly]]);
  const ids = (rows: { id: unknown }[]) => rows.map((r) => Number(r.id)).join();
  if (ids(replayed.rows) !== ids(body.data)) throw new Error(`${name}: the page read alone differs from the API's page`);
  return { name, path, statements, pageOnly };
}

/**
 * Figure 1 (and 12, on persons): p50 of the list through the API (real HTTP, admin token) against the very statements
 * it ran, replayed through `pg` with the same grouping. Under 2 ms the allowance is absolute. For
 * reference, the same three-way turns include a bare Fastify route replaying those statements.
 */
export async function listLatency(ctx: PostgresContext, cases: ListCase[], figure = '1'): Promise<Row[]> {
  const rows: Row[] = [];
  const bare = await bareReplayServer(ctx, cases);
  try {
    for (const c of cases) rows.push(...(await caseLatency(ctx, c, bare.url(c), figure)));
  } finally {
    await bare.close();
  }
  return rows;
}

/**
 * For reference, in the same process as the API: a bare Fastify route per case that replays the
 * case's statements through `pg` and returns the page, i.e. the least any HTTP server adds.
 */
async function bareReplayServer(ctx: PostgresContext, cases: ListCase[]) {
  const app = Fastify({ logger: false });
  cases.forEach((c, i) => {
    const groups = waves(c.statements);
    const pageIndex = groups.flat().indexOf(pageStatement(c.statements));
    app.get(`/bare/${i}`, async () => ({ data: (await replay(ctx.pool, groups))[pageIndex].rows }));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { url: (c: ListCase) => `${base}/bare/${cases.indexOf(c)}`, close: () => app.close() };
}

async function caseLatency(ctx: PostgresContext, c: ListCase, bareUrl: string, figure: string): Promise<Row[]> {
  const rows: Row[] = [];
  const groups = waves(c.statements);
  const samples = await alternate({ api: () => apiGet(ctx, c.path), bare: () => get(bareUrl), sql: () => replay(ctx.pool, groups) }, ctx.rounds);
  const api = median(samples.api);
  const sql = median(samples.sql);
  const bare = median(samples.bare);
  const note = `${c.statements.length} statements (${groups.length} sequential groups) replayed`;
  if (sql >= 2) rows.push(ratioRow(figure, `list p50, ${c.name}: API vs same SQL via pg`, api, sql, 1.25, ms, note));
  else {
    const extra = api - sql;
    rows.push({
      figure, name: `list p50, ${c.name}: API vs same SQL via pg`, value: ms(api), baseline: ms(sql),
      ratio: `+${extra.toFixed(2)} ms`, target: `≤ +${SUB_MS_ALLOWANCE} ms`, verdict: extra <= SUB_MS_ALLOWANCE ? 'PASS' : 'MISS', note,
    });
  }
  const bareExtra = sql >= 2 ? times(bare / sql) : `+${(bare - sql).toFixed(2)} ms`;
  rows.push(infoRow(figure, `list p50, ${c.name}: bare Fastify replaying the same SQL vs same SQL via pg (reference)`, ms(bare), ms(sql), bareExtra));
  return rows;
}

/**
 * Figure 3a: the list statements with the total (page ∥ count or estimate; a search of few matches
 * reads, counts and pages them in one statement) vs the statement that reads the page alone.
 */
export async function totalCost(ctx: PostgresContext, cases: ListCase[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const c of cases) {
    const listing = listStatements(c.statements, ctx.table);
    const withTotal = waves(listing);
    const alone = [[c.pageOnly]];
    const samples = await alternate({ total: () => replay(ctx.pool, withTotal), alone: () => replay(ctx.pool, alone) }, ctx.rounds);
    rows.push(ratioRow('3', `list with total vs list alone, ${c.name}`, median(samples.total), median(samples.alone), 1.5, ms, `${listing.length} list statements with the total`));
  }
  return rows;
}

/**
 * Figure 3b: a page near row 90 % of the table vs the first page. The API refuses offsets past
 * 100,000 rows; a person reaches that row by reversing the sort, so that page is measured.
 */
export async function deepPage(ctx: PostgresContext, total: number, maxDepth: number): Promise<Row[]> {
  const perPage = 25;
  const targetRow = Math.round(total * 0.9);
  const rows: Row[] = [];
  const directPage = Math.ceil(targetRow / perPage);
  const direct = await get(`${ctx.api.base}/api/municipios?sort=name&order=asc&page=${directPage}&per_page=${perPage}`, { authorization: `Bearer ${ctx.api.token}` });
  rows.push(infoRow('3', `row ${targetRow.toLocaleString('en')} asked for directly (page ${directPage})`, `HTTP ${direct.status}`, '—', '—',
    direct.status === 400 ? `refused with: ${messageOf(direct.body)}` : undefined));
  let order = 'asc';
  let page = directPage;
  let how = `ascending, page ${page}`;
  if (targetRow > maxDepth) {
    // Sorted the other way, the row counted from the end; no deeper than the server allows.
    order = 'desc';
    page = Math.min(Math.ceil((total - targetRow + 1) / perPage), Math.floor(maxDepth / perPage));
    how = `descending page ${page}, reaching ascending row ${(total - page * perPage + 1).toLocaleString('en')}`;
  }
  const deepPath = `/api/municipios?sort=name&order=${order}&page=${page}&per_page=${perPage}`;
  const firstPath = `/api/municipios?sort=name&order=${order}&page=1&per_page=${perPage}`;
  // Keyset: the cursor of the row just before the target, as the page before it would hand it out.
  const { rows: [before] } = await ctx.pool.query(`select id, name from ${ctx.table} order by name, id offset ${targetRow - 2} limit 1`);
  const cursor = encodeCursor(before, { column: 'name' } as Field);
  const keysetPath = `/api/municipios?sort=name&order=asc&per_page=${perPage}&cursor=${cursor}`;
  const ascendingFirst = `/api/municipios?sort=name&order=asc&per_page=${perPage}`;
  const landed = (await apiGet(ctx, keysetPath)).data[0];
  const rounds = Math.max(20, Math.round(ctx.rounds / 4));
  const keyset = await alternate({ deep: () => apiGet(ctx, keysetPath), first: () => apiGet(ctx, ascendingFirst) }, rounds, 3);
  rows.push(ratioRow('3', `page at row ${targetRow.toLocaleString('en')} by cursor (keyset) vs first page, API p50`, median(keyset.deep), median(keyset.first), 3, ms,
    `cursor of row ${(targetRow - 1).toLocaleString('en')}; the page starts at '${landed?.name}' (id ${landed?.id})`));
  const samples = await alternate({ deep: () => apiGet(ctx, deepPath), first: () => apiGet(ctx, firstPath) }, rounds, 3);
  const offsetRatio = median(samples.deep) / median(samples.first);
  rows.push(infoRow('3', `page near row ${targetRow.toLocaleString('en')} by page number (${how}) vs first page, API p50`, ms(median(samples.deep)), ms(median(samples.first)),
    `${offsetRatio.toFixed(2)}×`, `OFFSET ${((page - 1) * perPage).toLocaleString('en')} (page numbers stop at row ${maxDepth.toLocaleString('en')})`));
  return rows;
}

function messageOf(body: string): string {
  try {
    return JSON.parse(body).message ?? body;
  } catch {
    return body;
  }
}
