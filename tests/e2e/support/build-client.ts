import { cpSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const root = resolve(import.meta.dirname, '../../..');

/** Where the browser tests' own copy of the client goes, so a concurrent `npm run build` cannot disturb them. */
export const TEST_WEB_DIR = resolve(root, '.test-data/web');

/**
 * Vitest global setup of the browser tests: the client the test servers serve, as `npm start` serves
 * it (production React). Built into dist/web only when its sources changed since the last build
 * (`npm install` built it), then copied, so the run serves one edition whatever builds meanwhile.
 */
export default async function buildClient(): Promise<void> {
  const { buildStale } = (await import(pathToFileURL(join(root, 'scripts/build.mjs')).href)) as {
    buildStale(options: { parts: string[]; log(line: string): void }): Promise<string[]>;
  };
  await buildStale({ parts: ['web'], log: () => undefined });
  rmSync(TEST_WEB_DIR, { recursive: true, force: true });
  cpSync(join(root, 'dist/web'), TEST_WEB_DIR, { recursive: true });
}
