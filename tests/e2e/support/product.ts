import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { root, TEST_WEB_DIR } from './build-client';
import { spaceProxy } from './space-proxy';
import { copyFolder } from '../../support/copy-folder';
import { PRODUCT_TEMPLATE, serverArguments } from '../../support/server-build';
import type { SpaceDatabase } from '../../../generated/database';
import { seedDemo } from '../../../src/server/core/seed/demo';

export interface RunningProduct {
  url: string;
  adminEmail: string;
  adminPassword: string;
  /** The data folder (the mail outbox is its `outbox/`): the shared product's when the file works in a space of it. */
  dataDir: string;
  /** The space the file works in, on the browser run's shared product (shared-product.ts); absent on a product of its own. */
  tenant?: string;
  /** Stops the server and deletes its data folder (`keepData`: leaves it, to serve as a template). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export { PRODUCT_TEMPLATE };

/** Variables that change how the product runs, not what its first start writes: a product given only these may start on the template. */
const RUNTIME_ONLY = new Set([
  'SEED_DEMO', 'OUTBOUND_ALLOWED_HOSTS', 'MONITOR_ALLOWED_HOSTS', 'MONITOR_INTERVAL_MS', 'WEB_DIR',
  'POSTAL_CODE_VIACEP_URL', 'POSTAL_CODE_BRASILAPI_URL', 'POSTAL_CODE_TIMEOUT_MS', 'DEADLINE_REMINDER_INTERVAL_MS', 'SMTP_URL',
]);

/** Where the product to start lives: this project (default) or a copy of it with more schemas (fixture-project.ts). */
export interface ProductPlace {
  root: string;
  webDir: string;
  /** The data folder of a first start to begin from (this project's: `PRODUCT_TEMPLATE`). */
  template?: string;
}

/** The browser run's one product (tests/e2e/support/shared-product.ts), as its global setup provides it. */
export interface SharedProduct {
  url: string;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  /** The system every space of the run names (a PostgreSQL space needs one; its name is the page title's). */
  systemId: number;
  /** The prefix of this run's spaces and their databases, dropped with the product. */
  spacePrefix: string;
  /** How the product reaches the tests' PostgreSQL server. */
  postgres: { host: string; port: string; user: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    sharedProduct: SharedProduct | null;
    browserEndpoint: string | null;
  }
}

/** What the global setup provided, or null outside a Vitest run of the browser project (the screens and bench scripts). */
function provided<K extends 'sharedProduct' | 'browserEndpoint'>(key: K) {
  try {
    return inject(key) ?? null;
  } catch {
    return null;
  }
}

export interface StartOptions {
  /**
   * A product process of the file's own even with no variable to set: for a file about the main
   * space (the platform's modules), the process's output or its data folder as a whole (the outbox).
   */
  own?: boolean;
}

/**
 * The product for a browser test file. On the browser run's shared product when the file sets no
 * variable and runs this project: a new space of its own (its database, its administrator
 * `adminEmail`/`adminPassword`), reached through an address that names the space on every request
 * (space-proxy.ts), so the file's pages and calls work as in the main space of a product of its own.
 * Otherwise (variables to set, a copy of the project, `own`) a process of its own, as `npm start`
 * runs it: startOwnProduct.
 */
export async function startProduct(
  env: Record<string, string> = {},
  place: ProductPlace = { root, webDir: TEST_WEB_DIR },
  startSeconds = 90,
  options: StartOptions = {},
): Promise<RunningProduct> {
  const shared = provided('sharedProduct');
  // The demo records (SEED_DEMO) are a space's rows, written into a space of the shared product as its own start would.
  const demo = Object.keys(env).length === 1 && (env.SEED_DEMO === '1' || env.SEED_DEMO === 'true');
  if (shared && !options.own && place.root === root && (Object.keys(env).length === 0 || demo)) return openSpace(shared, { demo });
  return startOwnProduct(env, place, startSeconds);
}

/** Writes the demo records into a space's PostgreSQL database, in one transaction, as a start with SEED_DEMO does. */
async function seedDemoSpace(shared: SharedProduct, database: string): Promise<void> {
  const pool = new pg.Pool({ host: shared.postgres.host, port: Number(shared.postgres.port), user: shared.postgres.user, database, max: 1 });
  const db = new Kysely<SpaceDatabase>({ dialect: new PostgresDialect({ pool }) });
  try {
    await db.transaction().execute((trx) => seedDemo(trx));
  } finally {
    await db.destroy();
  }
}

/** The password every test space's administrator is given, as the shared product's own administrator has. */
const ADMIN_PASSWORD = 'senha-forte-2026';

/** A new PostgreSQL space on the shared product, its administrator's one-time password replaced, and its proxy. */
async function openSpace(shared: SharedProduct, options: { demo?: boolean } = {}): Promise<RunningProduct> {
  const tenant = `${shared.spacePrefix}${randomBytes(5).toString('hex')}`;
  const call = async (method: string, path: string, body: unknown, headers: Record<string, string>) => {
    const response = await fetch(`${shared.url}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const answer = (await response.json()) as any;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const operator = (await call('POST', '/api/auth', { email: shared.adminEmail, password: shared.adminPassword }, {})).data.token;
  const adminEmail = `admin@${tenant.replaceAll('_', '-')}.test`;
  const created = await call('POST', '/api/clientes', {
    name: `Conselho ${tenant}`, initials: 'TST', email: adminEmail, active: true,
    tenant_configs: [{
      tenant_name: tenant, db_type: 'pgsql', db_name: tenant, db_ip: shared.postgres.host, db_port: shared.postgres.port,
      db_user: shared.postgres.user, system_id: shared.systemId, active: true, monitor_active: false,
    }],
  }, { authorization: `Bearer ${operator}` });
  const first = created.data.tenant_configs[0].initial_admin as { email: string; password: string };
  const oneTime = (await call('POST', '/api/auth', { email: first.email, password: first.password }, { tenant })).data.token;
  const asAdmin = { authorization: `Bearer ${oneTime}`, tenant };
  const profile = (await (await fetch(`${shared.url}/api/perfil`, { headers: asAdmin })).json()) as any;
  await call('PUT', '/api/perfil', { name: profile.data.name, email: first.email, password: ADMIN_PASSWORD, password_confirmation: ADMIN_PASSWORD }, asAdmin);
  if (options.demo) await seedDemoSpace(shared, tenant);
  const proxy = await spaceProxy(shared.url, tenant);
  return {
    url: proxy.url,
    adminEmail: first.email,
    adminPassword: ADMIN_PASSWORD,
    dataDir: shared.dataDir,
    tenant,
    stop: () => proxy.close(),
  };
}

/**
 * Starts the product as `npm start` would (minus the build), on a fresh data folder and a free port.
 * `startSeconds`: how long it may take to say where it listens; a first start (no template to copy)
 * creates and seeds every database, minutes on a busy machine.
 */
export async function startOwnProduct(env: Record<string, string> = {}, place: ProductPlace = { root, webDir: TEST_WEB_DIR }, startSeconds = 90): Promise<RunningProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), 'conselho-e2e-'));
  const template = place.template ?? (place.root === root ? PRODUCT_TEMPLATE : undefined);
  if (template && Object.keys(env).every((key) => RUNTIME_ONLY.has(key)) && existsSync(template)) copyFolder(template, dataDir);
  const adminEmail = 'admin@conselho.test';
  const adminPassword = 'senha-forte-2026';
  // Node itself: one process, so stopping it leaves nothing running (through npx, the server
  // outlived the wrapper that was told to stop). The server runs compiled, as `npm start` runs it
  // (the global setup compiled what changed; a fixture project is compiled when it is made).
  const child: ChildProcess = spawn(process.execPath, serverArguments(place.root), {
    cwd: place.root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword, WEB_DIR: place.webDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in ${startSeconds} s:\n${output}`)), startSeconds * 1000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/https?:\/\/[^\s]+:\d+/);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[0].replace(/\/$/, ''));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    adminEmail,
    adminPassword,
    dataDir,
    async stop(options = {}) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's headless build of Chromium (package chromium-headless-shell): the same engine as the
 * `chromium` package without the desktop browser around it, about a fifth less processor time for
 * a browser file. Chromium itself where only it is installed.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** The desktop Chromium (package chromium), with its PDF viewer. */
const DESKTOP_CHROMIUM = '/usr/bin/chromium';

/** How the tests launch Chromium (Debian's, headless; `CHROMIUM_PATH` names another). */
export const CHROMIUM_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : DESKTOP_CHROMIUM),
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export interface BrowserOptions extends StartOptions {
  /**
   * A page that shows a PDF as a person's browser does: the headless shell has no PDF viewer and
   * saves an opened PDF as a download, so the file gets a desktop Chromium of its own.
   */
  pdfViewer?: boolean;
}

/**
 * A Chromium for the file: a connection to the browser run's one Chromium (each page the file opens
 * is a context of its own; closing the connection closes them), or one launched for it outside a run.
 */
export async function launchBrowser(options: BrowserOptions = {}): Promise<Browser> {
  if (options.pdfViewer) return chromium.launch({ ...CHROMIUM_OPTIONS, executablePath: process.env.CHROMIUM_PATH ?? DESKTOP_CHROMIUM });
  const endpoint = provided('browserEndpoint');
  return endpoint && !options.own ? chromium.connect(endpoint) : chromium.launch(CHROMIUM_OPTIONS);
}

/** The bytes of a download, read through Playwright (its `path()` exists only where the browser was launched, not on the run's shared one). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Logs in through the login page as a person would. */
export async function logIn(page: Page, product: RunningProduct): Promise<void> {
  await page.goto(`${product.url}/login`);
  await page.getByLabel(/e-mail/i).fill(product.adminEmail);
  await page.getByLabel(/senha/i).fill(product.adminPassword);
  await page.getByRole('button', { name: /entrar/i }).click();
}

/** What a page met that its screen may not show: its writes and their answers, refused reads, failed requests, errors, the addresses it went through. */
const pageEvents = new WeakMap<Page, string[]>();

function recordEvents(page: Page): string[] {
  let events = pageEvents.get(page);
  if (events) return events;
  const kept: string[] = [];
  const note = (line: string) => {
    kept.push(`${new Date().toISOString()} ${line}`);
    if (kept.length > 200) kept.shift();
  };
  // Writes whatever their answer (a save whose answer never came, or came and led nowhere), refusals of reads.
  page.on('request', (request) => {
    if (request.method() !== 'GET') note(`sent ${request.method()} ${request.url()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 || response.request().method() !== 'GET') note(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`at ${frame.url()}`);
  });
  page.on('requestfailed', (request) => note(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') note(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  events = kept;
  pageEvents.set(page, events);
  return events;
}

/** The page's fields marked invalid, each with its label and message, in every tab of a form (hidden ones too). */
function formErrors(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[aria-invalid="true"]')].map((input) => {
      const control = input.closest('.MuiFormControl-root, .MuiTextField-root') ?? input.parentElement;
      const label = control?.querySelector('label')?.textContent ?? input.getAttribute('name') ?? '';
      const message = control?.querySelector('.Mui-error.MuiFormHelperText-root')?.textContent ?? '';
      return `${label.trim()}: ${message.trim()}`;
    }),
  );
}

/**
 * Keeps what the page showed when a step fails, under test-results/, for whoever reads the failure:
 * a screenshot, and beside it (`.log`) the refused answers, failed requests and errors the page met
 * since the file's first test, which a screenshot taken seconds later no longer shows, and the fields
 * the form marks invalid, in its hidden tabs too.
 */
export function screenshotOnFailure(getPage: () => Page | undefined, context: { task: { name: string }; onTestFailed(fn: () => Promise<void>): void }): void {
  const page = getPage();
  if (page) recordEvents(page);
  context.onTestFailed(async () => {
    const file = join(root, 'test-results', context.task.name.replace(/[^a-z0-9]+/gi, '-'));
    const failed = getPage();
    await failed?.screenshot({ path: `${file}.png`, fullPage: true }).catch(() => undefined);
    if (failed) {
      mkdirSync(join(root, 'test-results'), { recursive: true });
      const invalid = await formErrors(failed).catch(() => []);
      const lines = [failed.url(), ...(pageEvents.get(failed) ?? []), ...invalid.map((error) => `invalid field: ${error}`)];
      writeFileSync(`${file}.log`, `${lines.join('\n')}\n`);
    }
  });
}
