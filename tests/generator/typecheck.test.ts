import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GOOD_FIXTURES, emitFixture, projectRoot, removeScratchDirs, scratchDir } from './support.js';

afterAll(removeScratchDirs);

/**
 * Writes every fixture's output into a scratch project that sees the real widget kit (src/) and
 * packages, one folder per fixture, and runs `tsc --strict` over it.
 */
describe('generated code', () => {
  it('compiles under tsc --strict against the widget kit', async () => {
    const dir = scratchDir('tsc');
    for (const link of ['src', 'language', 'node_modules']) symlinkSync(join(projectRoot, link), join(dir, link));
    const include: string[] = [];
    for (const name of GOOD_FIXTURES) {
      const base = join(dir, 'fixtures', name);
      for (const [path, content] of await emitFixture(name)) {
        const full = join(base, path);
        mkdirSync(dirname(full), { recursive: true });
        writeFileSync(full, content);
      }
      include.push(`fixtures/${name}/generated`);
    }
    const compilerOptions = {
      target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2023', 'DOM', 'DOM.Iterable'], jsx: 'react-jsx',
      strict: true, noEmit: true, skipLibCheck: true, isolatedModules: true, esModuleInterop: true, resolveJsonModule: true,
      types: ['node', 'vite/client'],
      // The generated files reach the kit through the project's path aliases (`@kit`).
      paths: JSON.parse(readFileSync(join(projectRoot, 'tsconfig.json'), 'utf8')).compilerOptions.paths,
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include }, null, 2));
    const tsc = spawnSync(join(projectRoot, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json')], { encoding: 'utf8', timeout: 240_000 });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 300_000);
});
