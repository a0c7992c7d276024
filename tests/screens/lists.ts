import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import buildClient, { root } from '../e2e/support/build-client';
import { launchBrowser, logIn, startProduct, type RunningProduct } from '../e2e/support/product';

/** What a shot's setup may use: the page (logged in) and the API with the administrator's token. */
export interface ShotContext {
  page: Page;
  api: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;
}

/** One screenshot: `docs/screens/<name>-<width>.png` of `path`, after `setup`, at every width. */
export interface Shot {
  name: string;
  path: string;
  setup?: (context: ShotContext) => Promise<void>;
}

export const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;

/** A list, a form and a view, as the documentation shows them. */
export const listShots: Shot[] = [
  {
    name: 'list',
    path: '/estados_civis',
    setup: async ({ api }) => {
      // A long value, to show how a cell cuts it.
      const denomination = 'Separação de fato declarada em cartório, com partilha de bens ainda pendente de homologação judicial';
      const found = await api('GET', `/api/estados_civis?filter=${encodeURIComponent(JSON.stringify({ q: denomination }))}`);
      if (found.body.data.some((r: { denomination: string }) => r.denomination === denomination)) return;
      await api('POST', '/api/estados_civis', { denomination });
    },
  },
  { name: 'form', path: '/usuarios/inserir' },
  { name: 'view', path: '/usuarios/1' },
];

/** Starts the product on a fresh data folder, logs in and writes every shot at every width. */
export async function takeShots(shots: Shot[], product: RunningProduct, outDir = join(root, 'docs/screens')): Promise<string[]> {
  mkdirSync(outDir, { recursive: true });
  const login = await fetch(`${product.url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: product.adminEmail, password: product.adminPassword }),
  });
  const token: string = (await login.json()).data.token;
  const api: ShotContext['api'] = async (method, path, body) => {
    const response = await fetch(`${product.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const browser = await launchBrowser();
  const written: string[] = [];
  try {
    for (const size of WIDTHS) {
      const page = await browser.newPage({ locale: 'pt-BR', viewport: size });
      await logIn(page, product);
      await page.waitForURL(`${product.url}/`);
      for (const shot of shots) {
        await shot.setup?.({ page, api });
        await page.goto(`${product.url}${shot.path}`);
        await page.waitForLoadState('networkidle');
        await page.locator('main').getByText(/\S/).first().waitFor();
        await page.waitForTimeout(300);
        const file = join(outDir, `${shot.name}-${size.width}.png`);
        await page.screenshot({ path: file, fullPage: false });
        written.push(file);
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildClient();
  const product = await startProduct({ PORT: process.env.PORT ?? '9050' });
  try {
    for (const file of await takeShots(listShots, product)) console.log(file);
  } finally {
    await product.stop();
  }
}
