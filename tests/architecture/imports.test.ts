import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  const full = join(root, dir);
  try {
    statSync(full);
  } catch {
    return [];
  }
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => join(dir, f));
}

/** Project-relative targets of every relative import in a file (npm packages are left out). */
function localImports(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.[^'"]+)['"]/g)].map((m) => m[1]);
  return specifiers.map((s) => relative(root, resolve(root, dirname(file), s)));
}

function violations(dir: string, allowed: (target: string) => boolean): string[] {
  return sourceFiles(dir).flatMap((file) =>
    localImports(file)
      .filter((target) => !allowed(target))
      .map((target) => `${file} → ${target}`),
  );
}

const inside = (...prefixes: string[]) => (target: string) => prefixes.some((p) => target === p || target.startsWith(`${p}/`));

/** The folders of src/server: a feature has a `feature.ts` (src/server/features.ts lists them); the rest is the core they plug into. */
const serverFolders = readdirSync(join(root, 'src/server'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => `src/server/${entry.name}`);
const FEATURES = serverFolders.filter((folder) => existsSync(join(root, folder, 'feature.ts')));
const CORE = serverFolders.filter((folder) => !FEATURES.includes(folder));

/** The files of src/server that sit on an import cycle, one list per cycle (Tarjan's strongly connected components). */
function importCycles(): string[][] {
  const files = sourceFiles('src/server');
  const known = new Set(files);
  const edges = new Map(files.map((file) => [file, localImports(file).map((t) => t.replace(/\.js$/, '.ts')).filter((t) => known.has(t))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of edges.get(file)!) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const cycle = stack.splice(stack.indexOf(file));
    if (cycle.length > 1) cycles.push(cycle.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

describe('import directions', () => {
  it('generated screens import only the widget kit and each other', () => {
    expect(violations('generated/web', inside('generated/web', 'src/web/kit'))).toEqual([]);
  });

  it('the widget kit imports nothing of the application', () => {
    expect(violations('src/web/kit', inside('src/web/kit', 'src/shared', 'generator/language/model'))).toEqual([]);
  });

  it('the web client never imports the server or the generator', () => {
    expect(violations('src/web', inside('src/web', 'src/shared', 'generated/web', 'generated/modules', 'generator/language/model'))).toEqual([]);
  });

  it('the server never imports the web client', () => {
    expect(violations('src/server', (t) => !inside('src/web', 'generated/web')(t))).toEqual([]);
  });

  it('generic resources never import a feature', () => {
    expect(FEATURES).toEqual(expect.arrayContaining(['src/server/auth', 'src/server/monitoring', 'src/server/platform', 'src/server/profile']));
    expect(CORE).toEqual(expect.arrayContaining(['src/server/resources', 'src/server/rest-dialect', 'src/server/http', 'src/server/db']));
    // Features plug into the core through `app.resources` (src/server/resources/registry.ts), never the other way.
    expect(CORE.flatMap((folder) => violations(folder, (t) => !inside(...FEATURES)(t)))).toEqual([]);
  });

  it('no import cycle runs through the generic core', () => {
    expect(importCycles().filter((cycle) => cycle.some(inside(...CORE)))).toEqual([]);
  });

  it('the generator never reads src/', () => {
    expect(violations('generator', (t) => !inside('src')(t))).toEqual([]);
  });

  it('shared code imports only shared code', () => {
    expect(violations('src/shared', inside('src/shared'))).toEqual([]);
  });
});
