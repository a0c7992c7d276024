import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, startProduct, type RunningProduct } from '../e2e/support/product';

const CLERK = { email: 'painel@conselho.test', password: 'Painel#Conselho2026' };

/**
 * The dashboard and the shell around the unexpected, on the real server and Chromium: counts of what
 * each person may list, the monitors for whoever may see them, the person's own latest changes, the
 * not-found page inside the frame, and a combo that failed to load.
 */
describe('the dashboard and the shell in the browser', { timeout: 120_000 }, () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  let adminToken: string;

  const path = () => new URL(page.url()).pathname;
  const api = async (method: string, url: string, body?: unknown, token = adminToken) => {
    const response = await fetch(`${product.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };

  beforeAll(async () => {
    product = await startProduct({}, undefined, undefined, { own: true });
    adminToken = (await fetch(`${product.url}/api/auth`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: product.adminEmail, password: product.adminPassword }),
    }).then((r) => r.json())).data.token;
    await api('POST', '/api/usuarios', {
      name: 'Paula Painel', email: CLERK.email, password: CLERK.password, password_confirmation: CLERK.password, active: true,
      permissions: [{ name: 'civilStatus.index', granted: true }, { name: 'civilStatus.store', granted: true }],
    });
    await api('POST', '/api/monitores', { service_name: 'Portal do conselho', system_name: 'Conselho', uptime_check_enabled: false, url: 'https://portal.conselho.org.br/' });
    browser = await launchBrowser();
    page = await browser.newPage({ locale: 'pt-BR' });
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('shows the administrator the records of every area, the monitors and a chart of each', async () => {
    await logIn(page, product);
    await expect.poll(path).toBe('/');
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Painel' }).click();
    await expect.poll(path).toBe('/dashboard');
    await expect.poll(() => page.title()).toBe('Conselho - Painel');
    const areas = page.getByRole('region', { name: 'Registros por área' });
    const civil = (await api('GET', '/api/estados_civis?per_page=1')).meta.total;
    await expect.poll(() => areas.getByRole('listitem').filter({ hasText: 'Estados civis' }).innerText()).toMatch(new RegExp(`Estados civis\\s+${civil}$`));
    await areas.getByRole('heading', { name: /^Sistema/ }).waitFor();
    await areas.getByRole('img', { name: /^Registros por área\. .*Tabelas auxiliares: / }).locator('svg').first().waitFor();
    const monitors = page.getByRole('region', { name: 'Monitores' });
    await expect.poll(() => monitors.getByRole('listitem').filter({ hasText: 'Não verificado' }).innerText()).toMatch(/Não verificado\s*1/);
    await monitors.getByRole('img', { name: 'Monitores por situação. Não verificado: 1' }).locator('svg').first().waitFor();
  });

  it("lists the person's own latest changes, linked to the record", async () => {
    const created = await api('POST', '/api/estados_civis', { denomination: 'Visto no painel' });
    await page.goto(`${product.url}/dashboard`);
    const recent = page.getByRole('region', { name: 'Minhas alterações recentes' });
    const row = recent.getByRole('row').filter({ hasText: 'Inclusão' }).first();
    await expect.poll(() => row.innerText()).toMatch(/Inclusão\s+Estados civis\s+\d+/);
    await row.getByRole('link', { name: String(created.data.id), exact: true }).click();
    await expect.poll(path).toBe(`/estados_civis/${created.data.id}`);
  });

  it('shows a clerk only the module they may list and no monitors', async () => {
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(`${product.url}/login`);
    await page.getByLabel('E-mail').fill(CLERK.email);
    await page.getByLabel('Senha').fill(CLERK.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(path).toBe('/');
    await page.goto(`${product.url}/dashboard`);
    const areas = page.getByRole('region', { name: 'Registros por área' });
    await areas.getByRole('link', { name: 'Estados civis' }).waitFor();
    // Besides the party configuration, open to every signed-in person.
    expect(await areas.getByRole('link').allInnerTexts()).toEqual(['Regras de relação', 'Tipos de relação', 'Tipos de parte', 'Estados civis']);
    expect(await page.getByRole('region', { name: 'Monitores' }).count()).toBe(0);
    await page.getByText('Nenhuma alteração sua registrada ainda.').waitFor();
  });

  it('keeps the menu and the top bar on a page that does not exist, with a way back', async () => {
    await page.goto(`${product.url}/estados_civis`);
    await page.getByRole('cell', { name: 'Solteiro(a)' }).waitFor();
    await page.goto(`${product.url}/nao/existe`);
    await page.getByRole('heading', { name: 'Página não encontrada' }).waitFor();
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Estados civis' }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Perfil' }).waitFor();
    await page.getByRole('button', { name: 'Voltar', exact: true }).click();
    await expect.poll(path).toBe('/estados_civis');
    await page.goto(`${product.url}/nao/existe`);
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect.poll(path).toBe('/');
  });

  it('says which list a combo could not load', async () => {
    await page.evaluate(() => window.localStorage.clear());
    await logIn(page, product);
    await expect.poll(path).toBe('/');
    await page.route('**/api/uf/combos**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Falha"}' }));
    try {
      await page.goto(`${product.url}/mesoregioes/inserir`);
      await page.getByText('Não foi possível carregar a lista de UFs').first().waitFor({ timeout: 30_000 });
    } finally {
      await page.unroute('**/api/uf/combos**');
    }
  });
});
