import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser, logIn as logInPage, startProduct, type RunningProduct } from '../../e2e/support/product.js';
import { ROOT } from '../support/api.js';
import { buildBaselineApps } from '../support/baseline-apps.js';
import { getJson, logIn, postJson } from '../support/http.js';
import { infoRow, kb, ms, ratioRow, times, type Row } from '../support/report.js';
import { recordScripts, ROWS_PAINTED_MARK, sum, timeToRows } from '../support/scripts.js';
import { serveBaselines } from '../support/static-server.js';
import { median } from '../support/stats.js';

const PAINT_RUNS = 7;

/** Figures 5 and 6: the JavaScript a first visit loads, and a 100-row list painted, in Chromium. */
export async function browserFigures(only: Set<string>, log: (line: string) => void): Promise<Row[]> {
  execFileSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
  const appsDir = join(ROOT, '.bench', `apps-${process.pid}`);
  const baselineDist = await buildBaselineApps(appsDir);
  log('client and baseline pages built');
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  let baselines: Awaited<ReturnType<typeof serveBaselines>> | undefined;
  try {
    // The figures measure the production build made above, not the browser tests' own build.
    product = await startProduct({ WEB_DIR: join(ROOT, 'dist/web') });
    const token = await logIn(product.url, product.adminEmail, product.adminPassword);
    const auth = { authorization: `Bearer ${token}` };
    for (let i = 1; i <= 120; i++) {
      const created = await postJson(`${product.url}/api/estados_civis`, { denomination: `Estado civil de medida ${String(i).padStart(3, '0')}` }, auth);
      if (created.status !== 201) throw new Error(`creating a civil status answered ${created.status}`);
    }
    const page100 = await getJson(`${product.url}/api/estados_civis?per_page=100&sort=denomination&order=asc`, auth);
    baselines = await serveBaselines(baselineDist, page100.data);
    browser = await launchBrowser();
    const rows: Row[] = [];
    if (only.has('5')) rows.push(...(await javascriptLoaded(browser, product, baselines.base)));
    if (only.has('6')) rows.push(...(await listPaint(browser, product, baselines.base)));
    return rows;
  } finally {
    await browser?.close();
    await baselines?.close();
    await product?.stop();
    rmSync(appsDir, { recursive: true, force: true });
  }
}

async function javascriptLoaded(browser: Browser, product: RunningProduct, baselineBase: string): Promise<Row[]> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  const ours = recordScripts(page);
  ours.phase.current = 'login';
  await page.goto(`${product.url}/login`, { waitUntil: 'networkidle' });
  ours.phase.current = 'shell';
  await logInPage(page, product);
  await page.waitForURL(`${product.url}/`);
  const menuLink = page.getByRole('menuitem', { name: 'Estados civis' }).or(page.getByRole('link', { name: 'Estados civis' })).first();
  await menuLink.waitFor();
  await page.waitForLoadState('networkidle');
  ours.phase.current = 'list';
  await menuLink.click();
  await page.locator('tbody tr').first().waitFor();
  await page.waitForLoadState('networkidle');
  await ours.settled();
  await context.close();

  const baseContext = await browser.newContext();
  const basePage = await baseContext.newPage();
  const minimal = recordScripts(basePage);
  await basePage.goto(`${baselineBase}/ra-minimal.html#/x`);
  await basePage.locator('tbody tr').first().waitFor();
  await basePage.waitForLoadState('networkidle');
  await minimal.settled();
  await baseContext.close();

  const byPhase = (phase: string) => ours.scripts.filter((s) => s.phase === phase);
  const phases = ['login', 'shell', 'list'].map((p) => `${p} ${kb(sum(byPhase(p)))} in ${byPhase(p).length} files`).join(', ');
  const rows: Row[] = [
    ratioRow('5', 'JS gzipped for login + shell + first list vs minimal eager react-admin app', sum(ours.scripts), sum(minimal.scripts), 0.7, kb,
      `ours: ${phases}; baseline: ${minimal.scripts.length} files (${kb(minimal.scripts.reduce((t, s) => t + s.bytes, 0))} raw)`),
  ];
  for (const script of [...byPhase('shell'), ...byPhase('list')]) {
    rows.push(infoRow('5', `lazy chunk loaded for the ${script.phase}: ${basename(new URL(script.url).pathname)}`, kb(script.gzipped)));
  }
  const loaded = new Set(ours.scripts.map((s) => basename(new URL(s.url).pathname)));
  const assets = join(ROOT, 'dist/web/assets');
  const others = readdirSync(assets).filter((f) => f.endsWith('.js') && !loaded.has(f)).map((f) => gzipSync(readFileSync(join(assets, f)), { level: 9 }).length).sort((a, b) => a - b);
  if (others.length) {
    rows.push(infoRow('5', `the other ${others.length} lazy chunks (modules, pages) not loaded in this visit`, `max ${kb(others.at(-1)!)}`, '—', '—',
      `median ${kb(others[Math.floor(others.length / 2)])}, total ${kb(others.reduce((t, n) => t + n, 0))}`));
  }
  return rows;
}

async function listPaint(browser: Browser, product: RunningProduct, baselineBase: string): Promise<Row[]> {
  const ourContext = await browser.newContext({ locale: 'pt-BR' });
  const ourPage = await ourContext.newPage();
  await logInPage(ourPage, product);
  await ourPage.waitForURL(`${product.url}/`);
  await ourContext.addInitScript(ROWS_PAINTED_MARK);
  const baseContext = await browser.newContext({ locale: 'pt-BR' });
  await baseContext.addInitScript(ROWS_PAINTED_MARK);
  const basePage = await baseContext.newPage();
  const urls = {
    ours: `${product.url}/estados_civis?filter=%7B%7D&order=ASC&page=1&perPage=100&sort=denomination`,
    mui: `${baselineBase}/mui-table.html`,
    dataTable: `${baselineBase}/ra-datatable.html#/estados_civis`,
  };
  const samples = { ours: [] as number[], mui: [] as number[], dataTable: [] as number[] };
  for (let run = 0; run <= PAINT_RUNS; run++) {
    const ours = await timeToRows(ourPage, urls.ours);
    const mui = await timeToRows(basePage, urls.mui);
    const dataTable = await timeToRows(basePage, urls.dataTable);
    if (run === 0) continue;
    samples.ours.push(ours);
    samples.mui.push(mui);
    samples.dataTable.push(dataTable);
  }
  await ourContext.close();
  await baseContext.close();
  const ourMedian = median(samples.ours);
  const muiMedian = median(samples.mui);
  const dataTableMedian = median(samples.dataTable);
  return [
    ratioRow('6', '100-row list painted: our list page vs plain MUI Table, median', ourMedian, muiMedian, 2, ms,
      `navigation start → frame after the 100th row; ${PAINT_RUNS} runs after a warm-up; react-admin DataTable on the same rows: ${ms(dataTableMedian)} (${times(dataTableMedian / muiMedian)})`),
    infoRow('6', '100-row list painted: react-admin DataTable vs plain MUI Table (reference)', ms(dataTableMedian), ms(muiMedian), times(dataTableMedian / muiMedian)),
  ];
}
