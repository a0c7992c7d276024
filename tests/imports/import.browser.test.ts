/**
 * The spreadsheet import in Chromium: 'Importar' on the persons' list, the template downloaded, a CSV
 * sent, its columns recognised, the dry run's summary and a row in error with the form's message,
 * the error file downloaded, then 'Importar' followed to the end and the persons found in the list.
 * At 1366 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { seriousViolations } from '../web/support/axe';
import { cpfs, csvOf, PERSON_HEADERS, personRow } from './support.js';

const SHOTS = join(tmpdir(), 'imports-shots');

describe('spreadsheet import in the browser', () => {
  const session = browserSession();
  const page = () => session.page;
  const path = () => new URL(page().url()).pathname;

  for (const [width, height] of [[1366, 900], [390, 844]] as const) {
    it(`imports persons from a CSV at ${width} px: dry run, error file, commit to the end`, async () => {
      mkdirSync(SHOTS, { recursive: true });
      await page().setViewportSize({ width, height });
      if (width === 1366) {
        await logIn(page(), session.product);
        await expect.poll(path).toBe('/');
      }
      await page().goto(`${session.product.url}/pessoa_fisica`);
      await page().getByRole('link', { name: 'Importar' }).click();
      await expect.poll(path).toBe('/importar/pessoa_fisica');
      await page().getByRole('button', { name: 'Baixar modelo (Excel)' }).waitFor();
      await expect.poll(() => page().locator('#react-admin-title').textContent()).toBe('Importar Pessoas físicas');

      const template = page().waitForEvent('download');
      await page().getByRole('button', { name: 'Baixar modelo (Excel)' }).click();
      expect((await template).suggestedFilename()).toBe('Modelo - Pessoas físicas.xlsx');

      const [first, second] = cpfs(2);
      const suffix = `${width}`;
      const csv = csvOf([
        PERSON_HEADERS,
        personRow(`Helena Importada ${suffix}`, first, { 'E-mails: E-mail': `helena${suffix}@exemplo.com.br`, 'E-mails: Recebe notícias': 'Sim' }),
        personRow(`Igor Importado ${suffix}`, second),
        personRow(`Júlia Errada ${suffix}`, '123.456.789-00', { 'Data de nascimento': '31/02/1990' }),
      ]);
      // The product's own picker, in pt-BR whatever the browser's language, naming the chosen file.
      const picker = page().getByRole('group', { name: 'Planilha' });
      await picker.getByText('Nenhum arquivo escolhido').waitFor();
      await picker.getByText('Escolher arquivo').waitFor();
      await picker.locator('input[type=file]').setInputFiles({ name: 'pessoas.csv', mimeType: 'text/csv', buffer: csv });
      await picker.getByText('pessoas.csv').waitFor();
      expect(await picker.getByText('Nenhum arquivo escolhido').count()).toBe(0);
      await page().screenshot({ path: join(SHOTS, `planilha-${width}.png`) });
      await page().getByRole('button', { name: 'Enviar planilha' }).click();
      await page().getByRole('heading', { name: '2. Colunas de pessoas.csv (3 linhas)' }).waitFor();
      // Each header was recognised: the CPF column reads into the CPF field.
      await expect.poll(() => page().getByRole('combobox', { name: 'CPF' }).textContent()).toBe('CPF');

      await page().getByRole('button', { name: 'Simular importação' }).click();
      const summary = page().getByRole('list', { name: 'Resumo da simulação' });
      await summary.getByText('Criar: 2').waitFor();
      await summary.getByText('Com erros: 1').waitFor();
      const wrong = page().getByRole('row').filter({ hasText: 'Com erros' });
      await wrong.getByText('CPF Inválido').waitFor();
      await wrong.getByText('O campo Data de nascimento não é uma data válida.').waitFor();
      expect(await seriousViolations(page()), 'the dry run').toEqual([]);
      await page().screenshot({ path: join(SHOTS, `simulacao-${width}.png`), fullPage: true });

      const errors = page().waitForEvent('download');
      await page().getByRole('button', { name: 'Baixar planilha de erros' }).click();
      expect((await errors).suggestedFilename()).toBe('Erros - pessoas.xlsx');

      await page().getByRole('button', { name: 'Importar 2 linhas' }).click();
      await page().getByRole('status').filter({ hasText: 'Concluída — 100%' }).waitFor({ timeout: 60_000 });
      await page().getByText('2 linhas importadas.').waitFor();
      await page().screenshot({ path: join(SHOTS, `importada-${width}.png`), fullPage: true });
      if (width === 390) expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await page().getByRole('link', { name: 'Ver Pessoas físicas' }).click();
      await expect.poll(path).toBe('/pessoa_fisica');
      await page().getByRole('textbox', { name: 'Pesquisar' }).fill(`Helena Importada ${suffix}`);
      await page().getByText(`Helena Importada ${suffix}`).first().waitFor();
    });
  }
});
