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

/** tsconfig.json's path aliases (`@kit/*` → `./src/web/kit/*`), which Vite and Vitest read too. */
const aliases = Object.entries(JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')).compilerOptions.paths as Record<string, string[]>);

/** An aliased specifier as a project-relative path (`@kit/list` → `src/web/kit/list`); null when no alias matches. */
function unalias(specifier: string): string | null {
  for (const [name, [target]] of aliases) {
    const folder = name.endsWith('/*');
    if (folder ? specifier.startsWith(name.slice(0, -1)) : specifier === name) {
      return relative(root, resolve(root, folder ? target.slice(0, -1) + specifier.slice(name.length - 1) : target));
    }
  }
  return null;
}

/** Whether a bare specifier names an installed package (`react`, `@mui/material/Box`). */
const isPackage = (specifier: string) => {
  const [first, second] = specifier.split('/');
  try {
    statSync(join(root, 'node_modules', first.startsWith('@') ? `${first}/${second}` : first));
    return true;
  } catch {
    return specifier.startsWith('node:');
  }
};

/**
 * Project-relative targets of every local import in a file, relative or through a path alias (npm
 * packages are left out). A specifier that is neither fails the test: the checks must see every import.
 */
function localImports(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]);
  return specifiers.flatMap((s) => {
    if (s.startsWith('.')) return [relative(root, resolve(root, dirname(file), s))];
    const aliased = unalias(s);
    if (aliased !== null) return [aliased];
    if (isPackage(s)) return [];
    throw new Error(`${file}: '${s}' is neither a relative path, an alias of tsconfig.json nor an installed package.`);
  });
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
  it('resolves path aliases, so aliased imports are checked as relative ones are', () => {
    expect(unalias('@kit')).toBe('src/web/kit/index.ts');
    expect(unalias('@kit/list')).toBe('src/web/kit/list');
    expect(unalias('@generated/web/registry')).toBe('generated/web/registry');
    expect(localImports('generated/web/estados_civis/List.tsx')).toContain('src/web/kit/list');
    expect(violations('src/web/screens', inside('src/web/kit'))).toContain('src/web/screens/monitores/Edit.tsx → generated/web/monitores/Edit');
  });

  it('generated screens import only the widget kit and each other', () => {
    expect(violations('generated/web', inside('generated/web', 'src/web/kit'))).toEqual([]);
  });

  it('the widget kit imports nothing of the application', () => {
    expect(violations('src/web/kit', inside('src/web/kit', 'src/shared', 'generator/language/model', 'generator/language/icons'))).toEqual([]);
  });

  it('the web client never imports the server or the generator', () => {
    expect(violations('src/web', inside('src/web', 'src/shared', 'generated/web', 'generated/types', 'generator/language/model', 'generator/language/icons'))).toEqual([]);
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
