/**
 * A control account's life on its screens, in Chromium (docs/RECEIVABLES.md §3, §7, §9): a debt posted
 * on 'Lançar débito' (from the accounts' list; a posting date after today refused on its field), paid
 * in part from its view ('Pagar', the amount defaulting to the balance; the open principal left shown),
 * paid again past its balance (the account Paga, the credit shown), the last payment reversed from the
 * statement (the account back to Aberta), a reversal refused with the server's message, another
 * reversed from the payment's own view, and a clerk
 * without `controlAccount.pay` offered no 'Pagar' (the server refusing it with 403). Screenshots at
 * 1366 and 390 px of the posting screen and of the view with its dialogs.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../src/shared/decimals.js';
import { adminApi } from '../e2e/support/admin-api';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { animationsFinished } from '../e2e/support/settle';
import { certifiedRegistration } from '../certificates/support';
import { loadModel } from '../../language/index.js';
import { ROOT } from '../api/support/server.js';
import { setUpReceivables, type Api } from './api-support';

const SHOTS = join(tmpdir(), 'account-actions-shots');
const CLERK = { email: 'consulta@conselho.test', password: 'Consulta#Conselho2026' };
const TIME_ZONE = 'America/Sao_Paulo';
const dayOf = (instant: number) => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
const typed = (date: string) => date.split('-').reverse().join('/');

describe("a control account posted, paid and reversed on its screens", () => {
  const session = browserSession();
  const page = () => session.page;
  const { api } = adminApi(() => session.product);
  const asTests: Api = (async (method: string, url: string, payload?: unknown) => ({ status: method === 'POST' ? 201 : 200, body: await api(method, url, payload) })) as unknown as Api;
  const path = () => new URL(page().url()).pathname;
  const shot = async (name: string) => {
    await animationsFinished(page());
    await page().screenshot({ path: join(SHOTS, `${name}.png`) });
  };
  /** A field of the view: its label and value, as react-admin's Labeled shows them. */
  const shown = (label: string) => page().locator('.RaLabeled-label').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=..');
  const statement = () => page().getByRole('region', { name: 'Pagamentos da conta' });
  const actions = () => page().getByRole('region', { name: 'Saldo em uma data' });
  const payDialog = () => page().getByRole('dialog', { name: /^Pagar a conta / });
  let accountId = 0;
  let partyId = 0;
  const payments: number[] = [];

  it("posts a debt on 'Lançar débito', its posting date after today refused on the field, and opens the account", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { registration } = await certifiedRegistration(async (url, body, method = 'POST') => (await api(method, url, body)).data, (module, label, combo) => adminApi(() => session.product).optionId(module, label, combo));
    const setUp = await setUpReceivables(loadModel(ROOT), asTests, {
      registration: async () => ({ id: registration.id, party_id: Number(registration.party_id), contribution_range_id: Number(registration.contribution_range_id), category_id: Number(registration.category_id) }),
    });
    partyId = setUp.registration.party_id;
    await setUp.debtType({ denomination: 'Taxa de expediente', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true });
    const partyName = (await api('GET', `/api/partes/combos?id=${partyId}`)).data[0].name as string;

    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(path).toBe('/');
    await page().goto(`${session.product.url}/control_account`);
    await page().getByRole('main').getByRole('link', { name: 'Lançar débito' }).click();
    await expect.poll(path).toBe('/lancar_debito');

    const party = page().getByRole('combobox', { name: /^Devedor/ });
    // The first options come, then what is typed narrows them.
    await party.click();
    await page().getByRole('option').first().waitFor();
    await party.fill(partyName.split(' ')[0]);
    await page().getByRole('option', { name: partyName }).first().click();
    await expect.poll(() => party.inputValue()).toBe(partyName);
    await page().getByRole('combobox', { name: /^Tipo de débito/ }).click();
    await page().getByRole('option', { name: 'Taxa de expediente' }).click();
    // A tax of typed value: the principal asked, and the due date.
    const principal = page().getByLabel(/^Valor original/);
    await principal.waitFor();
    const tomorrow = dayOf(Date.now() + 36 * 3_600_000);
    const due = dayOf(Date.now() + 30 * 86_400_000);
    await page().getByLabel(/^Data do lançamento/).fill(typed(tomorrow));
    await page().getByLabel(/^Vencimento/).fill(typed(due));
    await principal.fill('650,00');
    await shot('posting-1366');
    await page().getByRole('button', { name: 'Lançar', exact: true }).click();
    const postingDate = page().getByLabel(/^Data do lançamento/);
    await expect.poll(() => postingDate.getAttribute('aria-invalid')).toBe('true');
    await page().getByText(/^A data do lançamento não pode ser posterior a hoje/).waitFor();
    await page().setViewportSize({ width: 390, height: 844 });
    await shot('posting-refused-390');
    const box = await page().getByRole('button', { name: 'Lançar', exact: true }).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page().setViewportSize({ width: 1366, height: 900 });

    await postingDate.fill(typed(dayOf(Date.now())));
    await page().getByRole('button', { name: 'Lançar', exact: true }).click();
    await expect.poll(path, { timeout: 20_000 }).toMatch(/^\/control_account\/\d+\/show$/);
    accountId = Number(path().split('/')[2]);
    await shown('Situação da conta').getByText('Aberta').waitFor();
    await shown('Valor original').getByText('R$ 650,00').waitFor();
    const account = (await api('GET', `/api/control_account/${accountId}`)).data;
    expect(account).toMatchObject({ party_id: partyId, principal: '650.00', open_principal: '650.00', due_date: due, origin: 2, status: 1 });
    await statement().getByText('Nenhum pagamento.').waitFor();
  }, 240_000);

  it("pays part of it from the view: the amount starts at the balance, the open principal left is shown", async () => {
    const today = dayOf(Date.now());
    const balance = (await api('GET', `/api/control_account/${accountId}/saldo?data=${today}`)).data.total as string;
    await actions().getByRole('button', { name: 'Pagar', exact: true }).click();
    const amount = payDialog().getByLabel('Valor');
    await expect.poll(() => amount.inputValue()).toBe(formatCents(balance));
    expect(await payDialog().getByLabel('Data do pagamento').inputValue()).toBe(typed(today));
    await amount.fill('200,00');
    await payDialog().getByRole('combobox', { name: 'Meio' }).click();
    await page().getByRole('option', { name: 'Dinheiro' }).click();
    await payDialog().getByLabel(/^Observação/).fill('Pago no balcão');
    await shot('pay-dialog-1366');
    await payDialog().getByRole('button', { name: 'Confirmar pagamento' }).click();
    const result = payDialog().getByRole('status', { name: 'Pagamento registrado' });
    await result.getByText('Valor original em aberto: R$ 450,00.').waitFor();
    await payDialog().getByRole('button', { name: 'Fechar' }).click();
    await shown('Valor original em aberto').getByText('R$ 450,00').waitFor();
    const row = statement().getByRole('row').filter({ hasText: 'Dinheiro' });
    await expect.poll(() => row.innerText()).toMatch(/R\$ 200,00\s+R\$ 200,00\s+R\$ 450,00\s+—\s+Efetivado/);
    payments.push(Number((await row.getByRole('link').innerText()).replace(/\D/g, '')));
    expect((await api('GET', `/api/pagamentos/${payments[0]}`)).data).toMatchObject({ amount: '200.00', means: 1, notes: 'Pago no balcão', status: 1 });
  }, 120_000);

  it('pays the rest past the balance: the account is Paga and the credit is shown', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await actions().getByRole('button', { name: 'Pagar', exact: true }).click();
    const amount = payDialog().getByLabel('Valor');
    await expect.poll(() => amount.inputValue()).toBe('450,00');
    await amount.fill('500,00');
    await shot('pay-dialog-390');
    await payDialog().getByRole('button', { name: 'Confirmar pagamento' }).click();
    const result = payDialog().getByRole('status', { name: 'Pagamento registrado' });
    await result.getByText('A conta está paga.').waitFor();
    await result.getByText('Crédito do devedor criado: R$ 50,00.').waitFor();
    await shot('pay-result-390');
    await payDialog().getByRole('button', { name: 'Fechar' }).click();
    await shown('Situação da conta').getByText('Paga').waitFor();
    await expect.poll(() => actions().getByRole('button', { name: 'Pagar', exact: true }).count()).toBe(0);
    const card = statement().getByRole('listitem').nth(1);
    await expect.poll(() => card.innerText()).toMatch(/Crédito: R\$ 50,00/);
    payments.push(Number((await card.getByRole('link').innerText()).replace(/\D/g, '')));
    await shot('statement-390');
    const credits = (await api('GET', `/api/creditos?${new URLSearchParams({ filter: JSON.stringify({ party_id: partyId }) })}`)).data;
    expect(credits).toMatchObject([{ payment_id: payments[1], amount: '50.00', used: '0.00' }]);
  }, 120_000);

  it('reverses the last payment from the statement, asking its reason: the account is back to Aberta', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    const row = statement().getByRole('row').filter({ has: page().getByRole('link', { name: `nº ${payments[1]}` }) });
    await row.getByRole('button', { name: 'Estornar' }).click();
    const dialog = page().getByRole('dialog', { name: `Estornar o pagamento nº ${payments[1]}` });
    await dialog.getByRole('button', { name: 'Confirmar estorno' }).click();
    await dialog.getByText('Informe o motivo do estorno.').waitFor();
    expect(await dialog.getByLabel('Motivo do estorno').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Motivo do estorno').fill('Valor lançado a maior');
    await shot('reverse-dialog-1366');
    await dialog.getByRole('button', { name: 'Confirmar estorno' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await shown('Situação da conta').getByText('Aberta').waitFor();
    await shown('Valor original em aberto').getByText('R$ 450,00').waitFor();
    await expect.poll(() => row.innerText()).toMatch(/Estornado: Valor lançado a maior/);
    expect(await row.getByRole('button', { name: 'Estornar' }).count()).toBe(0);
    await actions().getByRole('button', { name: 'Pagar', exact: true }).waitFor();
    expect((await api('GET', `/api/creditos?${new URLSearchParams({ filter: JSON.stringify({ party_id: partyId }) })}`)).data).toEqual([]);
    await shot('reversed-1366');
  }, 120_000);

  it("refuses to reverse a payment a later one follows, with the server's message", async () => {
    const later = (await api('POST', '/api/control_account/pagamento', { date: dayOf(Date.now()), amount: '50.00', means: 3, control_account_ids: [accountId] })).data;
    await page().reload();
    const row = statement().getByRole('row').filter({ has: page().getByRole('link', { name: `nº ${payments[0]}` }) });
    await row.getByRole('button', { name: 'Estornar' }).click();
    const dialog = page().getByRole('dialog', { name: `Estornar o pagamento nº ${payments[0]}` });
    await dialog.getByLabel('Motivo do estorno').fill('Cheque devolvido');
    await dialog.getByRole('button', { name: 'Confirmar estorno' }).click();
    await dialog.getByRole('alert').getByText(`Estorne antes o pagamento nº ${later.id}, posterior a este.`).waitFor();
    await page().setViewportSize({ width: 390, height: 844 });
    await shot('reverse-refused-390');
    await page().setViewportSize({ width: 1366, height: 900 });
    await dialog.getByRole('button', { name: 'Voltar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await api('GET', `/api/pagamentos/${payments[0]}`)).data.status).toBe(1);

    // The later payment reversed from its own view: the account's statement links to it.
    await statement().getByRole('link', { name: `nº ${later.id}` }).click();
    await expect.poll(path).toMatch(new RegExp(`^/pagamentos/${later.id}`));
    await page().setViewportSize({ width: 390, height: 844 });
    await page().getByRole('region', { name: 'Estorno do pagamento' }).getByRole('button', { name: 'Estornar' }).click();
    const own = page().getByRole('dialog', { name: `Estornar o pagamento nº ${later.id}` });
    await own.getByLabel('Motivo do estorno').fill('Pago em duplicidade');
    await shot('payment-view-reverse-390');
    await own.getByRole('button', { name: 'Confirmar estorno' }).click();
    await own.waitFor({ state: 'hidden' });
    await page().getByText('Estornado', { exact: true }).first().waitFor();
    await expect.poll(() => page().getByRole('region', { name: 'Estorno do pagamento' }).getByRole('button', { name: 'Estornar' }).count()).toBe(0);
    expect((await api('GET', `/api/control_account/${accountId}`)).data).toMatchObject({ open_principal: '450.00', status: 1 });
    await page().setViewportSize({ width: 1366, height: 900 });
  }, 120_000);

  it("offers a clerk without controlAccount.pay no 'Pagar' nor 'Estornar', and the server refuses the payment", async () => {
    await api('POST', '/api/usuarios', {
      name: 'Carlos Consulta', email: CLERK.email, password: CLERK.password, password_confirmation: CLERK.password, active: true,
      // Reads the accounts and what their lists and views name (debtors, debt types, settings); pays nothing.
      permissions: [
        'controlAccount.index', 'controlAccount.show', 'party.index', 'debtType.index', 'registration.index',
        'valueUpdateSetting.index', 'interestUpdateSetting.index', 'forfeitUpdateSetting.index', 'amountAmortizationSetting.index',
      ].map((name) => ({ name, granted: true })),
    });
    await page().evaluate(() => window.localStorage.clear());
    await page().goto(`${session.product.url}/login`);
    await page().getByLabel('E-mail').fill(CLERK.email);
    await page().getByLabel('Senha').fill(CLERK.password);
    await page().getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(path).toBe('/');
    await page().goto(`${session.product.url}/control_account/${accountId}/show`);
    await shown('Situação da conta').getByText('Aberta').waitFor();
    await statement().getByRole('link', { name: `nº ${payments[0]}` }).waitFor();
    await statement().getByText(/^Estornado: Pago em duplicidade/).waitFor();
    await actions().getByRole('button', { name: 'Calcular saldo' }).waitFor();
    expect(await page().getByRole('button', { name: 'Pagar', exact: true }).count()).toBe(0);
    expect(await page().getByRole('button', { name: 'Estornar' }).count()).toBe(0);
    await page().goto(`${session.product.url}/control_account`);
    await page().getByRole('cell', { name: /\/\d{4}$/ }).first().waitFor();
    expect(await page().getByRole('main').getByRole('link', { name: 'Lançar débito' }).count()).toBe(0);
    expect(await page().getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Lançar débito' }).count()).toBe(0);

    const token = (await (await fetch(`${session.product.url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(CLERK) })).json()).data.token as string;
    const refused = await fetch(`${session.product.url}/api/control_account/pagamento`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ date: dayOf(Date.now()), amount: '10.00', means: 1, control_account_ids: [accountId] }),
    });
    expect(refused.status).toBe(403);
  }, 120_000);
});
