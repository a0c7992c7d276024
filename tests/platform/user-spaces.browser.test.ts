/**
 * A space's administrator gives a new colleague a second space of the council on the user form: the
 * save shows the account opened there with its one-time password once, the record lists both spaces,
 * the audit log says which spaces were added, and the colleague signs in to the second space with that
 * password. On a phone the form and the dialog fit the screen.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { root } from '../e2e/support/build-client';
import { launchBrowser, screenshotOnFailure, startProduct, type RunningProduct } from '../e2e/support/product';

const ADMIN_PASSWORD = 'Senha-Da-Sede-2026';

describe("a user's spaces on the user form", () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  let admin = { email: '', password: '' };
  let oneTimePassword = '';

  const path = () => new URL(page.url()).pathname;
  const shot = (name: string) => page.screenshot({ path: join(root, 'test-results', `user-spaces-${name}.png`), fullPage: true });

  async function api(method: string, url: string, body?: unknown, options: { token?: string; tenant?: string } = {}) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.tenant) headers.tenant = options.tenant;
    const response = await fetch(`${product.url}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as any };
  }

  beforeAll(async () => {
    product = await startProduct({}, undefined, undefined, { own: true });
    const operator = (await api('POST', '/api/auth', { email: product.adminEmail, password: product.adminPassword })).body.data.token;
    const space = (name: string) => ({ tenant_name: name, db_type: 'pglite', db_name: name, active: true, monitor_active: false });
    const council = await api('POST', '/api/clientes', {
      name: 'Conselho Regional Norte', initials: 'CRN', email: 'sede@conselho-norte.test', active: true,
      tenant_configs: [space('sede'), space('regional')],
    }, { token: operator });
    expect(council.status, JSON.stringify(council.body)).toBe(201);
    const first = council.body.data.tenant_configs.find((c: { tenant_name: string }) => c.tenant_name === 'sede').initial_admin;
    // The administrator of 'sede' has already replaced the one-time password.
    const oneTime = (await api('POST', '/api/auth', { email: first.email, password: first.password }, { tenant: 'sede' })).body.data.token;
    const profile = (await api('GET', '/api/perfil', undefined, { token: oneTime, tenant: 'sede' })).body.data;
    const changed = await api('PUT', '/api/perfil', { name: profile.name, email: first.email, password: ADMIN_PASSWORD, password_confirmation: ADMIN_PASSWORD }, { token: oneTime, tenant: 'sede' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    admin = { email: first.email, password: ADMIN_PASSWORD };
    browser = await launchBrowser();
    page = await browser.newPage({ locale: 'pt-BR', viewport: { width: 1366, height: 900 } });
  }, 180_000);

  beforeEach((context) => screenshotOnFailure(() => page, context));

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it("adds the regional space to a new colleague and shows that space's one-time password once", async () => {
    await page.goto(`${product.url}/login`);
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Senha').fill(admin.password);
    await page.getByLabel('Espaço').fill('sede');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(path, { timeout: 60_000 }).toBe('/');
    await page.goto(`${product.url}/usuarios/inserir`);
    await page.getByLabel(/^Nome/).fill('Colega da regional');
    await page.getByLabel(/^E-mail/).fill('colega@conselho-norte.test');
    await page.getByLabel(/^Senha/).first().fill('Senha-Da-Colega-1');
    const spaces = page.getByLabel(/^Espaços/);
    await spaces.click();
    await page.getByRole('option', { name: 'regional' }).click();
    await page.keyboard.press('Escape');
    await shot('form');
    await page.getByRole('button', { name: 'Salvar' }).click();

    const dialog = page.getByRole('dialog', { name: 'Acesso aos novos espaços' });
    await dialog.getByText('Anote as senhas: elas não serão mostradas novamente.').waitFor({ timeout: 60_000 });
    expect(await dialog.getByLabel('Espaço').textContent()).toBe('regional');
    expect(await dialog.getByLabel('E-mail').textContent()).toBe('colega@conselho-norte.test');
    oneTimePassword = (await dialog.getByLabel('Senha provisória').textContent()) ?? '';
    expect(oneTimePassword.length).toBeGreaterThanOrEqual(8);
    await shot('dialog');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('dialog-phone');
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 900 });
    await dialog.getByRole('button', { name: 'Entendi' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(path).toMatch(/^\/usuarios\/\d+$/);

    // The record names both spaces; reloading it shows no password again.
    await page.reload();
    await page.getByText('regional', { exact: true }).first().waitFor();
    await page.getByText('sede', { exact: true }).first().waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await shot('record');
  }, 120_000);

  it('lists the added space in the audit log of the user', async () => {
    const id = path().split('/').pop();
    await page.goto(`${product.url}/auditoria`);
    const row = page.getByRole('row').filter({ hasText: 'Espaço incluído' });
    await row.first().waitFor({ timeout: 30_000 });
    // Created in 'sede' with 'regional' added: the person joined both spaces.
    expect(await row.count()).toBe(2);
    await shot('audit');
    const stored = await api('POST', '/api/auth', { email: admin.email, password: admin.password }, { tenant: 'sede' });
    const audit = await api('GET', `/api/auditoria?filter=${encodeURIComponent(JSON.stringify({ module: 'usuarios', record_id: Number(id), event: 'added_tenant_config' }))}`, undefined, { token: stored.body.data.token, tenant: 'sede' });
    expect(audit.body.data.map((r: { new_values: { name: string } }) => r.new_values.name).sort()).toEqual(['regional', 'sede']);
  });

  it('lets the colleague into the regional space with that password, held on the profile until changed', async () => {
    const login = await api('POST', '/api/auth', { email: 'colega@conselho-norte.test', password: oneTimePassword }, { tenant: 'regional' });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.data.user.must_change_password).toBe(true);
  });
});
