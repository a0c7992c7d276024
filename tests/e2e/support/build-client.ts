import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../../..');

/** Where the browser tests' own build of the client goes, so a concurrent `npm run build` cannot disturb them. */
export const TEST_WEB_DIR = resolve(root, '.test-data/web');

/** Vitest global setup of the browser tests: builds the client the test servers serve, as `npm start` would (production React). */
export default function buildClient(): void {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', TEST_WEB_DIR], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
