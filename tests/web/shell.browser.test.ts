import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { hashPassword } from '../../src/server/core/resources/passwords';
import { createTestTarget, type TestTarget } from '../support/databases';
import { launchBrowser, startProduct, type RunningProduct } from '../e2e/support/product';
import { animationsFinished } from '../e2e/support/settle';

const CLERK = { email: 'atendente@conselho.test', password: 'senha-da-atendente' };
/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = join(tmpdir(), 'shell-shots');

/**
 * The shell as staff meet it, on the real server (PostgreSQL) and Chromium: the tenant's system name in
 * the title, a clerk who may only list civil statuses, the login page for someone already logged in,
 * leaving a page while the server cannot be reached, and the menu: closed on a phone at every load.
 */
describe('the web shell in the browser', () => {
  let database: TestTarget;
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;

  const path = () => new URL(page.url()).pathname;

  async function logIn(email: string, password: string) {
    await page.goto(`${product.url}/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(path).toBe('/');
  }

  beforeAll(async () => {
    database = await createTestTarget('postgres');
    const url = (database.target as { url: string }).url;
    product = await startProduct({ DATABASE_URL: url, SYSTEM_NAME: 'CREA-SP' });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query(
      'insert into users (name, email, password, active) values ($1, $2, $3, true) returning id',
      ['Atendente', CLERK.email, await hashPassword(CLERK.password)],
    );
    await client.query('insert into user_permissions (user_id, name, granted) values ($1, $2, true)', [rows[0].id, 'civilStatus.index']);
    await client.end();
    browser = await launchBrowser();
    page = await browser.newPage({ locale: 'pt-BR' });
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await database?.drop();
  });

  it("titles pages with the tenant's system name", async () => {
    await logIn(product.adminEmail, product.adminPassword);
    await expect.poll(() => page.title()).toBe('CREA-SP - Início');
    await page.getByRole('link', { name: 'Estados civis' }).click();
    await expect.poll(() => page.title()).toBe('CREA-SP - Estados civis');
  });

  it('sends someone who still holds a token from /login to the home page', async () => {
    await page.goto(`${product.url}/login`);
    await expect.poll(path).toBe('/');
  });

  it('asks before leaving an insert form with something typed, and not after saving', async () => {
    await page.goto(`${product.url}/estados_civis/inserir`);
    await page.getByLabel('Denominação').fill('Em rascunho');
    await page.getByRole('link', { name: 'Gêneros' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Algumas alterações não foram salvas. Deseja realmente descartá-las?').waitFor();
    await dialog.getByRole('button', { name: 'Não' }).click();
    expect(path()).toBe('/estados_civis/inserir');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(path).toMatch(/^\/estados_civis\/\d+$/);
    await page.getByRole('link', { name: 'Gêneros' }).click();
    await expect.poll(path).toBe('/generos');
  });

  it('asks before leaving a page while the server cannot be reached', async () => {
    await page.goto(`${product.url}/estados_civis`);
    await page.getByRole('cell', { name: 'Solteiro(a)' }).waitFor();
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    onTestFinished(() => page.unroute('**/api/**'));
    await page.getByRole('button', { name: 'Denominação' }).click();
    await page.getByRole('alert').filter({ hasText: 'As alterações podem não ser salvas; tentando reconectar' }).waitFor();
    await page.getByRole('link', { name: 'Gêneros' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('As alterações podem não ser salvas. Deseja realmente sair desta página?').waitFor();
    await dialog.getByRole('button', { name: 'Não' }).click();
    expect(path()).toBe('/estados_civis');
    await page.getByRole('link', { name: 'Gêneros' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sim' }).click();
    await expect.poll(path).toBe('/generos');
  });

  it("opens the menu over the page on a phone until the next load, and keeps a desktop's choice across loads", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const toggle = () => page.getByRole('banner').getByRole('button', { name: /^(Abrir|Fechar) menu$/ });
    const menuWidth = async () => (await page.getByRole('navigation', { name: 'Menu principal' }).boundingBox())?.width ?? 0;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${product.url}/estados_civis`);
    await page.getByText('Solteiro(a)').first().waitFor();
    expect(await toggle().getAttribute('aria-expanded')).toBe('false');
    await toggle().click();
    await expect.poll(() => toggle().getAttribute('aria-expanded')).toBe('true');
    await animationsFinished(page);
    expect(await menuWidth()).toBeGreaterThan(200);
    // Reloaded, the page shows again, the menu closed.
    await page.reload();
    await page.getByText('Solteiro(a)').first().waitFor();
    await animationsFinished(page);
    expect(await toggle().getAttribute('aria-expanded')).toBe('false');
    expect(await menuWidth()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'recarregada-390.png') });
    // A desktop's menu is open by default; closed, it stays closed after a reload, and opens again.
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect.poll(() => toggle().getAttribute('aria-expanded')).toBe('true');
    await toggle().click();
    await page.reload();
    await page.getByText('Solteiro(a)').first().waitFor();
    expect(await toggle().getAttribute('aria-expanded')).toBe('false');
    await toggle().click();
    await expect.poll(() => toggle().getAttribute('aria-expanded')).toBe('true');
    await animationsFinished(page);
    await page.screenshot({ path: join(SHOTS, 'aberta-1366.png') });
  });

  it('shows a clerk only what they may list, and sends forbidden addresses to /erro', async () => {
    await page.goto(`${product.url}/`);
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect.poll(path).toBe('/login');
    await logIn(CLERK.email, CLERK.password);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Estados civis' }).waitFor();
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(['Início', 'Painel', 'Regras de relação', 'Tipos de parte', 'Tipos de relação', 'Estados civis', 'Meus prazos']);

    await menu.getByRole('link', { name: 'Estados civis' }).click();
    await page.getByRole('cell', { name: 'Solteiro(a)' }).waitFor();
    expect(await page.getByRole('link', { name: 'Inserir' }).count()).toBe(0);

    await page.goto(`${product.url}/estados_civis/inserir`);
    await expect.poll(path).toBe('/erro');
    await page.goto(`${product.url}/estados_civis/1`);
    await expect.poll(path).toBe('/erro');
    await page.goto(`${product.url}/generos`);
    await expect.poll(path).toBe('/erro');
    await page.getByText('Você não tem permissão para acessar esta página.').waitFor();
  });
  it("asks for a deep-linked list's rows and the permissions without waiting for the shell's code", async () => {
    // The entry and the files index.html preloads arrive; every other file of the build is held until
    // the list's rows are asked for (or for 10 s): the rows must not wait for a chunk.
    const html = await (await fetch(`${product.url}/`)).text();
    const eager = new Set([...html.matchAll(/\/(assets\/[^"]+\.js)"/g)].map((match) => `/${match[1]}`));
    expect(eager.size).toBeGreaterThan(0);
    const context = await browser.newContext({ locale: 'pt-BR', serviceWorkers: 'block' });
    const visit = await context.newPage();
    await visit.goto(`${product.url}/login`);
    await visit.getByLabel('E-mail').fill(product.adminEmail);
    await visit.getByLabel('Senha').fill(product.adminPassword);
    await visit.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => new URL(visit.url()).pathname).toBe('/');

    const asked: string[] = [];
    let rowsAsked: () => void = () => undefined;
    const rows = new Promise<void>((resolve) => (rowsAsked = resolve));
    visit.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(pathname);
      if (pathname === '/api/estados_civis') rowsAsked();
    });
    let heldTooLong = false;
    await visit.route('**/assets/*.js', async (route) => {
      if (!eager.has(new URL(route.request().url()).pathname)) {
        await Promise.race([rows, new Promise((resolve) => setTimeout(() => resolve((heldTooLong = true)), 10_000))]);
      }
      await route.continue();
    });
    await visit.goto(`${product.url}/estados_civis?filter=%7B%7D&order=ASC&page=1&perPage=25&sort=denomination`);
    await visit.getByRole('cell', { name: 'Solteiro(a)' }).waitFor();
    expect(heldTooLong).toBe(false);
    expect(asked).toContain('/api/load');
    await context.close();
  });
});
