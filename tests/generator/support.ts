import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { emitAll } from '../../generator/emit/index.js';
import { loadModel } from '../../language/index.js';
import { planOutputs } from '../../generator/plan.js';
import { runGenerator as run } from '../../generator/run.js';

export const projectRoot = resolve(import.meta.dirname, '../..');
export const fixturesDir = join(import.meta.dirname, 'fixtures');
export const GOOD_FIXTURES = ['lookup', 'reference', 'enum', 'sublist', 'many-to-many', 'browse', 'rules', 'exact-combos', 'file', 'structure', 'choices', 'postal-code'] as const;

export function fixtureRoot(name: string): string {
  return join(fixturesDir, name);
}

/** Every generated file but the migrations, as the emitters produce them for one fixture. */
export async function emitFixture(name: string): Promise<Map<string, string>> {
  return emitAll(planOutputs(loadModel(fixtureRoot(name))));
}

const scratchDirs: string[] = [];

/** A scratch folder under the system temp folder, removed by `removeScratchDirs`. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `generator-${prefix.replace(/\W/g, '-')}-`));
  scratchDirs.push(dir);
  return dir;
}

export function removeScratchDirs(): void {
  for (const dir of scratchDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A scratch copy of a fixture project, to run the CLI against. */
export function copyFixture(name: string): string {
  const dir = scratchDir(name);
  cpSync(fixtureRoot(name), dir, { recursive: true });
  return dir;
}

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The generator run in this process against another project root, as `npm run generate` runs it
 * (the same arguments, exit code and lines): ts-morph loaded once, not by a process per run.
 */
export async function runGenerator(root: string, ...args: string[]): Promise<CliRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const status = await run([...args, '--root', root], { log: (line) => stdout.push(line), error: (line) => stderr.push(line) });
  const text = (lines: string[]) => lines.map((line) => `${line}\n`).join('');
  return { status, stdout: text(stdout), stderr: text(stderr) };
}

/** Runs `generator/cli.ts` as `npm run generate` does, a process of its own, against another project root. */
export function runCli(root: string, ...args: string[]): CliRun {
  const result = spawnSync(join(projectRoot, 'node_modules/.bin/tsx'), [join(projectRoot, 'generator/cli.ts'), '--root', root, ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Every file under a folder with its content, keyed by relative path. */
export function readTree(dir: string): Map<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  return new Map(files.sort().map((file) => [relative(dir, file), readFileSync(file, 'utf8')]));
}
