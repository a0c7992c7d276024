import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { root, TEST_WEB_DIR } from './build-client';
import { copyFolder } from '../../support/copy-folder';
import { PRODUCT_TEMPLATE, serverArguments } from '../../support/server-build';

export interface RunningProduct {
  url: string;
  adminEmail: string;
  adminPassword: string;
  /** The data folder (the mail outbox is its `outbox/`). */
  dataDir: string;
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
}

/**
 * Starts the product as `npm start` would (minus the build), on a fresh data folder and a free port.
 * `startSeconds`: how long it may take to say where it listens; a first start (no template to copy)
 * creates and seeds every database, minutes on a busy machine.
 */
export async function startProduct(env: Record<string, string> = {}, place: ProductPlace = { root, webDir: TEST_WEB_DIR }, startSeconds = 90): Promise<RunningProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), 'conselho-e2e-'));
  if (place.root === root && Object.keys(env).every((key) => RUNTIME_ONLY.has(key)) && existsSync(PRODUCT_TEMPLATE)) {
    copyFolder(PRODUCT_TEMPLATE, dataDir);
  }
  const adminEmail = 'admin@conselho.test';
  const adminPassword = 'senha-forte-2026';
  // Node itself: one process, so stopping it leaves nothing running (through npx, the server
  // outlived the wrapper that was told to stop). This project's server runs compiled, as `npm start`
  // runs it (the global setup compiled what changed); a copy with more schemas, with tsx's loader.
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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Logs in through the login page as a person would. */
export async function logIn(page: Page, product: RunningProduct): Promise<void> {
  await page.goto(`${product.url}/login`);
  await page.getByLabel(/e-mail/i).fill(product.adminEmail);
  await page.getByLabel(/senha/i).fill(product.adminPassword);
  await page.getByRole('button', { name: /entrar/i }).click();
}

/** Keeps what the page showed when a step fails, under test-results/, for whoever reads the failure. */
export function screenshotOnFailure(getPage: () => Page | undefined, context: { task: { name: string }; onTestFailed(fn: () => Promise<void>): void }): void {
  context.onTestFailed(async () => {
    const file = join(root, 'test-results', `${context.task.name.replace(/[^a-z0-9]+/gi, '-')}.png`);
    await getPage()?.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  });
}
