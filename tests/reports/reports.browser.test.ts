import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../e2e/support/build-client';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';

/**
 * A report in Chromium as the council's staff ask for one, in a space where nobody set reports up
 * (a design shipped with the product): the design's entities and parameters on the form, the status
 * followed live from Aguardando to Impresso with 'Relatório gerado com sucesso', then 'Imprimir'
 * opening the PDF; at 1366 and 390 px.
 */
describe('reports in the browser', () => {
  // 'Imprimir' opens the PDF in a tab: a Chromium that shows PDFs (the run's headless one saves them).
  const session = browserSession({}, undefined, { pdfViewer: true });
  const page = () => session.page;
  const label = (text: string) => page().getByLabel(new RegExp(`^${text}( - Opcional)?$`));
  const shot = (name: string) => page().screenshot({ path: join(root, 'test-results', `reports-${name}.png`), fullPage: true });

  it('asks for a PDF report, follows its status to Impresso and opens it', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    // Nothing is set up first: 'Municípios por UF' is one of the designs every space starts with.
    await page().goto(`${session.product.url}/relatorio/inserir`);
    await label('Modelo de relatório').click();
    await page().getByRole('option', { name: 'Municípios por UF' }).click();
    await label('UF').waitFor();
    await label('Entidade').click();
    await page().getByRole('option', { name: 'Municípios' }).click();
    // A reference parameter offers its registry's records by name.
    await label('UF').click();
    await page().getByRole('option', { name: 'Sergipe' }).click();
    // A report of no record is kept as a document only when asked.
    await label('Guardar mesmo sem registro').check();
    await shot('form-1366');
    await page().getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/relatorio\/\d+$/);
    await page().getByText('Relatório gerado com sucesso').waitFor({ timeout: 60_000 });
    await expect.poll(() => page().getByTestId('report-status').textContent()).toBe('Impresso');
    // The entity by its name, who asked, and when it printed.
    await page().locator('main').getByText('Municípios', { exact: true }).waitFor();
    await page().locator('main').getByText('Pedido por').waitFor();
    await page().locator('main').getByText('Fim da impressão').waitFor();
    // The document it was kept as, named after the design and the moment it printed.
    await page().locator('main').getByText(/^Municípios por UF \(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\)$/).waitFor();
    await shot('printed-1366');

    const [tab, answer] = await Promise.all([
      page().context().waitForEvent('page'),
      page().waitForResponse((response) => /\/api\/relatorio\/\d+\/print$/.test(response.url())),
      page().getByRole('button', { name: 'Imprimir' }).click(),
    ]);
    const printed = (await answer.json()).data;
    expect(printed.name).toBe('municipios-por-uf.pdf');
    expect(Buffer.from(printed.file, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // The new tab shows that file (made in the page, so the tab's address is a blob of it).
    await expect.poll(() => tab.url(), { timeout: 30_000 }).toMatch(/^blob:/);
    await tab.close();
  });

  it('keeps the report readable on a phone', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await page().reload();
    await page().getByRole('button', { name: 'Imprimir' }).waitFor();
    const overflow = await page().evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot('printed-390');
  });
});
