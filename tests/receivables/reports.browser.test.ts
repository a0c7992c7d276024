/**
 * The receivables' reports in Chromium (docs/RECEIVABLES.md §9): the report's form offers 'Débitos em
 * aberto' and 'Arrecadação por período' in a space where nobody set reports up, with their
 * parameters; 'Débitos em aberto' asked as a PDF prints and downloads with the space's open account
 * and its balance today. At 1366 and 390 px; the PDF is kept beside the pictures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../src/shared/decimals.js';
import { adminApi } from '../e2e/support/admin-api';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { certifiedRegistration } from '../certificates/support';
import { loadModel } from '../../language/index.js';
import { ROOT } from '../api/support/server.js';
import { pdfPages } from '../reports/support';
import { setUpReceivables, type Api } from './api-support';

const SHOTS = join(tmpdir(), 'receivables-reports-shots');

describe('the receivables reports in the browser', () => {
  const session = browserSession({}, undefined, { pdfViewer: true });
  const page = () => session.page;
  const { api, optionId } = adminApi(() => session.product);
  const asTests: Api = (async (method: string, url: string, payload?: unknown) => ({ status: method === 'POST' ? 201 : 200, body: await api(method, url, payload) })) as unknown as Api;
  const label = (text: string) => page().getByLabel(new RegExp(`^${text}( - Opcional)?$`));

  it("offers both designs and prints 'Débitos em aberto' as a PDF", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { registration } = await certifiedRegistration(async (path, body, method = 'POST') => (await api(method, path, body)).data, optionId);
    const setUp = await setUpReceivables(loadModel(ROOT), asTests, {
      registration: async () => ({ id: registration.id, party_id: Number(registration.party_id), contribution_range_id: Number(registration.contribution_range_id), category_id: Number(registration.category_id) }),
    });
    const tax = await setUp.debtType({ denomination: 'Taxa de expediente', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true });
    const account = (await api('POST', '/api/control_account/lancamento', { party_id: setUp.registration.party_id, debt_type_id: tax, exercise: 2026, principal: '650.00', due_date: '2026-03-31' })).data;
    await api('POST', '/api/control_account/pagamento', { date: '2026-03-31', amount: '200.00', means: 3, control_account_ids: [account.id] });
    const today = (await api('GET', `/api/partes/${setUp.registration.party_id}/regularidade`)).data.date as string;
    const balance = (await api('GET', `/api/control_account/${account.id}/saldo?data=${today}`)).data.total as string;

    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().goto(`${session.product.url}/relatorio/inserir`);
    await label('Modelo de relatório').click();
    await page().getByRole('option', { name: 'Arrecadação por período' }).waitFor();
    await page().getByRole('option', { name: 'Arrecadação por período' }).click();
    await label('Data inicial').waitFor();
    await label('Data final').waitFor();
    await label('Meio de pagamento').waitFor();
    await page().screenshot({ path: join(SHOTS, 'collection-form-1366.png'), fullPage: true });

    await label('Modelo de relatório').click();
    await page().getByRole('option', { name: 'Débitos em aberto' }).click();
    await label('Data do saldo').waitFor();
    await label('Tipo de débito').waitFor();
    await label('Somente vencidos').waitFor();
    await label('Entidade').click();
    await page().getByRole('option', { name: 'Contas de controle' }).click();
    await page().screenshot({ path: join(SHOTS, 'open-debts-form-1366.png'), fullPage: true });
    await page().setViewportSize({ width: 390, height: 844 });
    const overflow = await page().evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page().screenshot({ path: join(SHOTS, 'open-debts-form-390.png'), fullPage: true });
    await page().setViewportSize({ width: 1366, height: 900 });

    await page().getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toMatch(/^\/relatorio\/\d+$/);
    await page().getByText('Relatório gerado com sucesso').waitFor({ timeout: 60_000 });
    const [tab, answer] = await Promise.all([
      page().context().waitForEvent('page'),
      page().waitForResponse((response) => /\/api\/relatorio\/\d+\/print$/.test(response.url())),
      page().getByRole('button', { name: 'Imprimir' }).click(),
    ]);
    const printed = (await answer.json()).data;
    expect(printed.name).toBe('debitos-em-aberto.pdf');
    const bytes = Buffer.from(printed.file, 'base64');
    writeFileSync(join(SHOTS, 'debitos-em-aberto.pdf'), bytes);
    const text = (await pdfPages(bytes)).join(' ');
    expect(text).toContain(`${account.formatted_number} 2026 Taxa de expediente 31/03/2026 R$ 450,00 R$ ${formatCents(balance)} Sim`);
    await expect.poll(() => tab.url(), { timeout: 30_000 }).toMatch(/^blob:/);
    await tab.close();
    await page().screenshot({ path: join(SHOTS, 'printed-1366.png'), fullPage: true });
  }, 240_000);
});
