import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { root } from './build-client';

/** What the product needs to generate, build and run (vite.config.ts names the tests' sequencer); tests and docs stay behind. */
const PROJECT_PARTS = ['generated', 'generator', 'language', 'schemas', 'scripts', 'src', 'package.json', 'tsconfig.json', 'vite.config.ts', 'tests/support/sequencer.ts'];

/** A copy of the product with more schema files: generated, its client built, ready for `startProduct({ root })`. */
export interface FixtureProject {
  root: string;
  webDir: string;
  remove(): void;
}

/**
 * The product plus the given schema files (`{ 'tabelas/x.schema.json': {...} }`), generated and built
 * as a council's developers would after adding them: what the generator makes of a schema is then
 * tried in a browser, with the product's real kit, server and database.
 */
export function fixtureProject(schemas: Record<string, unknown>): FixtureProject {
  const copy = mkdtempSync(join(tmpdir(), 'conselho-fixture-'));
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
  const tsx = join(root, 'node_modules/.bin/tsx');
  execFileSync(tsx, ['generator/cli.ts'], { cwd: copy, stdio: 'pipe' });
  const webDir = join(copy, 'dist/web');
  execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error', '--outDir', webDir], {
    cwd: copy,
    stdio: 'pipe',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return { root: copy, webDir, remove: () => rmSync(copy, { recursive: true, force: true }) };
}
