import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshotOnFailure, startProduct, type RunningProduct } from '../e2e/support/product';

/**
 * The security headers on the real server and Chromium: the Content-Security-Policy lets the built
 * client (MUI and emotion included) and the Swagger UI run with no violation, and helmet's other
 * headers are on every answer.
 */
describe('security headers in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page | undefined;
  const violations: string[] = [];

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    page = await browser.newPage({ locale: 'pt-BR' });
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
    });
    // The page's own report of each violation, whether or not the console shows it.
    await page.exposeFunction('reportViolation', (text: string) => violations.push(`event: ${text}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('loads the login, a list and a record form with no Content-Security-Policy violation', async (context) => {
    screenshotOnFailure(() => page, context);
    const answer = await page!.goto(`${product.url}/login`);
    const headers = answer!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    await logIn(page!, product);
    await page!.getByRole('link', { name: 'Estados civis' }).click();
    await page!.getByRole('cell', { name: 'Solteiro(a)' }).waitFor();
    await page!.goto(`${product.url}/estados_civis/inserir`);
    await page!.getByLabel('Denominação').fill('Em teste');
    await page!.getByRole('button', { name: 'Salvar' }).waitFor();
    expect(violations).toEqual([]);
  });

  it('keeps the Swagger UI at /api/docs working under the policy', async (context) => {
    screenshotOnFailure(() => page, context);
    await page!.goto(`${product.url}/api/docs/`);
    // It opens on the part of the document with no module's routes (Geral), then reads another
    // area's part when chosen: the whole document took this browser about 25 s to draw.
    await page!.locator('#operations-tag-perfil').click({ timeout: 30_000 });
    await page!.getByText('/api/perfil').first().waitFor();
    await page!.locator('select#select').selectOption({ label: 'Cadastro' });
    await page!.locator('#operations-tag-pessoa_fisica').click({ timeout: 30_000 });
    await page!.getByText('/api/pessoa_fisica/cpf/{cpf}').first().waitFor();
    expect(await page!.locator('#operations-tag-bancos').count()).toBe(0);
    expect(violations).toEqual([]);
  });

  it("sends helmet's headers on API answers too", async () => {
    const response = await fetch(`${product.url}/api/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=/);
  });
});
