import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startProduct, type RunningProduct } from '../e2e/support/product';
import { recoveryLink } from '../identity/support/smtp-sink';

const CLERK = { name: 'Clara Atendente', email: 'clara@conselho.test', password: 'Clara#Conselho2026' };

/**
 * Identity and access as a new administrator meets it, on the real server and Chromium: a role and a
 * user made through the screens, that user seeing only what the role grants and changing their own
 * profile, and the administrator reading the change in the audit log.
 */
describe('identity and access in the browser', { timeout: 90_000 }, () => {
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

  async function logOut() {
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect.poll(path).toBe('/login');
  }

  /** Adds one grant line and picks the permission by typing part of its pt-BR label. */
  async function grant(typed: string, option: string) {
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const picker = page.getByRole('combobox', { name: 'Permissão' }).last();
    await picker.fill(typed);
    await page.getByRole('option', { name: option }).click();
  }

  beforeAll(async () => {
    product = await startProduct({}, undefined, undefined, { own: true });
    browser = await launchBrowser();
    page = await browser.newPage({ locale: 'pt-BR' });
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('offers password recovery from the login page without telling whether the address exists', async () => {
    await page.goto(`${product.url}/login`);
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await expect.poll(path).toBe('/recuperar_senha');
    const form = page.getByRole('form', { name: 'Recuperar senha' });
    // Never a disabled button: pressed blank, it says what is missing on the field.
    await form.getByRole('button', { name: 'Enviar link' }).click();
    await expect.poll(() => form.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    await form.getByText('Informe o e-mail.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('recovery-email');
    await form.getByLabel('E-mail').fill('ninguem@conselho.test');
    await form.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByText('Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.').waitFor();
    await page.goto(`${product.url}/recuperar_senha/link-que-nao-existe`);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
  });

  it('resets a password through the mailed link, saying on each field what is missing', async () => {
    await page.goto(`${product.url}/recuperar_senha`);
    await page.getByLabel('E-mail').fill(product.adminEmail);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByText('Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.').waitFor();
    const outbox = join(product.dataDir, 'outbox');
    await expect.poll(() => (existsSync(outbox) ? readdirSync(outbox).some((f) => f.endsWith('.eml')) : false)).toBe(true);
    const [file] = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    const token = recoveryLink(readFileSync(join(outbox, file), 'utf8')).split('/').pop();

    await page.goto(`${product.url}/recuperar_senha/${token}`);
    const form = page.getByRole('form', { name: 'Redefinir senha' });
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByText('Informe a nova senha.').waitFor();
    await form.getByText('Informe a confirmação da senha.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('reset-password');
    await form.getByLabel('Nova senha').fill('Outra#Senha2026');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByText('Informe a confirmação da senha.').waitFor();
    expect(await form.getByText('Informe a nova senha.').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('reset-confirmation');
    await form.getByLabel('Confirmação da senha').fill('Outra#Senha2026');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(path).toBe('/login');
    await page.getByText('Senha alterada com sucesso. Entre com a nova senha.').waitFor();
    product.adminPassword = 'Outra#Senha2026';
  });

  it('lets the administrator create a role and a user holding it', async () => {
    await logIn(product.adminEmail, product.adminPassword);
    await page.goto(`${product.url}/papeis/inserir`);
    await page.getByLabel('Nome').fill('Atendimento');
    await grant('estados civis listar', 'Estados civis — listar');
    await grant('estados civis visualizar', 'Estados civis — visualizar');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(path).toMatch(/^\/papeis\/\d+$/);

    await page.goto(`${product.url}/usuarios/inserir`);
    await page.getByLabel(/^Nome/).fill(CLERK.name);
    await page.getByLabel(/^E-mail/).fill(CLERK.email);
    await page.getByLabel(/^Senha/).fill(CLERK.password);
    await page.getByRole('combobox', { name: /Papéis/ }).fill('Atend');
    await page.getByRole('option', { name: 'Atendimento' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(path).toMatch(/^\/usuarios\/\d+$/);
    await logOut();
  });

  it('shows that user only the permitted menu, /erro elsewhere, and lets them change their profile', async () => {
    await logIn(CLERK.email, CLERK.password);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Estados civis' }).waitFor();
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(['Início', 'Painel', 'Regras de relação', 'Tipos de parte', 'Tipos de relação', 'Estados civis', 'Meus prazos']);
    for (const forbidden of ['/usuarios', '/papeis', '/auditoria', '/estados_civis/inserir']) {
      await page.goto(`${product.url}${forbidden}`);
      await expect.poll(path).toBe('/erro');
    }

    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    await expect.poll(path).toBe('/perfil');
    const name = page.getByLabel(/^Nome/);
    await expect.poll(() => name.inputValue()).toBe(CLERK.name);
    await name.fill('Clara Souza');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Perfil atualizado com sucesso.').waitFor();
    await logOut();
  });

  it('shows the administrator that change in the audit log, before and after', async () => {
    await logIn(product.adminEmail, product.adminPassword);
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Auditoria' }).click();
    await expect.poll(path).toBe('/auditoria');
    expect(await page.getByRole('link', { name: 'Inserir' }).count()).toBe(0);
    await page.getByRole('cell', { name: 'Alteração' }).first().click();
    const changes = page.getByRole('table', { name: 'Valores antes e depois' });
    await changes.getByRole('row', { name: /Clara Atendente.*Clara Souza/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Excluir' }).count()).toBe(0);
    await page.goto(`${product.url}/auditoria/inserir`);
    await page.getByRole('heading', { name: 'Página não encontrada' }).waitFor();
  });
});
