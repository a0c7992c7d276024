import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../e2e/support/build-client';
import { fixtureProject } from '../e2e/support/fixture-project';
import { downloadedBytes, logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { PDF } from '../files/support';

/**
 * Document types and documents in Chromium, as the council's staff use them: a type with two
 * metadata entries, a PDF uploaded with them (the required one asked for on its input), archived,
 * found with the 'Arquivamento' filter (Todos, Arquivados, Não Arquivados), unarchived and downloaded byte for byte; a document attached
 * to a record from its 'Documentos' panel (the fixture `processos`, which says `x-documents`); at
 * 1366 and 390 px.
 */
describe('documents in the browser', () => {
  const session = browserSession({}, fixtureProject);
  let documentPath = '';
  let processPath = '';
  const page = () => session.page;
  const label = (text: string) => page().getByLabel(new RegExp(`^${text}( - Opcional)?$`));
  const shot = (name: string) => page().screenshot({ path: join(root, 'test-results', `documents-${name}.png`), fullPage: true });
  const save = () => page().getByRole('button', { name: 'Salvar' }).click();
  /** The API as the signed-in page calls it, with the token the login kept. */
  const api = async (path: string) =>
    page().evaluate(async (url) => {
      const response = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await response.json()).data;
    }, path);
  const confirm = () => page().getByRole('dialog').getByRole('button', { name: 'Sim' }).click();

  it('creates a document type with two metadata entries', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().goto(`${session.product.url}/tipo_documento/inserir`);
    await label('Denominação').fill('Certidão');
    await chooseExtensions(['pdf', 'png']);
    const metadata = page().locator('form');
    for (const [index, [name, type]] of [['Número', 'Número inteiro'], ['Emitida em', 'Data']].entries()) {
      await metadata.getByRole('button', { name: /adicionar/i }).last().click();
      await metadata.getByLabel(/^Nome/).nth(index).fill(name);
      await metadata.getByLabel(/^Tipo/).nth(index).click();
      await page().getByRole('option', { name: type }).click();
    }
    await metadata.getByLabel(/^Obrigatório/).first().check();
    await save();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/tipo_documento\/\d+$/);
  });

  it('asks for the required metadata on its input, then keeps the PDF with both values', async () => {
    await page().goto(`${session.product.url}/documento/inserir`);
    await page().getByText('Escolha o tipo de documento para preencher os metadados.').waitFor();
    await label('Tipo de documento').click();
    await page().getByRole('option', { name: 'Certidão' }).click();
    await label('Número').waitFor();
    await label('Nome').fill('Certidão de regularidade');
    await label('Data').fill('24/11/2026');
    await label('Emitida em').fill('02/11/2026');
    await page().getByRole('group', { name: /^Arquivo/ }).locator('input[type=file]').setInputFiles({ name: 'certidao.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page().getByRole('group', { name: /^Arquivo/ }).getByText('certidao.pdf').waitFor();
    await shot('form-1366');
    await save();
    await page().getByText('O campo Número é obrigatório.').waitFor();
    await label('Número').fill('12');
    await save();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/documento\/\d+$/);
    documentPath = new URL(page().url()).pathname;
    await page().getByRole('button', { name: 'Arquivar' }).waitFor();
    const saved = await api(`/api${documentPath}`);
    expect(saved.metadata.map((entry: { name: string; value: unknown }) => [entry.name, entry.value])).toEqual([['Número', 12], ['Emitida em', '2026-11-02']]);
    expect(saved).toMatchObject({ name: 'Certidão de regularidade', date: '2026-11-24', file_extension: 'pdf', filed: false });
    // The view shows each value as its entry's kind reads it.
    await page().locator('main').getByText('02/11/2026').waitFor();
  });

  it('archives after asking, is found under Arquivados, unarchives and downloads the same bytes', async () => {
    const record = documentPath;
    await page().getByRole('button', { name: 'Arquivar' }).click();
    await page().getByRole('dialog').getByText('Arquivar o documento "Certidão de regularidade"?', { exact: false }).waitFor();
    await confirm();
    await page().getByText(/^Arquivado em \d{2}\/\d{2}\/\d{4}/).waitFor();
    await page().getByRole('button', { name: 'Desarquivar' }).waitFor();
    expect(await page().getByRole('button', { name: 'Arquivar', exact: true }).count()).toBe(0);
    await shot('view-1366');

    await page().goto(`${session.product.url}/documento`);
    const filter = page().getByLabel('Arquivamento');
    await filter.selectOption({ label: 'Arquivados' });
    await page().locator('main').getByText('Certidão de regularidade').first().waitFor();
    await filter.selectOption({ label: 'Não Arquivados' });
    await expect.poll(() => page().locator('main').getByText('Certidão de regularidade').count()).toBe(0);

    await page().goto(`${session.product.url}${record}`);
    await page().getByRole('button', { name: 'Desarquivar' }).click();
    await confirm();
    await page().getByRole('button', { name: 'Arquivar' }).waitFor();

    await page().getByRole('button', { name: 'Baixar' }).click();
    const [download] = await Promise.all([page().waitForEvent('download'), confirm()]);
    expect(download.suggestedFilename()).toBe('Certidão de regularidade.pdf');
    expect((await downloadedBytes(download)).equals(PDF)).toBe(true);
  });

  it('attaches a document to a record from its Documentos panel, and lists it there', async () => {
    await page().goto(`${session.product.url}/processos/inserir`);
    await label('Assunto').fill('Denúncia 12/2026');
    await save();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/processos\/\d+$/);
    const record = new URL(page().url()).pathname;
    processPath = record;
    const panel = page().getByRole('region', { name: 'Documentos' });
    await panel.getByText('Nenhum documento.').waitFor();
    await panel.getByRole('link', { name: 'Anexar documento' }).click();
    await page().getByText(/O documento será anexado ao registro \d+ de Processos\./).waitFor();
    await label('Tipo de documento').click();
    await page().getByRole('option', { name: 'Certidão' }).click();
    await label('Número').fill('7');
    await label('Emitida em').fill('01/11/2026');
    await label('Nome').fill('Certidão anexada');
    await label('Data').fill('24/11/2026');
    await page().getByRole('group', { name: /^Arquivo/ }).locator('input[type=file]').setInputFiles({ name: 'anexo.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page().getByRole('group', { name: /^Arquivo/ }).getByText('anexo.pdf').waitFor();
    await save();
    await expect.poll(() => new URL(page().url()).pathname).toBe(record);
    await panel.getByRole('link', { name: 'Certidão anexada' }).waitFor();
    await panel.getByLabel('Situação').selectOption({ label: 'Arquivados' });
    await panel.getByText('Nenhum documento.').waitFor();
    await panel.getByLabel('Situação').selectOption({ label: 'Não Arquivados' });
    await panel.getByRole('link', { name: 'Certidão anexada' }).waitFor();
    await shot('attached-1366');
  });

  it('lays the document out in one column on a phone', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    for (const [path, name, ready] of [[documentPath, 'view-390', 'Arquivar'], [processPath, 'attached-390', 'Anexar documento']] as const) {
      await page().goto(`${session.product.url}${path}`);
      await page().getByRole(ready === 'Arquivar' ? 'button' : 'link', { name: ready }).waitFor();
      const overflow = await page().evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await shot(name);
    }
  });

  /** Picks the accepted extensions in the type's multiple choice. */
  async function chooseExtensions(values: string[]) {
    for (const value of values) {
      await label('Extensões aceitas').click();
      await page().getByRole('option', { name: value, exact: true }).click();
    }
    await page().keyboard.press('Escape');
  }
});
