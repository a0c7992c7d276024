import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshotOnFailure, startProduct, type RunningProduct } from '../e2e/support/product';
import { seriousViolations } from '../web/support/axe';

const YEAR = new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date());

/**
 * The sequence form in Chromium on the real server: a mask previewed live as it is typed, 'Possui
 * livro' filling and clearing the book blocks, the save, and a number drawn by hand shown formatted.
 */
describe('the sequence form', () => {
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

  const preview = () => page.getByRole('status').filter({ hasText: /Próximo número|formatação/i });
  /** The input of a field, labelled as it is required or not (' - Opcional'). */
  const field = (label: string) => page.getByLabel(new RegExp(`^${label}( - Opcional)?$`));
  const value = (label: string) => field(label).inputValue();

  it('previews the mask, fills and clears the book blocks, saves, and draws a number by hand', async () => {
    await logIn(page, product);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.goto(`${product.url}/sequencias/inserir`);
    await page.getByLabel('Nome').fill('Registros de diploma');
    await page.getByLabel(/^Formatação/).fill('{numero:5}/{ano}');
    await expect.poll(() => preview().textContent()).toBe(`Próximo número: 00001/${YEAR}`);
    await page.getByLabel('Número atual').fill('41');
    await expect.poll(() => preview().textContent()).toBe(`Próximo número: 00042/${YEAR}`);
    await page.getByLabel(/^Formatação/).fill('{numero:5}/{ano');
    await expect.poll(() => preview().textContent()).toBe('A formatação abre uma chave "{" que não fecha: feche-a com "}" ou escreva "{{" para mostrar "{".');

    const bookFields = ['Número do livro', 'Início do livro', 'Incremento do livro', 'Número da folha', 'Fim da folha', 'Número da ordem', 'Fim da ordem', 'Incremento da ordem'];
    const blocks = () => Promise.all(bookFields.map(value));
    expect(await blocks()).toEqual(bookFields.map(() => ''));
    await page.getByLabel('Possui livro').check();
    await expect.poll(blocks).toEqual(['1', '1', '1', '1', '100', '1', '100', '1']);
    await field('Fim da folha').fill('250');
    await page.getByLabel('Possui livro').uncheck();
    await expect.poll(blocks).toEqual(bookFields.map(() => ''));
    expect(await seriousViolations(page), 'form without a book').toEqual([]);
    await page.getByLabel('Possui livro').check();
    await expect.poll(blocks).toEqual(['1', '1', '1', '1', '100', '1', '100', '1']);

    await page.getByLabel(/^Formatação/).fill('L{livro}F{folha:2}-{numero:5}/{ano}');
    await expect.poll(() => preview().textContent()).toBe(`Próximo número: L1F01-00042/${YEAR}`);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('button', { name: 'Editar' }).waitFor();
    await expect.poll(() => preview().textContent()).toBe(`Próximo número: L1F01-00042/${YEAR}`);

    await page.getByRole('button', { name: 'Gerar número' }).click();
    await page.getByRole('dialog', { name: 'Gerar número' }).getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => page.getByTestId('drawn-number').textContent()).toBe(`L1F01-00042/${YEAR}`);
    await expect.poll(() => preview().textContent()).toBe(`Próximo número: L1F01-00043/${YEAR}`);
    await page.getByText('Último número gerado', { exact: true }).waitFor();
    expect(await seriousViolations(page), 'view after a draw').toEqual([]);
  });
});
