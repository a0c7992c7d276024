/**
 * Saved views in Chromium, on the municipalities' list: a filter and a hidden column saved under a
 * name from 'Visões', opened again on a list without them, found in another browser after logging in
 * there, and deleted after a confirmation. At 1366 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchBrowser, logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { seriousViolations } from '../web/support/axe';

const SHOTS = join(tmpdir(), 'saved-views-shots');

describe('saved views in the browser', () => {
  const session = browserSession();
  const page = () => session.page;
  const views = () => page().getByRole('group', { name: 'Visões salvas' });
  const path = () => new URL(page().url()).pathname;

  it('saves the list as it is under a name and opens it again on a list without it', async () => {
    mkdirSync(SHOTS, { recursive: true });
    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(path).toBe('/');
    await page().goto(`${session.product.url}/municipios`);
    await page().getByRole('cell', { name: 'Abadia de Goiás' }).waitFor();
    await page().getByLabel('UF').selectOption({ label: 'AC - Acre' });
    await page().getByRole('cell', { name: 'Rio Branco' }).waitFor();
    await page().getByRole('button', { name: 'Colunas' }).click();
    await page().getByRole('checkbox', { name: 'Código IBGE' }).uncheck();
    await page().getByRole('button', { name: 'Colunas' }).click();

    await page().getByRole('button', { name: 'Visões' }).click();
    await views().getByText('Nenhuma visão salva nesta lista.').waitFor();
    await views().getByRole('button', { name: 'Salvar visão' }).click();
    await views().getByText('O campo Nome é obrigatório.').waitFor();
    await views().getByLabel('Nome da visão').fill('Municípios do Acre');
    await views().getByRole('button', { name: 'Salvar visão' }).click();
    await views().getByRole('button', { name: 'Municípios do Acre', exact: true }).waitFor();
    expect(await seriousViolations(page()), 'list with its views open').toEqual([]);
    await page().screenshot({ path: join(SHOTS, 'visoes-1366.png') });

    // The list again without the filter, and with every column.
    await page().getByRole('button', { name: 'Visões' }).click();
    await page().getByLabel('UF').selectOption({ index: 0 });
    await page().getByRole('cell', { name: 'Abadia de Goiás' }).waitFor();
    await page().getByRole('button', { name: 'Colunas' }).click();
    await page().getByRole('checkbox', { name: 'Código IBGE' }).check();
    await page().getByRole('button', { name: 'Colunas' }).click();
    await page().getByRole('columnheader', { name: 'Código IBGE' }).waitFor();

    await page().getByRole('button', { name: 'Visões' }).click();
    await views().getByRole('button', { name: 'Municípios do Acre', exact: true }).click();
    await page().getByRole('cell', { name: 'Rio Branco' }).waitFor();
    await expect.poll(() => page().getByRole('cell', { name: 'Abadia de Goiás' }).count()).toBe(0);
    expect(await page().getByRole('columnheader', { name: 'Código IBGE' }).count()).toBe(0);
    expect(await page().getByLabel('UF').locator('option:checked').textContent()).toBe('AC - Acre');
  });

  it('follows the person to another browser, and is deleted after a confirmation', async () => {
    const other = await launchBrowser();
    try {
      const elsewhere = await other.newPage({ locale: 'pt-BR' });
      await logIn(elsewhere, session.product);
      await expect.poll(() => new URL(elsewhere.url()).pathname).toBe('/');
      await elsewhere.goto(`${session.product.url}/municipios`);
      await elsewhere.getByRole('cell', { name: 'Abadia de Goiás' }).waitFor();
      await elsewhere.getByRole('button', { name: 'Visões' }).click();
      await elsewhere.getByRole('group', { name: 'Visões salvas' }).getByRole('button', { name: 'Municípios do Acre', exact: true }).click();
      await elsewhere.getByRole('cell', { name: 'Rio Branco' }).waitFor();
    } finally {
      await other.close();
    }

    await page().setViewportSize({ width: 390, height: 844 });
    await page().goto(`${session.product.url}/municipios`);
    await page().getByRole('button', { name: 'Visões' }).click();
    await views().getByRole('button', { name: 'Municípios do Acre', exact: true }).waitFor();
    const width = await page().evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(390);
    const box = (await views().boundingBox())!;
    expect(box.x, 'the views inside the screen').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page().screenshot({ path: join(SHOTS, 'visoes-390.png') });
    await views().getByRole('button', { name: 'Excluir a visão Municípios do Acre' }).click();
    const dialog = page().getByRole('dialog', { name: 'Excluir visão' });
    await dialog.getByText('Deseja realmente excluir a visão "Municípios do Acre"?').waitFor();
    await dialog.getByRole('button', { name: 'Sim' }).click();
    await views().getByText('Nenhuma visão salva nesta lista.').waitFor();
  });
});
