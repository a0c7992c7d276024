import { describe, expect, it } from 'vitest';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { seriousViolations } from '../web/support/axe';

const PURPLE = 'rgb(156, 39, 176)';
const BLUE = 'rgb(58, 201, 214)';

/**
 * The parameters screen in Chromium on the real server: a value of the wrong type refused on its
 * field, and a new theme colour applied at once (no reload) to the top bar, the MUI screen open and
 * the record screen opened next; a reload keeps it.
 */
describe('the parameters screen', () => {
  const session = browserSession();
  const page = () => session.page;
  const topBar = () => page().locator('header.topbar');
  const barColours = () => topBar().evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
  const group = (label: string) => page().getByRole('group', { name: label, exact: true });

  it('refuses a wrong value on its field and applies a new theme colour without a reload', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    expect((await barColours())[0]).toBe(BLUE);
    await page().getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Parâmetros' }).click();
    await group('Cor do tema').waitFor();
    await page().evaluate(() => Object.assign(window, { sameDocument: true }));

    const minimum = group('Tamanho mínimo da senha');
    await minimum.getByLabel('Usar padrão').uncheck();
    await minimum.getByLabel('Valor de Tamanho mínimo da senha').fill('oito');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => minimum.getByText('O valor deve ser um número inteiro.').count()).toBe(1);
    await minimum.getByLabel('Usar padrão').check();

    const name = group('Nome do sistema');
    await name.getByLabel('Usar padrão').uncheck();
    await name.getByLabel('Valor de Nome do sistema').fill('Conselho Regional Sul');
    const colour = group('Cor do tema');
    await colour.getByLabel('Usar padrão').uncheck();
    await colour.getByLabel('Valor de Cor do tema').click();
    await page().getByRole('option', { name: 'Roxo' }).click();
    await page().getByRole('button', { name: 'Salvar' }).click();
    await page().getByText('Parâmetros salvos com sucesso.').waitFor();
    // The bar and its text (white reads on purple), and this MUI screen's secondary colour (a switch that is on).
    await expect.poll(barColours).toEqual([PURPLE, 'rgb(255, 255, 255)']);
    const switchOn = minimum.locator('.MuiSwitch-switchBase.Mui-checked');
    await expect.poll(() => switchOn.evaluate((el) => getComputedStyle(el).color)).toBe(PURPLE);
    expect(await seriousViolations(page()), 'parameters screen').toEqual([]);

    await page().getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Estados civis' }).click();
    await page().getByRole('link', { name: /inserir/i }).first().click();
    await page().getByLabel('Denominação').waitFor();
    expect((await barColours())[0]).toBe(PURPLE);
    await expect.poll(() => page().title()).toBe('Conselho Regional Sul - Inserir Estado civil');
    expect(await page().evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    await page().reload();
    await page().getByLabel('Denominação').waitFor();
    await expect.poll(async () => (await barColours())[0]).toBe(PURPLE);
  });

  it('lays the form out in one column on a phone', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await page().goto(`${session.product.url}/parametros`);
    await group('Cor do tema').waitFor();
    const overflow = await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
