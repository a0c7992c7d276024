import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_WEB_DIR } from '../e2e/support/build-client';
import { launchBrowser, logIn, startProduct, type RunningProduct } from '../e2e/support/product';
import { SERVICE_WORKER_LOGS } from '../../src/web/offline/messages';
import { CHUNK_MESSAGES } from '../../src/web/chunks';

/** Every URL the page's caches hold, or those of the caches whose name matches `only` (the precache is Workbox's `workbox-precache-…`). */
const cachedUrls = (page: Page, only?: string) =>
  page.evaluate(async (only) => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (only && !name.includes(only)) continue;
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  }, only);

/**
 * Offline use on the real server and Chromium: the service worker keeps the shell and its assets (and
 * never an API answer), logs its life in the spec's events, and the shell opens without a connection;
 * a screen whose code does not arrive gives up after 120 s with the pt-BR message.
 */
describe('offline use in the browser', { timeout: 120_000 }, () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const logs: string[] = [];
  const path = () => new URL(page.url()).pathname;

  beforeAll(async () => {
    // A process and a Chromium of its own: the service worker's messages reach the console of a page
    // only in a browser this process launched.
    product = await startProduct({}, undefined, undefined, { own: true });
    browser = await launchBrowser({ own: true });
    context = await browser.newContext({ locale: 'pt-BR' });
    page = await context.newPage();
    page.on('console', (message) => logs.push(message.text()));
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('registers the service worker, which logs that it is ready and has cached the shell', async () => {
    await page.goto(`${product.url}/login`);
    await expect.poll(() => logs).toContain(`[service worker] ${SERVICE_WORKER_LOGS.cached}`);
    await expect.poll(() => logs).toContain(`[service worker] ${SERVICE_WORKER_LOGS.ready}`);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const precached = await cachedUrls(page, 'precache');
    expect(precached).toContain('/index.html');
    expect(precached.some((url) => /^\/assets\/AdminShell-.*\.js$/.test(url))).toBe(true);
    expect(precached.some((url) => /^\/assets\/DashboardPage-.*\.js$/.test(url))).toBe(true);
    // The shell, not every screen of the build (656 files): a first visit on a phone fetches what it opens.
    const built = readdirSync(join(TEST_WEB_DIR, 'assets')).length;
    expect(precached.length).toBeLessThan(built / 5);
  });

  it('never keeps an answer of the API', async () => {
    await logIn(page, product);
    await expect.poll(path).toBe('/');
    await page.goto(`${product.url}/estados_civis`);
    await page.getByRole('cell', { name: 'Solteiro(a)' }).waitFor();
    const urls = await cachedUrls(page);
    expect(urls.length).toBeGreaterThan(10);
    expect(urls.filter((url) => url.startsWith('/api'))).toEqual([]);
    // The screens' chunks the visit fetched beyond the shell are kept as they came, for the next offline visit.
    const precached = new Set(await cachedUrls(page, 'precache'));
    expect((await cachedUrls(page, 'assets')).filter((url) => url.startsWith('/assets/') && !precached.has(url)).length).toBeGreaterThan(0);
  });

  it('opens the shell without a connection, says so, and logs that it is offline', async () => {
    await context.setOffline(true);
    try {
      await expect.poll(() => logs).toContain(`[service worker] ${SERVICE_WORKER_LOGS.offline}`);
      await page.reload();
      await page.getByRole('banner').getByRole('button', { name: 'Atualizar' }).waitFor();
      await page.getByRole('alert').filter({ hasText: 'Sem conexão com o servidor' }).waitFor();
      const before = path();
      await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Painel' }).click();
      await page.getByRole('dialog').getByText('As alterações podem não ser salvas. Deseja realmente sair desta página?').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Não' }).click();
      expect(path()).toBe(before);
    } finally {
      await context.setOffline(false);
    }
  });

  it('gives up on a screen whose code has not arrived after 120 seconds', async () => {
    // Without the service worker, whose cache would answer before the network is asked.
    const bare = await browser.newContext({ locale: 'pt-BR', serviceWorkers: 'block' });
    const other = await bare.newPage();
    try {
      await other.clock.install();
      await logIn(other, product);
      await expect.poll(() => new URL(other.url()).pathname).toBe('/');
      let asked = false;
      await other.route('**/assets/DashboardPage-*.js', () => {
        asked = true; // never answered
      });
      await other.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Painel' }).click();
      await expect.poll(() => asked).toBe(true);
      await other.clock.fastForward(119_000);
      expect(await other.getByText(CHUNK_MESSAGES.timeout).count()).toBe(0);
      await other.clock.fastForward(1_500);
      await other.getByRole('alert').filter({ hasText: CHUNK_MESSAGES.timeout }).waitFor();
      await other.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    } finally {
      await bare.close();
    }
  });
});
