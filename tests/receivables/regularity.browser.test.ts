/**
 * A person's regularity on the registration's screen (docs/RECEIVABLES.md §8), in Chromium at 1366
 * and 390 px: 'Em débito: R$ … desde 31/03/2026' while an account is overdue, the balance the API
 * gives for today; 'Em dia' once it is cancelled.
 */
import { mkdirSync } from 'node:fs';
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
import { setUpReceivables, type Api } from './api-support';

const SHOTS = join(tmpdir(), 'regularity-shots');

describe("the registration's screen shows its person's regularity", () => {
  const session = browserSession();
  const page = () => session.page;
  const { api, optionId } = adminApi(() => session.product);
  // The receivables' set-up reads answers as the API tests do: a status and a body.
  const asTests: Api = (async (method: string, url: string, payload?: unknown) => ({ status: method === 'POST' ? 201 : 200, body: await api(method, url, payload) })) as unknown as Api;
  const region = () => page().getByRole('region', { name: 'Regularidade financeira' });

  it("'Em débito' with the balance today and the oldest due date, then 'Em dia'", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { registration } = await certifiedRegistration(async (path, body, method = 'POST') => (await api(method, path, body)).data, optionId);
    const setUp = await setUpReceivables(loadModel(ROOT), asTests, {
      registration: async () => ({ id: registration.id, party_id: Number(registration.party_id), contribution_range_id: Number(registration.contribution_range_id), category_id: Number(registration.category_id) }),
    });
    const tax = await setUp.debtType({ denomination: 'Taxa de expediente', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true });
    const account = (await api('POST', '/api/control_account/lancamento', { party_id: setUp.registration.party_id, debt_type_id: tax, exercise: 2026, principal: '650.00', due_date: '2026-03-31' })).data;
    const today = (await api('GET', `/api/partes/${setUp.registration.party_id}/regularidade`)).data.date as string;
    const balance = (await api('GET', `/api/control_account/${account.id}/saldo?data=${today}`)).data.total as string;

    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().goto(`${session.product.url}/inscricao/${registration.id}`);
    await region().getByText(`Em débito: R$ ${formatCents(balance)} desde 31/03/2026`).waitFor();
    await page().screenshot({ path: join(SHOTS, 'debt-1366.png'), fullPage: true });
    await page().setViewportSize({ width: 390, height: 844 });
    await region().getByText(/^Em débito/).waitFor();
    const box = await region().getByText(/^Em débito/).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page().screenshot({ path: join(SHOTS, 'debt-390.png'), fullPage: true });

    await api('POST', `/api/control_account/${account.id}/cancelamento`, { motivo: 'Lançada por engano' });
    await page().reload();
    await region().getByText('Em dia', { exact: true }).waitFor();
    await page().screenshot({ path: join(SHOTS, 'ok-390.png'), fullPage: true });
  }, 180_000);
});
