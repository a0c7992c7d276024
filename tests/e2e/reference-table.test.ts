import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshotOnFailure, startProduct, type RunningProduct } from './support/product';

/**
 * A new member of staff's first visit: log in, open a reference table from the menu, insert a
 * record (meeting the required-field message first), find it, edit it, view it, delete two rows
 * after confirming, and log out.
 */
describe('a reference table in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    page = await browser.newPage({ locale: 'pt-BR' });
  });

  beforeEach((context) => screenshotOnFailure(() => page, context));

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('logs in and lands on the home page with the menu', async () => {
    await logIn(page, product);
    await expect.poll(() => page.url()).toBe(`${product.url}/`);
    await expect.poll(() => page.title()).toMatch(/ - /);
  });

  it('opens Estados civis from the menu', async () => {
    await page.getByText('Estados civis', { exact: true }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/estados_civis');
    await page.getByRole('table').waitFor();
  });

  it('shows the pt-BR message when the required field is left empty, then saves', async () => {
    await page.getByRole('link', { name: /inserir/i }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/estados_civis/inserir');
    await page.getByRole('button', { name: /salvar/i }).click();
    await page.getByText('O campo Denominação é obrigatório.').waitFor();
    await page.getByLabel('Denominação').fill('Convivente de teste');
    await page.getByRole('button', { name: /salvar/i }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/estados_civis\/\d+$/);
  });

  it('finds the new record with an accent-insensitive search', async () => {
    await page.goto(`${product.url}/estados_civis`);
    await page.getByRole('textbox', { name: 'Pesquisar' }).fill('convivente');
    await page.getByRole('cell', { name: 'Convivente de teste' }).waitFor();
    const rows = page.getByRole('row');
    await expect.poll(() => rows.count()).toBe(2);
  });

  it('opens the record in view mode, edits it and sees the new value', async () => {
    await page.getByRole('cell', { name: 'Convivente de teste' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/estados_civis\/\d+$/);
    // Viewing shows the value, not an input; 'Editar' brings the input.
    await page.locator('main').getByText('Convivente de teste').waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    await page.getByRole('button', { name: /editar/i }).click();
    const input = page.getByLabel('Denominação');
    await input.fill('Convivência registrada');
    await page.getByRole('button', { name: /salvar/i }).click();
    await page.goto(`${product.url}/estados_civis`);
    await page.getByRole('cell', { name: 'Convivência registrada' }).waitFor();
  });

  it('deletes two selected rows after confirming', async () => {
    await page.goto(`${product.url}/estados_civis`);
    await page.getByRole('textbox', { name: 'Pesquisar' }).fill('');
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(3);
    const before = await page.getByRole('row').count();
    await page.getByRole('row').nth(1).getByRole('checkbox').check();
    await page.getByRole('row').nth(2).getByRole('checkbox').check();
    await page.getByRole('button', { name: /excluir/i }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => page.getByRole('row').count()).toBe(before - 2);
  });

  it('counts the seeded CNAE subclasses exactly in the pagination bar', async () => {
    await page.goto(`${product.url}/atividades_economicas`);
    await page.getByRole('navigation', { name: 'Paginação' }).getByText('1-25 de 1.332', { exact: true }).waitFor();
  });

  it('logs out and returns to the login page', async () => {
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  });
});
