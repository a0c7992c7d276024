/**
 * 'Geração de anuidades' in Chromium on the real server (docs/RECEIVABLES.md §4): opened from the
 * menu, the year's dry run shows its totals per class, reason, category and range; 'Gerar anuidades'
 * queues the commit naming that dry run and follows its progress until it ends, showing what it billed.
 */
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../language/index.js';
import { ROOT } from '../api/support/server.js';
import { certifiedRegistration } from '../certificates/support.js';
import { adminApi } from '../e2e/support/admin-api';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { setUpReceivables, type Api } from './api-support.js';

describe("'Geração de anuidades' in the browser", () => {
  const session = browserSession();
  const page = () => session.page;
  const { api, optionId } = adminApi(() => session.product);

  it('simulates the year, then generates it, following its progress to the result', async () => {
    const post = async (path: string, body: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') => (await api(method, path, body)).data;
    const asApi: Api = async (method, url, payload) => ({ status: method === 'POST' ? 201 : 200, body: await api(method, url, payload) });
    const { registration } = await certifiedRegistration(post, optionId);
    const setUp = await setUpReceivables(loadModel(ROOT), asApi, {
      registration: async () => ({ id: registration.id, party_id: Number(registration.party_id), contribution_range_id: Number(registration.contribution_range_id), category_id: Number(registration.category_id) }),
    });
    await post('/api/valores_contribuicao', { debt_type_id: setUp.ids.annuity, year: 2027, contribution_range_id: setUp.registration.contribution_range_id, amount: '680.00', due_date: '2027-03-31' });

    await logIn(page(), session.product);
    await page().getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Geração de anuidades' }).click();
    await page().getByLabel('Exercício').fill('2027');
    await page().getByRole('button', { name: 'Simular' }).click();
    const simulation = page().getByRole('table', { name: 'Simulação de 2027: 1 inscrições' });
    await expect.poll(() => simulation.getByRole('row').allInnerTexts()).toEqual([
      expect.stringContaining('Classe'),
      expect.stringMatching(/^Lançada\s+Valor integral\s+Engenheiro civil\s+Integral\s+1\s+R\$\s680,00$/),
    ]);

    await page().getByRole('button', { name: 'Gerar anuidades' }).click();
    await expect.poll(() => page().getByText('Geração de 2027: Concluída').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => page().getByRole('status').filter({ hasText: 'inscrições' }).innerText()).toBe('1 de 1 inscrições');
    const result = page().getByRole('table', { name: 'Resultado da geração de 2027' });
    expect(await result.getByRole('row').nth(1).innerText()).toMatch(/^Lançada\s+Valor integral/);
    const accounts = (await api('GET', `/api/control_account?exercise=2027`)).data as { registration_id: number; exercise: number }[];
    expect(accounts.map((account) => account.registration_id)).toEqual([registration.id]);
  });
});
