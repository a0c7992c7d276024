// Builds what `npm start` runs, each part only when its sources changed since its last build:
// the web client (Vite, into dist/web) and the server compiled to JavaScript (esbuild, file by file,
// into dist/server, keeping the source tree's layout so the server finds its migrations and the
// PGlite worker beside its code). Plain JavaScript, so it runs before anything is compiled.
//
//   node scripts/build.mjs           builds the stale parts (npm install runs it as `prepare`)
//   node scripts/build.mjs --force   builds both parts
//   node scripts/build.mjs server    builds one part (`web` or `server`) when stale
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(import.meta.dirname, '..');
const STAMP = '.build-stamp';
const SHARED_INPUTS = ['package.json', 'package-lock.json', 'scripts/build.mjs'];

/** The server's code: what it imports at run time, and the migration folders it reads. */
const SERVER_FOLDERS = ['src/server', 'src/shared', 'language', 'generated/modules.ts', 'generated/migrations', 'generated/platform-migrations'];

export const PARTS = {
  web: {
    out: 'dist/web',
    inputs: ['src/web', 'src/shared', 'generated', 'vite.config.ts', 'tsconfig.json', ...SHARED_INPUTS],
    build: buildWeb,
  },
  server: {
    out: 'dist/server',
    inputs: [...SERVER_FOLDERS, ...SHARED_INPUTS],
    build: buildServer,
  },
};

/** Every file under the given paths (files or folders) of `root`, relative to it, sorted. */
function filesOf(paths, root = ROOT) {
  const files = [];
  for (const path of paths) {
    const full = join(root, path);
    if (!existsSync(full)) continue;
    if (statSync(full).isFile()) files.push(path);
    else for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) files.push(relative(root, join(entry.parentPath ?? entry.path, entry.name)));
    }
  }
  return files.sort();
}

/**
 * A hash of the names, sizes and modification times of the files under `paths` (files or folders of
 * `root`): any edit, addition or removal changes it. A part's build stamp, and the tests' fixture
 * copy's edition.
 */
export function sourcesDigest(paths, root = ROOT) {
  const hash = createHash('sha256');
  for (const file of filesOf(paths, root)) {
    const { size, mtimeMs } = statSync(join(root, file));
    hash.update(`${file}\0${size}\0${mtimeMs}\n`);
  }
  return hash.digest('hex');
}

const stampOf = (part) => sourcesDigest(part.inputs);

function builtStamp(part) {
  try {
    return readFileSync(join(ROOT, part.out, STAMP), 'utf8');
  } catch {
    return null;
  }
}

async function buildWeb() {
  const { build } = await import('vite');
  // Vite takes NODE_ENV over the mode: from inside a test run (NODE_ENV=test) the client came out as
  // React's development build (slower, and without its service worker). What `npm start` serves, always.
  const callers = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(ROOT, 'vite.config.ts'), root: join(ROOT, 'src/web'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (callers === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callers;
  }
}

async function buildServer(out) {
  const { build } = await import('esbuild');
  const files = filesOf(SERVER_FOLDERS).filter((file) => !/\.test\.|\.d\.ts$/.test(file));
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: files.filter((file) => file.endsWith('.ts')).map((file) => join(ROOT, file)),
    outdir: out,
    outbase: ROOT,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
  });
  // Files the code reads or imports as they are: JSON data, the PGlite worker (plain JavaScript).
  for (const file of files.filter((f) => /\.(json|mjs)$/.test(f))) {
    mkdirSync(dirname(join(out, file)), { recursive: true });
    cpSync(join(ROOT, file), join(out, file));
  }
}

/** Builds the parts whose sources changed since their last build; answers the parts built. */
export async function buildStale({ force = false, parts = Object.keys(PARTS), log = console.log } = {}) {
  const built = [];
  for (const name of parts) {
    const part = PARTS[name];
    const stamp = stampOf(part);
    if (!force && builtStamp(part) === stamp) continue;
    const started = performance.now();
    await part.build(join(ROOT, part.out));
    writeFileSync(join(ROOT, part.out, STAMP), stamp);
    log(`${name === 'web' ? 'Cliente web' : 'Servidor'} compilado em ${((performance.now() - started) / 1000).toFixed(1)} s (${part.out})`);
    built.push(name);
  }
  return built;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const unknown = named.filter((name) => !(name in PARTS));
  if (unknown.length) throw new Error(`Parte desconhecida: ${unknown.join(', ')} (web ou server).`);
  await buildStale({ force: process.argv.includes('--force'), ...(named.length ? { parts: named } : {}) });
}
