import { describe, expect, it } from 'vitest';
import { fixtureProject } from '../e2e/support/fixture-project';
import { downloadedBytes, logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { EXE, PDF, PNG } from './support';

/**
 * A generated form with file fields in Chromium, on a copy of the product with the fixture `laudos`:
 * upload, see the name, download, replace, a refused type, remove.
 */
describe('the file input of a generated form', () => {
  const session = browserSession({}, fixtureProject);
  const group = (label: string) => session.page.getByRole('group', { name: new RegExp(`^${label}`) });
  const choose = (label: string, name: string, buffer: Buffer) => group(label).locator('input[type=file]').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });

  it('uploads, shows the name, downloads, replaces, refuses a disguised program and removes', async () => {
    const page = session.page;
    await logIn(page, session.product);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.goto(`${session.product.url}/laudos/inserir`);
    await page.getByLabel('Título').fill('Vistoria da sede');
    await choose('Documento', 'Relatório de inspeção.pdf', PDF);
    await group('Documento').getByText('Relatório de inspeção.pdf').waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('button', { name: 'Editar' }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Relatório de inspeção.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('Relatório de inspeção.pdf');
    expect((await downloadedBytes(download)).equals(PDF)).toBe(true);

    await page.getByRole('button', { name: 'Editar' }).click();
    await choose('Documento', 'contrato.pdf', EXE);
    await group('Documento').getByText('O arquivo enviado não é do tipo permitido: pdf, png, jpg, txt.').waitFor();
    await choose('Documento', 'planta.png', PNG);
    await group('Documento').getByText('planta.png').waitFor();
    await choose('Assinatura', 'assinatura.png', PNG);
    await group('Assinatura').getByText('assinatura.png').waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('button', { name: 'planta.png' }).waitFor();
    await page.getByRole('button', { name: 'assinatura.png' }).waitFor();

    await page.getByRole('button', { name: 'Editar' }).click();
    await group('Assinatura').getByRole('button', { name: 'Remover' }).click();
    await group('Assinatura').getByText('Nenhum arquivo').waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('button', { name: 'planta.png' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'assinatura.png' }).count()).toBe(0);
  });
});
