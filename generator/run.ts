import { resolve } from 'node:path';
import { emitAll } from './emit/index.js';
import { emitMigrations, MIGRATION_DIRS } from './emit/migrations.js';
import { loadModel, SchemaError, type Model } from '../language/index.js';
import { planOutputs } from './plan.js';
import { compareOutputs, readSnapshot, writeOutputs, type Drift } from './write.js';

/** Where the generator's lines go: the console for the command line, a test's own lists in-process. */
export interface GeneratorOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * `npm run generate` writes generated/; `npm run generate:check` writes nothing and exits 1 on drift.
 * Answers the exit code: 0 up to date or written, 1 drift or failure, 2 a schema that cannot be used.
 */
export async function runGenerator(argv: string[], out: GeneratorOutput = console): Promise<number> {
  try {
    return await generate(argv, out);
  } catch (error) {
    out.error(`Generator failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

async function generate(argv: string[], out: GeneratorOutput): Promise<number> {
  const check = argv.includes('--check');
  const rootIndex = argv.indexOf('--root');
  const root = resolve(rootIndex >= 0 ? argv[rootIndex + 1] : process.cwd());

  let model: Model;
  try {
    model = loadModel(root);
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    out.error(`Schema error: ${error.message}`);
    return 2;
  }
  const outputs = await emitAll(planOutputs(model));
  const migrationError = addMigrations(root, model, outputs);

  if (check) {
    const drift = compareOutputs(root, outputs);
    const count = report(out, drift, { missing: 'missing', stale: 'stale', extra: 'extra' });
    if (migrationError) out.error(`Migrations could not be generated: ${migrationError}`);
    if (count > 0) out.error(`generated/ is out of date (${count} file(s)); run npm run generate.`);
    else if (!migrationError) out.log('generated/ is up to date.');
    return count > 0 || migrationError ? 1 : 0;
  }
  const drift = writeOutputs(root, outputs);
  const count = report(out, drift, { missing: 'added', stale: 'updated', extra: 'removed' });
  out.log(count === 0 ? 'generated/ was already up to date.' : `generated/: ${count} file(s) changed.`);
  if (migrationError) {
    out.error(`Migrations could not be generated (the other files were written): ${migrationError}`);
    return 1;
  }
  return 0;
}

/**
 * Adds the new migration files and the snapshot of each database (space, platform) to the outputs;
 * returns the emitter's error, if any.
 */
function addMigrations(root: string, model: Model, outputs: Map<string, string>): string | null {
  try {
    const now = new Date();
    for (const database of ['space', 'platform'] as const) {
      const snapshotPath = `${MIGRATION_DIRS[database]}/snapshot.json`;
      const { files, snapshot } = emitMigrations(model, readSnapshot(root, snapshotPath), now, database);
      for (const [path, content] of files) outputs.set(path, content);
      outputs.set(snapshotPath, `${JSON.stringify(snapshot, null, 2)}\n`);
    }
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

function report(out: GeneratorOutput, drift: Drift, words: Record<keyof Drift, string>): number {
  const lines = (Object.keys(words) as (keyof Drift)[]).flatMap((key) => drift[key].map((path) => `  ${words[key]}: ${path}`));
  for (const line of lines) out.log(line);
  return lines.length;
}
