/**
 * `npm run screens`: builds the client, starts the product on a fresh data folder and saves
 * screenshots of its screens under docs/screens/, each at a desktop and a phone width. To add a screen,
 * add an entry to SCREENS: its file name, its address, and what to do before the shot (data made
 * through the API, a chart to wait for).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import buildClient, { root } from '../e2e/support/build-client';
import { launchBrowser, logIn, startProduct, type RunningProduct } from '../e2e/support/product';

export interface Screen {
  /** File name without width or extension: `dashboard` → `dashboard-1366.png`, `dashboard-390.png`. */
  name: string;
  path: string;
  /** Runs once before the screen is shot (at any width): make its data through `api`. */
  setup?: (api: Api) => Promise<void>;
  /** Waits, on the page, until the screen is complete. */
  ready?: (page: Page) => Promise<void>;
}

export type Api = (method: string, path: string, body?: unknown) => Promise<any>;

const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

export const SCREENS: Screen[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    setup: async (api) => {
      const monitors = [
        { service_name: 'Portal do conselho', system_name: 'Conselho', url: 'https://portal.conselho.org.br/' },
        { service_name: 'Emissão de certidões', system_name: 'Certidões', url: 'https://certidoes.conselho.org.br/' },
        { service_name: 'Anuidades', system_name: 'Financeiro', url: 'https://anuidades.conselho.org.br/' },
      ];
      for (const monitor of monitors) await api('POST', '/api/monitores', { ...monitor, uptime_check_enabled: false });
      for (const denomination of ['Em processo de divórcio', 'Casado(a) no exterior']) await api('POST', '/api/estados_civis', { denomination });
      await api('POST', '/api/generos', { denomination: 'Não binário' });
    },
    ready: async (page) => {
      await page.getByRole('region', { name: 'Registros por área' }).getByRole('img').locator('svg').first().waitFor();
      await page.getByRole('region', { name: 'Monitores' }).getByRole('img').locator('svg').first().waitFor();
    },
  },
];

async function capture(product: RunningProduct, screens: Screen[], outDir: string): Promise<string[]> {
  const token = (await (await fetch(`${product.url}/api/auth`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: product.adminEmail, password: product.adminPassword }),
  })).json()).data.token as string;
  const api: Api = async (method, path, body) => {
    const response = await fetch(`${product.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const browser = await launchBrowser();
  const saved: string[] = [];
  try {
    for (const screen of screens) await screen.setup?.(api);
    for (const size of WIDTHS) {
      const context = await browser.newContext({ locale: 'pt-BR', viewport: size, deviceScaleFactor: 1, serviceWorkers: 'block', reducedMotion: 'reduce' });
      const page = await context.newPage();
      await logIn(page, product);
      await page.waitForURL((url) => url.pathname === '/');
      for (const screen of screens) {
        await page.goto(`${product.url}${screen.path}`);
        await screen.ready?.(page);
        await page.waitForLoadState('networkidle');
        const file = join(outDir, `${screen.name}-${size.width}.png`);
        await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
        saved.push(file);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return saved;
}

async function main() {
  const outDir = join(root, 'docs/screens');
  mkdirSync(outDir, { recursive: true });
  buildClient();
  const product = await startProduct();
  try {
    for (const file of await capture(product, SCREENS, outDir)) console.log(file.slice(root.length + 1));
  } finally {
    await product.stop();
  }
}

await main();
