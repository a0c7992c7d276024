import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');

/** Every .ts and .tsx file under a folder, project-relative. */
export function sourceFiles(dir: string): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => join(dir, f));
}

/** tsconfig.json's path aliases (`@kit/*` → `./src/web/kit/*`), which Vite and Vitest read too. */
const aliases = Object.entries(JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')).compilerOptions.paths as Record<string, string[]>);

/** An aliased specifier as a project-relative path (`@kit/list` → `src/web/kit/list`); null when no alias matches. */
export function unalias(specifier: string): string | null {
  for (const [name, [target]] of aliases) {
    const folder = name.endsWith('/*');
    if (folder ? specifier.startsWith(name.slice(0, -1)) : specifier === name) {
      return relative(root, resolve(root, folder ? target.slice(0, -1) + specifier.slice(name.length - 1) : target));
    }
  }
  return null;
}

/** Whether a bare specifier names an installed package (`react`, `@mui/material/Box`) or a Node module. */
function isPackage(specifier: string): boolean {
  if (specifier.startsWith('node:')) return true;
  const [first, second] = specifier.split('/');
  try {
    statSync(join(root, 'node_modules', first.startsWith('@') ? `${first}/${second}` : first));
    return true;
  } catch {
    return false;
  }
}

export interface Imports {
  /** Project-relative targets, relative or through a path alias. */
  local: string[];
  /** npm packages, as written. */
  packages: string[];
}

const STATIC = /^\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
const DYNAMIC = /import\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * What a file imports. `staticOnly` leaves out `import()` (a chunk loaded later) and imports of types
 * only (erased from the build). A specifier that is neither relative, aliased nor a package throws:
 * the checks must see every import.
 */
export function importsOf(file: string, { staticOnly = false } = {}): Imports {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers: string[] = [];
  for (const m of text.matchAll(STATIC)) {
    if (m[4]) specifiers.push(m[4]);
    else if (!staticOnly || !(m[1] || /^\{(\s*type\s+[^,}]+,?)+\s*\}$/.test(m[2].trim()))) specifiers.push(m[3]);
  }
  if (!staticOnly) for (const m of text.matchAll(DYNAMIC)) specifiers.push(m[1]);
  const found: Imports = { local: [], packages: [] };
  for (const s of specifiers) {
    if (s.startsWith('.')) found.local.push(relative(root, resolve(root, dirname(file), s)));
    else if (unalias(s) !== null) found.local.push(unalias(s)!);
    else if (isPackage(s)) found.packages.push(s);
    else throw new Error(`${file}: '${s}' is neither a relative path, an alias of tsconfig.json nor an installed package.`);
  }
  return found;
}

/** The file an import target names (`src/web/kit/list` → `src/web/kit/list/index.ts`); null for a stylesheet or JSON. */
export function moduleFile(target: string): string | null {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile()) return candidate;
  }
  return null;
}
