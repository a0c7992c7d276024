import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import tsconfig from './tsconfig.json' with { type: 'json' };
import { BRAND, brandStylesheet, faviconSvg } from './src/web/kit/brand.ts';
import { SlowFirstSequencer } from './tests/support/sequencer.ts';

/**
 * The path aliases of tsconfig.json (`@kit/*` → `src/web/kit/*`, `@generated/*` → `generated/*`),
 * read from there so the type checker, the build and the tests resolve them alike.
 */
const alias = Object.entries(tsconfig.compilerOptions.paths).map(([name, [target]]) => {
  const folder = name.endsWith('/*');
  return {
    find: folder ? new RegExp(`^${name.slice(0, -2)}/`) : new RegExp(`^${name}$`),
    replacement: fileURLToPath(new URL(folder ? target.slice(0, -1) : target, import.meta.url)),
  };
});

/**
 * Polyfills that dependencies require and every browser the product supports has built in:
 * node-polyglot (react-admin's translations) requires `object.entries`, which brings get-intrinsic and
 * a dozen es-shims (5 KB gzipped in the shell).
 */
const builtIns = [{ find: /^object\.entries$/, replacement: fileURLToPath(new URL('./src/web/shims/object-entries.cjs', import.meta.url)) }];

/**
 * The shell's files: the entry and everything it imports, and the chunks a signed-in person meets
 * first (the admin shell, the dashboard, the profile), each with what it imports. The service worker
 * precaches these and no more: a first visit on a phone fetches the shell, not every screen of the
 * build (656 files, 4.6 MB); a screen's chunk is kept when it is first fetched.
 */
const SHELL_MODULES = ['/src/web/AdminShell.tsx', '/src/web/pages/dashboard/DashboardPage.tsx', '/src/web/pages/ProfilePage.tsx'];
const shellFiles = new Set<string>();
const shellFilesPlugin: Plugin = {
  name: 'shell-files',
  apply: 'build',
  generateBundle(_options, bundle) {
    shellFiles.clear();
    const keep = (file: string) => {
      const output = bundle[file];
      if (!output || shellFiles.has(file)) return;
      shellFiles.add(file);
      if (output.type !== 'chunk') return;
      output.imports.forEach(keep);
      output.viteMetadata?.importedCss.forEach((css) => shellFiles.add(css));
    };
    for (const [file, output] of Object.entries(bundle)) {
      if (output.type === 'chunk' && (output.isEntry || SHELL_MODULES.some((module) => output.facadeModuleId?.endsWith(module)))) keep(file);
    }
  },
};

export default defineConfig({
  plugins: [
    react(),
    shellFilesPlugin,
    // The brand colours, written once in src/web/kit/brand.ts: the stylesheet's custom properties,
    // index.html's theme-color and its icon (a data URL).
    {
      name: 'brand-colours',
      enforce: 'pre',
      transform: (code: string, id: string) => (id.split('?')[0].endsWith('/src/web/styles.css') ? `${brandStylesheet()}${code}` : undefined),
      transformIndexHtml: (html: string) =>
        html.replaceAll('%BRAND_SECONDARY%', BRAND.secondary).replaceAll('%BRAND_FAVICON%', `data:image/svg+xml,${encodeURIComponent(faviconSvg())}`),
    },
    // The service worker (src/web/offline/): the shell and its assets precached (shellFilesPlugin),
    // every other asset kept as it is first fetched (its name holds its hash, so a kept copy is never
    // stale), pages answered with index.html offline; nothing under /api is ever cached. Registered by a bundled module (no inline
    // script), its Workbox runtime a file of its own, so a strict Content-Security-Policy holds.
    VitePWA({
      injectRegister: false,
      manifest: false,
      strategies: 'generateSW',
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        manifestTransforms: [async (entries) => ({ manifest: entries.filter((entry) => entry.url === 'index.html' || shellFiles.has(entry.url)), warnings: [] })],
        runtimeCaching: [{
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'assets', expiration: { maxEntries: 1000 } },
        }],
        cleanupOutdatedCaches: true,
        skipWaiting: true,
        clientsClaim: true,
        inlineWorkboxRuntime: false,
        sourcemap: false,
      },
    }),
  ],
  root: 'src/web',
  resolve: { alias: [...alias, ...builtIns] },
  publicDir: false,
  build: { outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: { port: 8080, strictPort: true },
  test: {
    root: '.',
    // New embedded spaces of every test, and of the products tests start, copy one template per
    // edition of the migrations (the platform feature's spaces/template.ts) instead of one per data folder.
    env: { SPACE_TEMPLATES_DIR: process.env.SPACE_TEMPLATES_DIR ?? join(tmpdir(), 'conselho-space-templates') },
    // The generic tests walk every module in one test (about 80 and growing): the verdict is where
    // they arrive, not how fast on a busy machine.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Most test time is spent waiting (on PostgreSQL, a PGlite worker, a server process, an idle
    // period on purpose), so three files at once finish far sooner than one, even on two cores.
    maxWorkers: 3,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit-and-api',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/bench/**', 'tests/**/*.browser.test.ts'],
          globalSetup: ['tests/support/build-templates.ts'],
          // The files of a worker share its modules instead of importing the server anew for each
          // (on 40 quick files, 221 s → 179 s). So a file leaves nothing behind: it closes what it
          // starts and puts back the environment it changed (tests/support/env.ts), and no module
          // keeps state by a name another file may reuse (body rules are compiled per entity).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts', 'tests/**/*.browser.test.ts'],
          // The client's build, the templates, then the run's one product and one Chromium, each
          // file a space and a browser context of its own (tests/e2e/support/shared-product.ts).
          globalSetup: ['tests/e2e/support/build-client.ts', 'tests/support/build-templates.ts', 'tests/e2e/support/shared-product.ts'],
          // After the unit files (a group of its own), two files at a time: one file alone left a
          // third of the two cores idle (waits on the server and the page).
          maxWorkers: 2,
          // A worker's files share playwright-core, the support and the seed's modules instead of
          // evaluating them anew for each file (ten files: import 41 s → 11 s). Every file closes its
          // context and pages and sets no variable of the environment.
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          // A page waits on the server (a space's database opening, a build of the screen's chunk):
          // the verdict is where it arrives, not how fast on a busy machine.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
