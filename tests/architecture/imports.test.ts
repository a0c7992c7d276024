import { readdirSync, readFileSync, statSync } from 'node:fs';
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

describe('import directions', () => {
  it('generated screens import only the widget kit and each other', () => {
    expect(violations('generated/web', inside('generated/web', 'src/web/kit'))).toEqual([]);
  });

  it('the widget kit imports nothing of the application', () => {
    expect(violations('src/web/kit', inside('src/web/kit', 'src/shared', 'generator/language/model'))).toEqual([]);
  });

  it('the web client never imports the server or the generator', () => {
    expect(violations('src/web', inside('src/web', 'src/shared', 'generated/web', 'generator/language/model'))).toEqual([]);
  });

  it('the server never imports the web client', () => {
    expect(violations('src/server', (t) => !inside('src/web', 'generated/web')(t))).toEqual([]);
  });

  it('the generator never reads src/', () => {
    expect(violations('generator', (t) => !inside('src')(t))).toEqual([]);
  });

  it('shared code imports only shared code', () => {
    expect(violations('src/shared', inside('src/shared'))).toEqual([]);
  });
});
