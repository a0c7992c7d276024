/**
 * The calculation preview on an interest setting's form in Chromium: 'Simulação' shows in reais what
 * the server's calculation answers, to the cent (the rounding it applied too), its dates typed
 * DD/MM/AAAA in the product's own inputs, never the browser's; it follows a rate changed on the form
 * before it is saved. An exchange rate's form shows its inverse, computed on save, read-only, under a
 * title naming the rate by its date DD/MM/YYYY; its filled currency picker, opened again, offers the
 * chosen currency among the others. At 1366 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminApi } from '../e2e/support/admin-api';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { animationsFinished } from '../e2e/support/settle';
import { pictureOnPhone } from '../e2e/support/phone';

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = join(tmpdir(), 'finance-preview-shots');
const MONEY = /^R\$ -?\d{1,3}(\.\d{3})*,\d{2}$/;

describe('the calculation preview of a setting in the browser', () => {
  const session = browserSession();
  const page = () => session.page;
  const { api } = adminApi(() => session.product);
  const shown = (field: string) => page().locator(`[data-testid="calculation-preview"] [data-field="${field}"]`);
  let rateId = 0;

  it('shows the server calculation of the configurations on the form, in reais to the cent', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const setting = await api('POST', '/api/configuracao_atualizacao_juros', {
      denomination: 'Juros de mora', configs: [{ since: '2000-01-01', capitalization_regime: 1, percentage_rate: '1', capitalization_period: 2 }],
    });
    const server = await api('POST', '/api/finance/calculation', { amount: '1234.56', due_date: '2026-01-10', payment_date: '2026-02-24', interest_update_setting_id: setting.data.id });
    // 1% a month for 45 days of 1234.56 is 18.5184: 18.52 charged, 0.0016 added by the rounding.
    expect(server.data).toMatchObject({ interest: '18.52', total: '1253.08', rounding: '0.0016000000000' });

    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => page().url()).toBe(`${session.product.url}/`);
    await page().goto(`${session.product.url}/configuracao_atualizacao_juros/${setting.data.id}`);
    const preview = page().getByRole('region', { name: 'Simulação' });
    // The product's own date inputs, as on every form: typed DD/MM/AAAA, whatever the browser's language.
    for (const label of ['Vencimento', 'Pagamento']) {
      expect(await preview.getByLabel(label).getAttribute('type'), label).toBe('text');
      expect(await preview.getByLabel(label).getAttribute('placeholder'), label).toBe('DD/MM/AAAA');
    }
    await preview.getByLabel('Valor', { exact: true }).fill('1.234,56');
    await preview.getByLabel('Vencimento').fill('10012026');
    expect(await preview.getByLabel('Vencimento').inputValue()).toBe('10/01/2026');
    await preview.getByLabel('Pagamento').fill('24/02/2026');
    await expect.poll(() => shown('interest').textContent()).toBe('R$ 18,52');
    expect(await shown('total').textContent()).toBe('R$ 1.253,08');
    expect(await shown('updated_value').textContent()).toBe('R$ 1.234,56');
    // What the rounding added, kept to 13 places by the server, reads as money: to the cent.
    expect(await shown('rounding').textContent()).toBe('R$ 0,00');
    for (const field of ['updated_value', 'interest', 'forfeit', 'total', 'rounding']) expect(await shown(field).textContent(), field).toMatch(MONEY);
    await preview.scrollIntoViewIfNeeded();
    await page().screenshot({ path: join(SHOTS, 'simulacao-1366.png') });
    await pictureOnPhone(page(), preview, join(SHOTS, 'simulacao-390.png'));

    await page().getByRole('button', { name: 'Editar' }).click();
    await page().getByLabel(/^Taxa \(%\)/).fill('2');
    await expect.poll(() => shown('interest').textContent()).toBe('R$ 37,04');
    expect(await shown('total').textContent()).toBe('R$ 1.271,60');
  });

  it("shows an exchange rate's inverse read-only, computed when the rate is saved", async () => {
    const currency = async (name: string, symbol: string) =>
      (await api('POST', '/api/moeda', { name, plural_name: `${name}s`, symbol, value_rounding_setting_id: (await api('POST', '/api/configuracao_arredondamento_valor', { denomination: `Centavos ${symbol}`, configs: [{ since: '2000-01-01', decimal_places_number: 2, rounding_method: 1 }] })).data.id, decimal_places_separator: ',', thousands_separator: '.' })).data;
    const dollar = await currency('Dólar', 'US$');
    const real = await currency('Real', 'R$');
    await page().goto(`${session.product.url}/cotacoes_moedas/inserir`);
    const field = (label: string) => page().getByLabel(new RegExp(`^${label}( - Opcional)?( \\*)?$`));
    // Nothing to type for the inverse: it is no input.
    await field('Cotação').waitFor();
    expect(await page().getByRole('textbox', { name: /^Cotação inversa/ }).count()).toBe(0);
    await page().getByText('Cotação inversa').waitFor();
    await field('Data').fill('27/11/2026');
    for (const [label, option] of [['Moeda', 'US$ - Dólar'], ['Moeda de referência', 'R$ - Real']] as const) {
      await page().getByRole('combobox', { name: new RegExp(`^${label}( \\*)?$`) }).click();
      await page().getByRole('option', { name: option }).click();
    }
    await field('Cotação').fill('5,25');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/cotacoes_moedas\/\d+$/);
    const id = Number(new URL(page().url()).pathname.split('/').pop());
    expect((await api('GET', `/api/cotacoes_moedas/${id}`)).data).toMatchObject({ currency_one_id: dollar.id, currency_two_id: real.id, exchange_rate_for_currency_one: '0.1904761904762' });
    await page().getByText('0,1904761904762').waitFor();
    // The record is titled by its date as a person reads it, not as the API writes it.
    await expect.poll(() => page().locator('#react-admin-title').textContent()).toBe('Cotação de moedas: 27/11/2026');
    // Editing, the inverse stays as the view shows it.
    await page().getByRole('button', { name: 'Editar' }).click();
    await field('Cotação').waitFor();
    expect(await page().getByRole('textbox', { name: /^Cotação inversa/ }).count()).toBe(0);
    await page().getByText('0,1904761904762').waitFor();
    await page().screenshot({ path: join(SHOTS, 'cotacao-1366.png'), fullPage: true });
    await page().setViewportSize({ width: 390, height: 844 });
    await animationsFinished(page());
    expect(await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page().screenshot({ path: join(SHOTS, 'cotacao-390.png'), fullPage: true });
    await page().setViewportSize({ width: 1366, height: 900 });
    rateId = id;
  });

  it('offers the chosen currency among the others when a filled picker opens again', async () => {
    await page().goto(`${session.product.url}/cotacoes_moedas/${rateId}`);
    await page().getByRole('button', { name: 'Editar' }).click();
    const picker = page().getByRole('combobox', { name: /^Moeda( \*)?$/ });
    await expect.poll(() => picker.inputValue()).toBe('US$ - Dólar');
    await picker.click();
    const chosen = page().getByRole('option', { name: 'US$ - Dólar' });
    await chosen.waitFor();
    expect(await chosen.getAttribute('aria-selected')).toBe('true');
    expect((await page().getByRole('option').allTextContents()).sort()).toEqual(['R$ - Real', 'US$ - Dólar']);
    await page().screenshot({ path: join(SHOTS, 'moeda-escolhida-1366.png') });
    await page().setViewportSize({ width: 390, height: 844 });
    await animationsFinished(page());
    await chosen.waitFor();
    await page().screenshot({ path: join(SHOTS, 'moeda-escolhida-390.png') });
    await page().setViewportSize({ width: 1366, height: 900 });
    await page().keyboard.press('Escape');
    // Closed without a new choice, the picker keeps the chosen currency.
    await expect.poll(() => picker.inputValue()).toBe('US$ - Dólar');
  });
});
