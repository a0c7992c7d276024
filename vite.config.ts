import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  root: 'src/web',
  publicDir: false,
  build: { outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: { port: 8080, strictPort: true },
  test: {
    root: '.',
    testTimeout: 30_000,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit-and-api', include: ['tests/**/*.test.ts'], exclude: ['tests/e2e/**', 'tests/bench/**', 'tests/**/*.browser.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts', 'tests/**/*.browser.test.ts'],
          globalSetup: ['tests/e2e/support/build-client.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          // A page waits on the server (a space's database opening, a build of the screen's chunk):
          // the verdict is where it arrives, not how fast on a busy machine.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
