import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './build-client';
import { fixtureSchemas } from './fixture-schemas';
import { startOwnProduct, type ProductPlace } from './product';
import { sweepOtherEditions } from '../../support/templates';

/** What the product needs to generate, build and run (vite.config.ts names the tests' sequencer); tests and docs stay behind. */
const PROJECT_PARTS = ['generated', 'generator', 'language', 'schemas', 'scripts', 'src', 'package.json', 'tsconfig.json', 'vite.config.ts', 'tests/support/sequencer.ts'];

/** The copy's data folder after its first start, which each product on the copy starts from. */
const TEMPLATE = '.product-template';

const PREFIX = 'conselho-fixture-';

/**
 * The product plus every fixture schema of the browser tests (fixture-schemas.ts), generated and
 * built as a council's developers would after adding them (client and compiled server), with the
 * data folder of its first start: what the generator makes of a schema is then tried in a browser,
 * with the product's real kit, server and database. Made once per edition of the project's sources
 * and the fixtures, in the system's temporary folder, and shared by the files that use it; a copy
 * of another edition is removed a day after its last use.
 */
export async function fixtureProject(): Promise<ProductPlace> {
  const schemas = fixtureSchemas();
  const final = join(tmpdir(), `${PREFIX}${await editionOf(schemas)}`);
  sweepOtherEditions(PREFIX, final);
  if (!existsSync(final)) await buildOnce(final, schemas);
  return { root: final, webDir: join(final, 'dist/web'), template: join(final, TEMPLATE) };
}

/** A build left unfinished this long (its process killed) no longer holds the others back. */
const STALE_BUILD_MS = 10 * 60_000;

/**
 * One build of the edition however many files ask at once (browser files run side by side): the
 * first to make the lock folder builds, the others wait for the copy to appear.
 */
async function buildOnce(final: string, schemas: Record<string, unknown>): Promise<void> {
  const lock = `${final}.building`;
  for (;;) {
    if (existsSync(final)) return;
    try {
      mkdirSync(lock);
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_BUILD_MS) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      if (!existsSync(final)) await build(final, schemas);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** A digest of the fixtures and of the project's sources, as scripts/build.mjs stamps a build. */
async function editionOf(schemas: Record<string, unknown>): Promise<string> {
  const { sourcesDigest } = (await import(pathToFileURL(join(root, 'scripts/build.mjs')).href)) as { sourcesDigest(paths: string[], root: string): string };
  return createHash('sha256').update(JSON.stringify(schemas)).update(sourcesDigest(PROJECT_PARTS, root)).digest('hex').slice(0, 12);
}

async function build(final: string, schemas: Record<string, unknown>): Promise<void> {
  const copy = mkdtempSync(join(tmpdir(), 'conselho-building-fixture-'));
  try {
    for (const part of PROJECT_PARTS) {
      mkdirSync(dirname(join(copy, part)), { recursive: true });
      cpSync(join(root, part), join(copy, part), { recursive: true });
    }
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
    for (const [path, schema] of Object.entries(schemas)) {
      const file = join(copy, 'schemas', path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
    }
    execFileSync(join(root, 'node_modules/.bin/tsx'), ['generator/cli.ts'], { cwd: copy, stdio: 'pipe' });
    // The client and the compiled server, as `npm start` builds them.
    execFileSync(process.execPath, ['scripts/build.mjs', '--force'], { cwd: copy, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });
    const first = await startOwnProduct({}, { root: copy, webDir: join(copy, 'dist/web') }, 300);
    await first.stop({ keepData: true });
    renameSync(first.dataDir, join(copy, TEMPLATE));
    // Whole or not at all; a run that built the same edition meanwhile keeps its own.
    try {
      renameSync(copy, final);
    } catch (error) {
      if (!existsSync(final)) throw error;
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
