import { describe, expect, it } from 'vitest';
import { fixtureProject } from './support/fixture-project';
import { FIXTURE_PARTY_KINDS as KINDS } from './support/fixture-schemas';
import { logIn } from './support/product';
import { browserSession } from './support/session';

/**
 * A form with an exact decimal, a named combo and a type-ahead reference, generated from schema
 * files and used in Chromium as staff would: typed pt-BR, checked before it is sent, saved without a
 * digit lost, and an option picked that the first page of options did not hold.
 */
describe('exact decimals and combos in a generated form', () => {
  const session = browserSession({}, fixtureProject);
  const api = async (token: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${session.product.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return response.json();
  };
  let token = '';

  it('logs in, with party types of each behaviour in place', async () => {
    const auth = await fetch(`${session.product.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: session.product.adminEmail, password: session.product.adminPassword }),
    });
    token = (await auth.json()).data.token;
    for (const [denomination, behave_like] of [['Pessoa', 1], ['Empresa', 2], ['Conselho', 3]] as const) {
      await api(token, 'POST', `/api/${KINDS}`, { denomination, behave_like });
    }
    await logIn(session.page, session.product);
    await expect.poll(() => session.page.url()).toBe(`${session.product.url}/`);
  });

  it('checks the decimal places in the form with the specification\'s message', async () => {
    const page = session.page;
    await page.goto(`${session.product.url}/cotacoes_moedas/inserir`);
    await page.getByLabel('Data', { exact: true }).fill('05/01/2026');
    await page.getByLabel('Cotação', { exact: true }).fill('1.234,56789012345678');
    await page.getByRole('button', { name: /salvar/i }).click();
    await page.getByText('O campo Cotação deve conter no máximo 13 casas decimais.').waitFor();
    await page.getByLabel('Cotação', { exact: true }).fill('1.234,5678901234567');
    await page.getByText('O campo Cotação deve conter no máximo 13 casas decimais.').waitFor({ state: 'detached' });
  });

  it('offers only the named combo\'s party types', async () => {
    const page = session.page;
    await page.getByRole('combobox', { name: 'Tipo de parte - Opcional' }).click();
    await page.getByRole('option', { name: 'Empresa' }).waitFor();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Empresa', 'Pessoa']);
    await page.getByRole('option', { name: 'Empresa' }).click();
  });

  it('asks the server as one types in the type-ahead and picks an option beyond the first page', async () => {
    const page = session.page;
    const input = page.getByRole('combobox', { name: 'Atividade econômica - Opcional' });
    await input.click();
    await page.getByText('Digite para refinar…').waitFor();
    expect(await page.getByRole('option').count()).toBe(50);
    expect(await page.getByRole('option', { name: /CABELEIREIROS/ }).count()).toBe(0);
    await input.fill('cabeleireiros');
    const option = page.getByRole('option', { name: '9602-5/01 - CABELEIREIROS, MANICURE E PEDICURE' });
    await option.waitFor();
    await expect.poll(() => page.getByText('Digite para refinar…').count()).toBe(0);
    await option.click();
    await expect.poll(() => input.inputValue()).toBe('9602-5/01 - CABELEIREIROS, MANICURE E PEDICURE');
  });

  it('saves every digit as text and shows them pt-BR, with the chosen names, on edit and in the list', async () => {
    const page = session.page;
    await page.getByRole('button', { name: /salvar/i }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/cotacoes_moedas\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop();
    const saved = (await api(token, 'GET', `/api/cotacoes_moedas/${id}`)).data;
    expect(saved.exchange_rate).toBe('1234.5678901234567');
    await page.reload();
    await page.locator('main').getByText('1.234,5678901234567').waitFor();
    await page.locator('main').getByText('9602-5/01 - CABELEIREIROS, MANICURE E PEDICURE').waitFor();
    await page.goto(`${session.product.url}/cotacoes_moedas`);
    await page.getByRole('cell', { name: '1.234,5678901234567' }).waitFor();
  });
});
