import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { root } from '../e2e/support/build-client';
import { downloadedBytes, launchBrowser, logIn, screenshotOnFailure, startProduct, type RunningProduct } from '../e2e/support/product';
import { gate, settled } from '../e2e/support/settle';

/** The list rows compared as text: name, UF's label, IBGE code. */
type Line = string[];

/**
 * 'Exportar' on the municipios list as a person uses it, on the real server and Chromium: the file
 * (XLSX and CSV) has the rows the screen shows for its UF filter and search, a long export shows its
 * progress and returns to 'Exportar', 'Cancelar' stops one, and the menu fits a desktop and a phone.
 */
describe('the list export in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  let token: string;
  let minas: { id: number; name: string };

  const api = async (path: string) => {
    const response = await fetch(`${product.url}${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    expect(response.status).toBe(200);
    return response.json();
  };
  /** Every row the list route answers for the filter and search, page by page, as the screen names them. */
  const listed = async (filter: Record<string, unknown>, q: string): Promise<Line[]> => {
    const rows: Line[] = [];
    let cursor: string | undefined;
    do {
      const query = new URLSearchParams({ filter: JSON.stringify(filter), q, sort: 'name', order: 'ASC', per_page: '500', ...(cursor ? { cursor } : {}) });
      const page = await api(`/api/municipios?${query}`);
      for (const row of page.data) rows.push([row.name, row.uf_id === minas.id ? minas.name : String(row.uf_id), String(row.ibge_code)]);
      cursor = page.meta.next_cursor;
    } while (cursor);
    return rows;
  };
  const xlsxLines = async (file: Buffer): Promise<Line[]> => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const lines: Line[] = [];
    workbook.worksheets[0].eachRow((row) => lines.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
    return lines;
  };
  const csvLines = (file: Buffer) => parse(file, { delimiter: ';', bom: true, record_delimiter: '\r\n' }) as Line[];
  /** Clicks Exportar → `format` and returns the file the browser saved. */
  const download = async (format: 'CSV' | 'Excel (XLSX)'): Promise<{ file: Buffer; name: string }> => {
    await page.getByRole('button', { name: 'Exportar' }).click();
    const [saved] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('menuitem', { name: format }).click()]);
    return { file: await downloadedBytes(saved as Download), name: (saved as Download).suggestedFilename() };
  };
  /** The rows on the screen, cell by cell. */
  const screenLines = () =>
    page.locator('table tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim()).filter((text) => text !== '')));
  const idle = () => page.getByRole('button', { name: 'Exportar' }).waitFor({ timeout: 60_000 });

  beforeAll(async () => {
    product = await startProduct();
    const login = await fetch(`${product.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: product.adminEmail, password: product.adminPassword }),
    });
    token = (await login.json()).data.token;
    const ufs = await api(`/api/uf/combos?${new URLSearchParams({ filter: 'Minas Gerais' })}`);
    minas = ufs.data[0];
    browser = await launchBrowser();
    page = await browser.newPage({ locale: 'pt-BR', viewport: { width: 1366, height: 768 }, acceptDownloads: true });
    await logIn(page, product);
    await page.waitForURL(`${product.url}/`);
  }, 180_000);

  beforeEach((context) => screenshotOnFailure(() => page, context));

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('exports as XLSX and CSV the rows the screen shows for a UF and a search', async () => {
    await page.goto(`${product.url}/municipios`);
    await page.getByRole('cell').first().waitFor();
    await page.getByRole('combobox', { name: /^UF/ }).selectOption({ label: minas.name });
    await page.getByRole('textbox', { name: 'Pesquisar' }).fill('Santa');
    await expect.poll(async () => (await screenLines()).every((line) => line[1] === minas.name && /santa/i.test(line[0])), { timeout: 15_000 }).toBe(true);
    const expected = await listed({ uf_id: minas.id }, 'Santa');
    expect(expected.length).toBeGreaterThan(25);
    expect(expected.length).toBeLessThanOrEqual(100);
    // Every row on one page: the page size chosen once the search has settled (a search typed
    // while the list is still loading may start from the page size it had).
    await page.getByLabel('Linhas por página').selectOption('100');
    await page.getByText(`1-${expected.length} de ${expected.length}`).waitFor();
    await expect.poll(() => screenLines(), { timeout: 15_000 }).toEqual(expected);
    const shown = await screenLines();

    const xlsx = await download('Excel (XLSX)');
    expect(xlsx.name).toMatch(/^Municípios \d{2}-\d{2}-\d{4}\.xlsx$/);
    const sheet = await xlsxLines(xlsx.file);
    expect(sheet[0]).toEqual(['Nome', 'UF', 'Código IBGE']);
    expect(sheet.slice(1)).toEqual(shown);

    await idle();
    const csv = await download('CSV');
    expect(csv.name).toMatch(/^Municípios \d{2}-\d{2}-\d{4}\.csv$/);
    expect(csv.file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csvLines(csv.file);
    expect(lines[0]).toEqual(['Nome', 'UF', 'Código IBGE']);
    expect(lines.slice(1)).toEqual(shown);
  }, 120_000);

  it('exports every municipio, showing its progress, and returns to Exportar', async () => {
    await page.goto(`${product.url}/municipios`);
    await page.getByRole('cell').first().waitFor();
    const total = (await api('/api/municipios?per_page=1')).meta.total as number;
    expect(total).toBeGreaterThan(5000);
    // The list keeps its search and filters from the last visit: cleared, it shows every municipio.
    await page.getByRole('textbox', { name: 'Pesquisar' }).fill('');
    await page.getByRole('combobox', { name: /^UF/ }).selectOption({ label: 'Todos' });
    await page.getByText(` de ${total.toLocaleString('pt-BR')}`).waitFor();
    // The answer held back until the progress was seen, whatever the machine's speed.
    const held = gate();
    await page.route('**/api/municipios/export?**', async (route) => {
      await held.passed;
      await route.continue().catch(() => undefined);
    });
    try {
      await page.getByRole('button', { name: 'Exportar' }).click();
      const [saved] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        (async () => {
          await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
          await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Exportando…/);
          await page.getByRole('button', { name: 'Cancelar' }).waitFor();
          held.open();
        })(),
      ]);
      await idle();
      expect(await page.getByRole('status').count()).toBe(0);
      const sheet = await xlsxLines(await downloadedBytes(saved));
      expect(sheet.length).toBe(total + 1);
    } finally {
      await page.unroute('**/api/municipios/export?**');
    }
  }, 120_000);

  it('stops an export on Cancelar: no file, and Exportar again', async () => {
    await page.goto(`${product.url}/municipios`);
    await page.getByRole('cell').first().waitFor();
    // The answer held back until the export was cancelled, then let through to a page that no longer wants it.
    const held = gate();
    await page.route('**/api/municipios/export?**', async (route) => {
      await held.passed;
      await route.continue().catch(() => undefined);
    });
    await settled(page);
    const downloads: Download[] = [];
    const onDownload = (saved: Download) => downloads.push(saved);
    page.on('download', onDownload);
    try {
      await page.getByRole('button', { name: 'Exportar' }).click();
      await page.getByRole('menuitem', { name: 'CSV' }).click();
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await idle();
      await expect.poll(() => page.getByRole('status').count()).toBe(0);
      await expect.poll(() => page.getByRole('alert').count()).toBe(0);
      held.open();
      await settled(page);
      expect(downloads).toEqual([]);
    } finally {
      page.off('download', onDownload);
      await page.unroute('**/api/municipios/export?**');
    }
  });

  for (const [width, height] of [[1366, 768], [390, 844]] as const) {
    it(`shows the export menu whole at ${width} px`, async () => {
      await page.setViewportSize({ width, height });
      try {
        await page.goto(`${product.url}/municipios`);
        await page.getByRole('button', { name: 'Exportar' }).click();
        const menu = page.getByRole('menu', { name: 'Formato da exportação' });
        await menu.waitFor();
        await page.screenshot({ path: join(root, 'test-results', `export-menu-${width}.png`) });
        const box = (await menu.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        for (const item of await page.getByRole('menuitem').all()) {
          const itemBox = (await item.boundingBox())!;
          expect(itemBox.x).toBeGreaterThanOrEqual(0);
          expect(itemBox.x + itemBox.width).toBeLessThanOrEqual(width);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
        await page.keyboard.press('Escape');
        await expect.poll(() => menu.count()).toBe(0);
      } finally {
        await page.setViewportSize({ width: 1366, height: 768 });
      }
    });
  }
});
