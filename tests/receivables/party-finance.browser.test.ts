/**
 * A person's and a company's *Financeiro* tab and the dashboard's finance figures (docs/RECEIVABLES.md
 * §9), in Chromium at 1366 and 390 px: the accounts (open, paid, overdue) each opening its view, the
 * balance today, 'Vencida', the regularity, the open balance at a chosen date and the unused credit;
 * the dashboard's billed, received, open and overdue as the file's own accounts and payments make
 * them (one of them reversed, one account cancelled); neither to a person who may not see control
 * accounts.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../src/shared/decimals.js';
import { adminApi } from '../e2e/support/admin-api';
import { animationsFinished } from '../e2e/support/settle';
import { logIn } from '../e2e/support/product';
import { browserSession } from '../e2e/support/session';
import { certifiedRegistration } from '../certificates/support';
import { loadModel } from '../../language/index.js';
import { ROOT } from '../api/support/server.js';
import { setUpReceivables, type Api } from './api-support';

const SHOTS = join(tmpdir(), 'party-finance-shots');
const CLERK = { email: 'cadastro@conselho.test', password: 'Cadastro#Conselho2026' };

describe("the parties' Financeiro tab and the dashboard's finance figures", () => {
  const session = browserSession();
  const page = () => session.page;
  const { api, optionId } = adminApi(() => session.product);
  const asTests: Api = (async (method: string, url: string, payload?: unknown) => ({ status: method === 'POST' ? 201 : 200, body: await api(method, url, payload) })) as unknown as Api;
  const tab = () => page().getByRole('tab', { name: 'Financeiro' });
  const finance = () => page().getByRole('region', { name: 'Financeiro', exact: true });
  const row = (number: string) => finance().getByRole('row').filter({ has: page().getByRole('link', { name: number, exact: true }) });
  const shot = async (name: string) => {
    await animationsFinished(page());
    await page().screenshot({ path: join(SHOTS, name), fullPage: true });
  };

  it('shows the accounts, balances, regularity and credit of a person and of a company, and the dashboard figures', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { registration } = await certifiedRegistration(async (path, body, method = 'POST') => (await api(method, path, body)).data, optionId);
    const setUp = await setUpReceivables(loadModel(ROOT), asTests, {
      registration: async () => ({ id: registration.id, party_id: Number(registration.party_id), contribution_range_id: Number(registration.contribution_range_id), category_id: Number(registration.category_id) }),
    });
    const person = (await api('GET', `/api/pessoa_fisica?${new URLSearchParams({ q: 'Maria da Silva Souza' })}`)).data[0];
    const company = (await api('POST', '/api/pessoa_juridica', {
      cnpj: '11.444.777/0001-61', name: 'Construtora Devedora Ltda', short_name: 'Devedora', party_type_id: await optionId('tipos_parte', 'Pessoa Jurídica', 'pessoa_juridica_sem_instituicao'),
      nationality_id: await optionId('nacionalidades', 'Brasileira'), legal_nature_id: await optionId('naturezas_juridicas', '206-2'),
      economic_activity_id: await optionId('atividades_economicas', '4120-4/00'), social_capital: '100.000,00',
    })).data;
    const tax = await setUp.debtType({ denomination: 'Taxa de expediente', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true });
    const post = async (party_id: number, principal: string, due_date: string) =>
      (await api('POST', '/api/control_account/lancamento', { party_id, debt_type_id: tax, exercise: Number(due_date.slice(0, 4)), principal, due_date, posting_date: '2026-01-05' })).data;
    const pay = async (id: number, date: string, amount: string) => (await api('POST', '/api/control_account/pagamento', { date, amount, means: 3, control_account_ids: [id] })).data;

    // The person: overdue, paid with 30,00 over (credit), not yet due.
    const overdue = await post(person.party_id, '650.00', '2026-03-31');
    const paid = await post(person.party_id, '200.00', '2026-06-30');
    const future = await post(person.party_id, '100.00', '2027-12-20');
    await pay(paid.id, '2026-06-01', '230.00');
    // The company: overdue, paid, paid and reversed (open again), cancelled.
    const owed = await post(company.party_id, '300.00', '2026-04-15');
    const settled = await post(company.party_id, '120.00', '2026-05-10');
    const reopened = await post(company.party_id, '80.00', '2026-07-20');
    const cancelled = await post(company.party_id, '500.00', '2026-08-10');
    await pay(settled.id, '2026-05-10', '120.00');
    const reversed = await pay(reopened.id, '2026-07-20', '80.00');
    await api('POST', `/api/pagamentos/${reversed.id}/estorno`, { reason: 'Cheque devolvido' });
    await api('POST', `/api/control_account/${cancelled.id}/cancelamento`, { motivo: 'Lançada por engano' });

    const today = (await api('GET', `/api/partes/${person.party_id}/regularidade`)).data.date as string;
    const balance = async (id: number) => (await api('GET', `/api/control_account/${id}/saldo?data=${today}`)).data.total as string;
    const reais = (value: string) => `R$ ${formatCents(value)}`;
    const pattern = (value: string) => reais(value).replace(/[.$]/g, '\\$&');
    const overdueToday = await balance(overdue.id);

    await page().setViewportSize({ width: 1366, height: 900 });
    await logIn(page(), session.product);
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().goto(`${session.product.url}/pessoa_fisica/${person.id}`);
    await tab().click();
    await row(overdue.formatted_number).waitFor();
    await expect.poll(() => row(overdue.formatted_number).innerText()).toMatch(new RegExp(`2026\\s+Taxa de expediente\\s+Aberta\\s+31/03/2026\\s+${pattern(overdueToday)}\\s+Vencida`));
    await expect.poll(() => row(paid.formatted_number).innerText()).toMatch(/Paga\s+30\/06\/2026\s+R\$ 0,00\s+Não/);
    await expect.poll(() => row(future.formatted_number).innerText()).toMatch(/2027\s+Taxa de expediente\s+Aberta\s+20\/12\/2027\s+R\$ 100,00\s+Não/);
    await finance().getByText(`Em débito: ${reais(overdueToday)} desde 31/03/2026`).waitFor();
    await expect.poll(() => finance().getByLabel('Crédito disponível').innerText()).toBe('Crédito disponível: R$ 30,00');
    const openToday = (await api('GET', `/api/partes/${person.party_id}/saldo?data=${today}`)).data.total as string;
    await expect.poll(() => finance().getByLabel('Saldo em aberto na data').innerText()).toBe(reais(openToday));
    // On 30/04/2026 (B1 and B4 of the book): 650,00 + juros 6,50 + multa 13,00, and the 100,00 not yet due.
    await finance().getByLabel('Saldo em aberto em').fill('30/04/2026');
    await expect.poll(() => finance().getByLabel('Saldo em aberto na data').innerText()).toBe('R$ 769,50');
    await shot('person-1366.png');

    await page().setViewportSize({ width: 390, height: 844 });
    const card = finance().getByRole('listitem').filter({ has: page().getByRole('link', { name: overdue.formatted_number, exact: true }) });
    await expect.poll(() => card.innerText()).toMatch(new RegExp(`Vencida[\\s\\S]*Vencimento 31/03/2026 · Saldo hoje ${pattern(overdueToday)}`));
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await shot('person-390.png');
    await card.getByRole('link', { name: overdue.formatted_number }).click();
    await expect.poll(() => new URL(page().url()).pathname).toBe(`/control_account/${overdue.id}/show`);

    await page().setViewportSize({ width: 1366, height: 900 });
    await page().goto(`${session.product.url}/pessoa_juridica/${company.id}`);
    await tab().click();
    await row(owed.formatted_number).waitFor();
    await expect.poll(() => row(owed.formatted_number).innerText()).toMatch(new RegExp(`Aberta\\s+15/04/2026\\s+${pattern(await balance(owed.id))}\\s+Vencida`));
    await expect.poll(() => row(settled.formatted_number).innerText()).toMatch(/Paga\s+10\/05\/2026\s+R\$ 0,00\s+Não/);
    await expect.poll(() => row(reopened.formatted_number).innerText()).toMatch(/Aberta\s+20\/07\/2026\s+R\$ [\d.]+,\d\d\s+Vencida/);
    await expect.poll(() => row(cancelled.formatted_number).innerText()).toMatch(/Cancelada\s+10\/08\/2026\s+R\$ 0,00\s+Não/);
    await finance().getByText(/^Em débito: R\$ [\d.]+,\d\d desde 15\/04\/2026$/).waitFor();
    await expect.poll(() => finance().getByLabel('Crédito disponível').innerText()).toBe('Crédito disponível: R$ 0,00');
    await shot('company-1366.png');
    await page().setViewportSize({ width: 390, height: 844 });
    await finance().getByRole('listitem').first().waitFor();
    await shot('company-390.png');

    // The dashboard, by hand from the accounts above (the 2027 one billed in 2027; the cancelled one
    // and the reversed payment not counted): billed 650 + 200 + 300 + 120 + 80; received 230 + 120;
    // open 650 + 100 + 300 + 80; overdue 650 + 300 + 80.
    await page().setViewportSize({ width: 1366, height: 900 });
    await page().goto(`${session.product.url}/dashboard`);
    const figures = page().getByRole('region', { name: 'Financeiro' });
    await figures.getByLabel('Ano').selectOption('2026');
    const money = figures.getByLabel('Valores financeiros');
    await expect.poll(() => money.innerText()).toMatch(/Faturado em 2026\s+R\$ 1\.350,00\s+Recebido em 2026\s+R\$ 350,00\s+Em aberto em \d\d\/\d\d\/\d{4}\s+R\$ 1\.130,00\s+Vencido em \d\d\/\d\d\/\d{4}\s+R\$ 1\.030,00/);
    const month = (name: string) => figures.getByRole('row').filter({ has: page().getByRole('rowheader', { name, exact: true }) });
    expect(await month('Março').innerText()).toMatch(/Março\s+R\$ 650,00\s+R\$ 0,00/);
    expect(await month('Maio').innerText()).toMatch(/Maio\s+R\$ 120,00\s+R\$ 120,00/);
    expect(await month('Junho').innerText()).toMatch(/Junho\s+R\$ 200,00\s+R\$ 230,00/);
    expect(await month('Julho').innerText()).toMatch(/Julho\s+R\$ 80,00\s+R\$ 0,00/);
    await figures.getByRole('img', { name: /^Faturado e recebido por mês em 2026\. .*Junho: faturado R\$ 200,00, recebido R\$ 230,00/ }).locator('svg').first().waitFor();
    await shot('dashboard-1366.png');
    await page().setViewportSize({ width: 390, height: 844 });
    await figures.getByRole('img', { name: /^Faturado e recebido por mês em 2026/ }).locator('svg').first().waitFor();
    await shot('dashboard-390.png');
    await figures.getByLabel('Ano').selectOption('2027');
    await expect.poll(() => money.innerText()).toMatch(/Faturado em 2027\s+R\$ 100,00\s+Recebido em 2027\s+R\$ 0,00/);
  }, 360_000);

  it('shows neither the tab nor the figures to a person who may not see control accounts', async () => {
    await api('POST', '/api/usuarios', {
      name: 'Carlos Cadastro', email: CLERK.email, password: CLERK.password, password_confirmation: CLERK.password, active: true,
      // Keeps the registry, and reads what the person's form names (a reference it may not read sends it to Início); no control account.
      permissions: ['party.index', 'party.show', 'party.update', 'genre.index', 'nationality.index', 'civilStatus.index', 'city.index', 'state.index']
        .map((name) => ({ name, granted: true })),
    });
    const person = (await api('GET', `/api/pessoa_fisica?${new URLSearchParams({ q: 'Maria da Silva Souza' })}`)).data[0];
    await page().setViewportSize({ width: 1366, height: 900 });
    await page().evaluate(() => window.localStorage.clear());
    await page().goto(`${session.product.url}/login`);
    await page().getByLabel('E-mail').fill(CLERK.email);
    await page().getByLabel('Senha').fill(CLERK.password);
    await page().getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().goto(`${session.product.url}/pessoa_fisica/${person.id}`);
    await page().getByRole('tab', { name: 'Cursos' }).waitFor();
    expect(await tab().count()).toBe(0);
    await page().goto(`${session.product.url}/dashboard`);
    await page().getByRole('region', { name: 'Registros por área' }).waitFor();
    expect(await page().getByRole('region', { name: 'Financeiro' }).count()).toBe(0);
  }, 120_000);
});
