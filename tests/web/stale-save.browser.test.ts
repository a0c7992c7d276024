import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshotOnFailure, startProduct, type RunningProduct } from '../e2e/support/product';

const STALE_MESSAGE = 'O registro foi alterado por outra pessoa depois que você o abriu. Recarregue para ver a versão atual.';

/**
 * Two people on one record, on the real server and Chromium: the record changes through the API
 * while its form is open in the browser; 'Salvar' is refused with the pt-BR message and the offer to
 * reload, nothing is overwritten, and 'Recarregar' shows the other person's value in the form. Any
 * other 409 (no `stale_record` code) is shown as its message, with no offer to reload.
 */
describe('a save over someone else\'s change in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  let token: string;

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${product.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    product = await startProduct();
    const login = await fetch(`${product.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: product.adminEmail, password: product.adminPassword }),
    });
    token = (await login.json()).data.token;
    browser = await launchBrowser();
    page = await browser.newPage({ locale: 'pt-BR' });
  });

  beforeEach((context) => screenshotOnFailure(() => page, context));

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('refuses the save, keeps the other change and reloads it into the form', async () => {
    const created = await api('POST', '/api/estados_civis', { denomination: 'União estável de teste' });
    expect(created.status).toBe(201);
    const id = created.body.data.id;

    await logIn(page, product);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.goto(`${product.url}/estados_civis/${id}`);
    await page.locator('main').getByText('União estável de teste').waitFor();
    await page.getByRole('button', { name: 'Editar' }).click();
    const input = page.getByLabel('Denominação');
    await expect.poll(() => input.inputValue()).toBe('União estável de teste');
    await input.fill('Mudança feita no navegador');

    const behind = await api('PUT', `/api/estados_civis/${id}`, { ...created.body.data, denomination: 'Mudança feita por outra pessoa' });
    expect(behind.status).toBe(200);

    await page.getByRole('button', { name: 'Salvar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registro alterado' });
    await dialog.getByText(STALE_MESSAGE).waitFor();
    expect((await api('GET', `/api/estados_civis/${id}`)).body.data.denomination).toBe('Mudança feita por outra pessoa');
    expect(new URL(page.url()).pathname).toBe(`/estados_civis/${id}`);

    await dialog.getByRole('button', { name: 'Recarregar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => input.inputValue()).toBe('Mudança feita por outra pessoa');

    // Saved again from the version just reloaded, the change goes through.
    await input.fill('Mudança feita depois de recarregar');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Registro salvo com sucesso').waitFor();
    expect((await api('GET', `/api/estados_civis/${id}`)).body.data.denomination).toBe('Mudança feita depois de recarregar');
  });

  it("shows another 409 a save gets (the record's state refuses it) as its message, without offering to reload", async () => {
    const created = await api('POST', '/api/estados_civis', { denomination: 'Estado recusado' });
    const id = created.body.data.id;
    await page.goto(`${product.url}/estados_civis/${id}`);
    await page.locator('main').getByText('Estado recusado').waitFor();
    await page.getByRole('button', { name: 'Editar' }).click();
    await page.getByLabel('Denominação').fill('Estado que não se salva');
    // The server's words for a record its state closes to edits (an inspection action concluded): a 409 without the stale code.
    const refusal = 'A ação de fiscalização está concluída: não pode ser alterada.';
    await page.route(`**/api/rest/estados_civis/${id}`, (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: refusal }) }) : route.fallback(),
    );
    try {
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByRole('alert').filter({ hasText: refusal }).waitFor();
      expect(await page.getByRole('dialog', { name: 'Registro alterado' }).count()).toBe(0);
    } finally {
      await page.unroute(`**/api/rest/estados_civis/${id}`);
    }
  });
});
