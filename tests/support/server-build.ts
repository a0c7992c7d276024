/**
 * The server as tests start it: compiled, as `npm start` runs it, by the global setups (only what
 * changed), and run by Node itself. One process, so a signal reaches the server: behind tsx's
 * command-line wrapper, a SIGTERM the server had not acknowledged within 30 ms (a busy machine)
 * became a SIGKILL and an exit code of 143.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { copyFolder } from './copy-folder.js';
import { migrationsDigest } from './templates.js';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');

/** The compiled server `npm start` runs (scripts/build.mjs). */
export const COMPILED_MAIN = 'dist/server/src/server/main.js';

/** Compiles the server when its sources changed since its last build. */
export async function buildServer(): Promise<void> {
  const { buildStale } = (await import(pathToFileURL(join(PROJECT_ROOT, 'scripts/build.mjs')).href)) as {
    buildStale(options: { parts: string[]; log(line: string): void }): Promise<string[]>;
  };
  await buildStale({ parts: ['server'], log: () => undefined });
}

/** Node's arguments to run the server of the project at `root`: compiled when it is (scripts/build.mjs), else through tsx's loader. */
export function serverArguments(root = PROJECT_ROOT): string[] {
  return existsSync(join(root, COMPILED_MAIN)) ? [COMPILED_MAIN] : ['--import', 'tsx', 'src/server/main.ts'];
}

/**
 * A data folder as the product leaves it after its first start (databases made, migrated, seeded,
 * the administrator `admin@conselho.test` created), built once by the global setups
 * (tests/e2e/support/build-product-template.ts): a product started on a copy skips the seconds of
 * that first start. The product migrates and seeds at every start, so a copy of an older edition
 * is brought up to date, never used as it is.
 */
export const PRODUCT_TEMPLATE = join(tmpdir(), `conselho-product-template-${migrationsDigest()}`);

/** A new data folder for a product process: a copy of `PRODUCT_TEMPLATE` when there is one, else empty. */
export function productDataDir(prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  if (existsSync(PRODUCT_TEMPLATE)) copyFolder(PRODUCT_TEMPLATE, dataDir);
  return dataDir;
}
