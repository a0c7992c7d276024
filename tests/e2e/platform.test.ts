import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { root } from './support/build-client';
import { launchBrowser, logIn, screenshotOnFailure, startProduct, type RunningProduct } from './support/product';

/**
 * A platform operator opens a new council: a system pointing at this installation, a tenant with a
 * PGlite space watched by a monitor; the space's administrator logs in with the one-time password, is
 * held on the profile until changing it, uses the space, and the operator then sees the space's monitor.
 */
describe('a new space, as a platform operator opens it', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  const tenantEmail = 'secretaria@conselho-sul.test';
  const newPassword = 'Nova-senha-forte-2026';
  let oneTimePassword = '';
  let tenantId = '';

  const path = () => new URL(page.url()).pathname;
  // A step that waits on the server (a login that opens a space's database first, say) may take
  // seconds on a busy machine: the verdict is where the page arrives, not how fast.
  const arrivesAt = (expected: string) => expect.poll(path, { timeout: 60_000, interval: 200 }).toBe(expected);
  const shot = (name: string) => page.screenshot({ path: join(root, 'test-results', `platform-${name}.png`), fullPage: true });

  beforeAll(async () => {
    product = await startProduct({ MONITOR_ALLOWED_HOSTS: '127.0.0.1,localhost', MONITOR_INTERVAL_MS: '2000' });
    browser = await launchBrowser();
    page = await browser.newPage({ locale: 'pt-BR' });
  });

  beforeEach((context) => screenshotOnFailure(() => page, context));

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  async function logOut() {
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await arrivesAt('/login');
  }

  it('logs in as the operator and creates a system pointing at this installation, seeing its token once', async () => {
    await logIn(page, product);
    await arrivesAt('/');
    await page.goto(`${product.url}/sistemas/inserir`);
    await page.getByLabel('Nome').fill('Conselho Sul');
    await page.getByLabel('Prefixo').fill('SUL');
    await page.getByLabel('Endereço (host)').fill(new URL(product.url).host);
    await page.getByRole('button', { name: 'Salvar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Token do sistema' });
    await dialog.getByText('Anote o token: ele não será mostrado novamente.').waitFor();
    expect((await dialog.getByLabel('Token').textContent())?.length).toBeGreaterThan(10);
    await shot('sistema-token');
    await dialog.getByRole('button', { name: 'Entendi' }).click();
    await expect.poll(path).toMatch(/^\/sistemas\/\d+$/);
  });

  it('creates a tenant with a monitored PGlite space and reads the one-time password once', async () => {
    await page.goto(`${product.url}/clientes/inserir`);
    await page.getByLabel('Nome', { exact: false }).first().fill('Conselho Regional Sul');
    await page.getByLabel('Sigla').fill('CRS');
    await page.getByLabel('E-mail').fill(tenantEmail);
    await page.getByRole('button', { name: 'Adicionar espaço' }).click();
    const space = page.getByRole('region', { name: 'Novo espaço' });
    await space.getByLabel('Nome do espaço').fill('sul');
    await space.getByLabel('Tipo de banco').click();
    await page.getByRole('option', { name: /pglite/i }).click();
    await space.getByLabel('Nome do banco').fill('conselho_sul');
    await space.getByLabel(/Porta do heartbeat/).fill(new URL(product.url).port);
    await space.getByLabel('Sistema').click();
    await page.getByRole('option', { name: 'Conselho Sul' }).click();
    await space.getByLabel(/Monitorado/).check();
    await shot('espaco-novo');
    await space.getByRole('button', { name: 'Concluir espaço' }).click();
    await page.getByRole('cell', { name: 'sul', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Administrador do novo espaço' });
    await dialog.getByText('Anote a senha: ela não será mostrada novamente.').waitFor({ timeout: 60_000 });
    expect(await dialog.getByLabel('E-mail').textContent()).toBe(tenantEmail);
    oneTimePassword = (await dialog.getByLabel('Senha provisória').textContent()) ?? '';
    expect(oneTimePassword.length).toBeGreaterThanOrEqual(8);
    await shot('senha-provisoria');
    await dialog.getByRole('button', { name: 'Entendi' }).click();
    await expect.poll(path).toMatch(/^\/clientes\/\d+$/);
    tenantId = path().split('/').pop()!;
    await page.getByRole('cell', { name: 'sul', exact: true }).waitFor();
    await page.goto(`${product.url}/clientes`);
    await page.getByRole('cell', { name: 'Conselho Regional Sul' }).waitFor();
    await shot('clientes');
  });

  it("logs into the new space with the one-time password and is held on the profile until it changes", async () => {
    await logOut();
    await page.getByLabel('E-mail').fill(tenantEmail);
    await page.getByLabel('Senha').fill(oneTimePassword);
    await page.getByLabel('Espaço').fill('sul');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await arrivesAt('/perfil');
    await page.getByText('Altere sua senha para continuar.').first().waitFor();
    await shot('altere-sua-senha');
    await page.goto(`${product.url}/estados_civis`);
    await arrivesAt('/perfil');
    await page.getByLabel(/^Nova senha/).fill(newPassword);
    await page.getByLabel(/^Confirmação da nova senha/).fill(newPassword);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => page.getByText('Altere sua senha para continuar.').count()).toBe(0);
  });

  it('uses the space: opens a reference table', async () => {
    await page.getByText('Estados civis', { exact: true }).first().click();
    await arrivesAt('/estados_civis');
    await page.getByRole('table').waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(1);
    await shot('espaco-em-uso');
  });

  it("logs back in as the operator and sees the space's monitor turn up", async () => {
    await logOut();
    await page.getByLabel('E-mail').fill(product.adminEmail);
    await page.getByLabel('Senha').fill(product.adminPassword);
    await page.getByLabel('Espaço').fill('');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await arrivesAt('/');
    await page.goto(`${product.url}/monitores`);
    const row = page.getByRole('row').filter({ hasText: 'Conselho Sul' });
    await row.first().waitFor();
    await expect.poll(() => row.first().getByText('No ar').count(), { timeout: 60_000, interval: 2_000 }).toBe(1);
    await shot('monitores');
  });

  it("refuses to save the tenant over another operator's change, and reloads it", async () => {
    await page.goto(`${product.url}/clientes/${tenantId}`);
    await page.getByRole('button', { name: 'Editar' }).click();
    const initials = page.getByLabel(/^Sigla/);
    await initials.fill('CRS-FORM');
    // Meanwhile another operator saves the tenant.
    const auth = await fetch(`${product.url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: product.adminEmail, password: product.adminPassword }) });
    const token = ((await auth.json()) as { data: { token: string } }).data.token;
    const other = await fetch(`${product.url}/api/rest/clientes/${tenantId}`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ initials: 'CRS-OUTRO' }) });
    expect(other.status).toBe(200);

    await page.getByRole('button', { name: 'Salvar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('O registro foi alterado por outra pessoa', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Recarregar' }).click();
    // The form shows the other operator's value (in its input while editing goes on, as text otherwise).
    const shown = async () => ((await page.getByText('CRS-OUTRO').count()) > 0 ? 'CRS-OUTRO' : (await initials.count()) ? initials.inputValue() : '');
    await expect.poll(shown).toBe('CRS-OUTRO');
    const stored = await fetch(`${product.url}/api/clientes/${tenantId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await stored.json()) as { data: { initials: string } }).data.initials).toBe('CRS-OUTRO');
  });
});
