import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/** Vitest global setup of the browser tests: the server serves the built client from dist/web. */
export default function buildClient(): void {
  const root = resolve(import.meta.dirname, '../../..');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
}
