/**
 * Certificates in Chromium as staff issue them: from the registration's screen, a certificate of
 * regularity issued; its verification page opened in a fresh browser with no login says 'Válida';
 * revoked with a reason on the same screen, the page says 'Revogada'. At 1366 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn } from '../e2e/support/product';
import { adminApi } from '../e2e/support/admin-api';
import { browserSession } from '../e2e/support/session';
import { certifiedRegistration, type CertifiedRegistration } from './support';

const SHOTS = join(tmpdir(), 'certificates-shots');

describe('certificates in the browser', () => {
  const session = browserSession();
  const page = () => session.page;
  const { api, optionId } = adminApi(() => session.product);
  let subject: CertifiedRegistration;
  let code = '';
  let visitor: Page;
  const shot = (target: Page, name: string) => target.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  const panel = () => page().getByRole('region', { name: 'Certidões da inscrição' });
  const verificationStatus = async () => {
    await visitor.goto(`${session.product.url}/verificar/${code}`);
    return visitor.getByRole('status').textContent();
  };

  it("issues a certificate of regularity from the registration's screen", async () => {
    mkdirSync(SHOTS, { recursive: true });
    subject = await certifiedRegistration(async (path, body, method = 'POST') => (await api(method, path, body)).data, optionId);
    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().goto(`${session.product.url}/inscricao/${subject.registration.id}`);
    await panel().getByText('Nenhuma certidão emitida.').waitFor();
    await panel().getByRole('button', { name: 'Emitir certidão' }).click();
    const dialog = page().getByRole('dialog', { name: 'Emitir certidão' });
    await dialog.getByRole('combobox', { name: /Modelo de certidão/ }).click();
    await page().getByRole('option', { name: 'Certidão de Regularidade' }).click();
    await shot(page(), 'issue');
    await dialog.getByRole('button', { name: 'Emitir' }).click();
    await page().getByText('Certidão emitida.').waitFor();
    const item = panel().getByRole('listitem');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain('Válida');
    code = String(await item.getByRole('link').textContent());
    expect(code).toMatch(/^[A-Z2-7]{5}(-[A-Z2-7]{5}){3}$/);
    await shot(page(), 'record-1366');
  }, 180_000);

  it('shows the verification page to anyone, without login: Válida, the masked CPF', async () => {
    const context = await page().context().browser()!.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 800 } });
    visitor = await context.newPage();
    expect(await verificationStatus()).toBe('Válida');
    const text = String(await visitor.locator('main').textContent());
    expect(text).toContain('Maria da Silva Souza');
    expect(text).toContain('***.982.247-**');
    expect(text).not.toContain('529.982.247-25');
    expect(text).toContain(subject.registration.formatted_number);
    await shot(visitor, 'verify-valid-1366');
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.reload();
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(visitor, 'verify-valid-390');
    await visitor.goto(`${session.product.url}/verificar/AAAAA-BBBBB-CCCCC-DDDDD`);
    expect(await visitor.getByRole('status').textContent()).toBe('Certidão não encontrada.');
  });

  it('revokes it with a reason; the verification page then says Revogada', async () => {
    await panel().getByRole('button', { name: 'Revogar' }).click();
    const dialog = page().getByRole('dialog', { name: 'Revogar certidão' });
    await dialog.getByRole('button', { name: 'Revogar' }).click();
    await dialog.getByText('Informe o motivo da revogação.').waitFor();
    await dialog.getByRole('textbox', { name: /Motivo/ }).fill('Emitida por engano.');
    await dialog.getByRole('button', { name: 'Revogar' }).click();
    await page().getByText('Certidão revogada.').waitFor();
    await expect.poll(() => panel().getByRole('listitem').textContent()).toContain('Revogada');
    expect(await panel().getByRole('listitem').textContent()).toContain('Motivo da revogação: Emitida por engano.');
    expect(await verificationStatus()).toBe('Revogada');
    await shot(visitor, 'verify-revoked-390');
    await visitor.context().close();
  });

  it("keeps the registration's certificates usable on a 390 px phone", async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await page().goto(`${session.product.url}/inscricao/${subject.registration.id}`);
    await panel().getByRole('listitem').first().waitFor();
    await panel().scrollIntoViewIfNeeded();
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page(), 'record-390');
  });
});
