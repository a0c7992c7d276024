import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, root, sourceFiles, unalias } from './support';

function violations(dir: string, allowed: (target: string) => boolean): string[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(file).local
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
  const edges = new Map(files.map((file) => [file, importsOf(file).local.map((t) => t.replace(/\.js$/, '.ts')).filter((t) => known.has(t))]));
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
  it('resolves path aliases, so aliased imports are checked as relative ones are', () => {
    expect(unalias('@kit')).toBe('src/web/kit/index.ts');
    expect(unalias('@kit/list')).toBe('src/web/kit/list');
    expect(unalias('@generated/web/registry')).toBe('generated/web/registry');
    expect(importsOf('generated/web/estados_civis/List.tsx').local).toContain('src/web/kit/list');
    expect(violations('src/web/screens', inside('src/web/kit'))).toContain('src/web/screens/monitores/Edit.tsx → generated/web/monitores/Edit');
  });

  it('generated screens import only the widget kit and each other', () => {
    expect(violations('generated/web', inside('generated/web', 'src/web/kit'))).toEqual([]);
  });

  it('the widget kit imports nothing of the application', () => {
    expect(violations('src/web/kit', inside('src/web/kit', 'src/shared', 'language/model', 'language/kinds', 'language/icons'))).toEqual([]);
  });

  it('the web client never imports the server or the generator', () => {
    expect(violations('src/web', inside('src/web', 'src/shared', 'generated/web', 'generated/modules', 'language/model', 'language/kinds', 'language/icons'))).toEqual([]);
  });

  it('the server never imports the web client', () => {
    expect(violations('src/server', (t) => !inside('src/web', 'generated/web')(t))).toEqual([]);
  });

  it('generic resources never import a feature', () => {
    expect(FEATURES).toEqual(expect.arrayContaining(['src/server/features/auth', 'src/server/features/monitoring', 'src/server/features/platform', 'src/server/features/profile']));
    expect(CORE).toEqual(expect.arrayContaining(['src/server/core/resources', 'src/server/core/rest-dialect', 'src/server/core/http', 'src/server/core/db']));
    // Features plug into the core through `app.resources` (src/server/core/resources/registry.ts), never the other way.
    expect(CORE.flatMap((folder) => violations(folder, (t) => !inside(...FEATURES)(t)))).toEqual([]);
  });

  it('no import cycle runs through the generic core', () => {
    expect(importCycles().filter((cycle) => cycle.some(inside(...CORE)))).toEqual([]);
  });

  it('the generator never reads src/', () => {
    expect(violations('generator', (t) => !inside('src')(t))).toEqual([]);
  });

  it('shared code imports only shared code and the kind facts', () => {
    expect(violations('src/shared', inside('src/shared', 'language/kinds.js'))).toEqual([]);
  });

  it('the schema language imports nothing of the product: the generator, the server and the client read it', () => {
    expect(violations('language', inside('language'))).toEqual([]);
    expect(violations('src/server', (t) => !inside('generator')(t))).toEqual([]);
  });
});
