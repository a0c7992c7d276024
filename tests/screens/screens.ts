/** What a documentation screenshot is, and how the product's screens are shot at every width. */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, logIn, type RunningProduct } from '../e2e/support/product';

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

export async function capture(product: RunningProduct, screens: Screen[], outDir: string): Promise<string[]> {
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

