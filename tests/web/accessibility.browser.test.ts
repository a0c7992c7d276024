import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, startProduct, type RunningProduct } from '../e2e/support/product';
import { seriousViolations } from './support/axe';

/**
 * The product as someone on a keyboard or a screen reader meets it, on the real server and Chromium:
 * axe-core finds no serious or critical violation on the login, a list, a form, a record's view and the
 * dashboard; a skip link leads past the menu; the focus is always visible; the login button is never
 * disabled and says what is missing; the login form is in the first frame; the page has an icon.
 */
describe('accessibility in the browser', { timeout: 120_000 }, () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  const path = () => new URL(page.url()).pathname;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    page = await browser.newPage({ locale: 'pt-BR' });
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('paints the login form in the first frame it paints anything', async () => {
    const fresh = await browser.newPage({ locale: 'pt-BR' });
    try {
      await fresh.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { firstRoot: string[] }).firstRoot = seen;
        new MutationObserver((_, observer) => {
          const root = document.getElementById('root');
          if (root && root.childElementCount > 0) {
            seen.push(root.innerHTML);
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await fresh.goto(`${product.url}/login`);
      await fresh.getByLabel('E-mail').waitFor();
      const first = await fresh.evaluate(() => (window as unknown as { firstRoot: string[] }).firstRoot[0]);
      expect(first).toContain('<form');
      expect(first).toContain('login-email');
    } finally {
      await fresh.close();
    }
  });

  it('never disables the login button: pressed too early, it says what is missing', async () => {
    await page.goto(`${product.url}/login`);
    const button = page.getByRole('button', { name: 'Entrar' });
    expect(await button.isEnabled()).toBe(true);
    await button.click();
    await page.getByText('Informe o e-mail.').waitFor();
    expect(await page.getByText('Informe a senha.').count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-email');
    await page.getByLabel('E-mail').fill(product.adminEmail);
    await button.click();
    expect(await page.getByText('Informe o e-mail.').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-password');
    expect(path()).toBe('/login');
  });

  it('has an icon', async () => {
    await page.goto(`${product.url}/login`);
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    const response = await fetch(new URL(href!, product.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('finds no serious or critical violation on the login page', async () => {
    await page.goto(`${product.url}/login`);
    await page.getByLabel('E-mail').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('finds no serious or critical violation on a list, a form, a view and the dashboard', async () => {
    await logIn(page, product);
    await expect.poll(path).toBe('/');
    await page.goto(`${product.url}/estados_civis`);
    await page.getByRole('cell', { name: 'Solteiro(a)' }).waitFor();
    expect(await seriousViolations(page), 'list').toEqual([]);
    await page.goto(`${product.url}/estados_civis/inserir`);
    await page.getByLabel('Denominação').waitFor();
    expect(await seriousViolations(page), 'form').toEqual([]);
    await page.goto(`${product.url}/estados_civis/1`);
    await page.getByText('Solteiro(a)').first().waitFor();
    expect(await seriousViolations(page), 'view').toEqual([]);
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('region', { name: 'Registros por área' }).getByRole('img').locator('svg').first().waitFor();
    expect(await seriousViolations(page), 'dashboard').toEqual([]);
  });

  it('leads the keyboard past the menu with a skip link, and shows where the focus is', async () => {
    await page.goto(`${product.url}/estados_civis`);
    await page.getByRole('cell', { name: 'Solteiro(a)' }).waitFor();
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(path()).toBe('/estados_civis');
    // The next Tabs land in the content, and each element that has the focus looks different for it.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      const looks = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const look = () => {
          const style = getComputedStyle(element);
          return [style.outlineStyle, style.outlineWidth, style.outlineColor, style.boxShadow, style.borderBottomWidth, style.borderBottomColor].join(' ');
        };
        const focused = look();
        element.blur();
        const blurred = look();
        element.focus({ focusVisible: true } as FocusOptions);
        return { inMain: Boolean(element.closest('#main-content')), tag: element.outerHTML.slice(0, 80), focused, blurred };
      });
      expect(looks.inMain, looks.tag).toBe(true);
      expect(looks.focused, looks.tag).not.toBe(looks.blurred);
    }
  });
});
