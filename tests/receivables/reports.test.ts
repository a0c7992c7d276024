/**
 * The receivables' shipped reports through the API (docs/RECEIVABLES.md §9), in PDF, XLSX and CSV:
 * 'Débitos em aberto' (the accounts Aberta by debtor with their balances on a date, §6; a cancelled
 * account, a paid one, a partly paid one, an overdue one, one not yet due) and 'Arrecadação por
 * período' (the payments of a period: a reversed one left out, a payment of two accounts, an
 * overpayment's credit, the credit's own payment apart), every figure against the value worked out
 * by hand below from the rows the test makes; the grants they need, and the shipped design types
 * they come from.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { councilDate } from '../../src/shared/council-clock.js';
import { REPORT_STATUS } from '../../src/server/features/reports/jobs/queue.js';
import { creator } from '../api/support/bodies.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { csvRows, pdfPages, xlsxRows } from '../reports/support.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { created, setUpReceivables, type Api, type SetUp } from './api-support.js';

type Row = Record<string, any>;
const PDFS = join(tmpdir(), 'receivables-reports');
type Format = 'pdf' | 'xlsx' | 'csv';

/** `'1234.5'` → `'R$ 1.234,50'`, written out here rather than taken from the product. */
const brl = (value: string | Decimal) => {
  const [whole, cents] = new Decimal(value).toFixed(2).split('.');
  return `R$ ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
};
const sum = (values: string[]) => values.reduce((total, value) => total.plus(value), new Decimal(0)).toFixed(2);
const csvMoney = (value: string) => new Decimal(value).toFixed(2).replace('.', ',');
/** A sheet's rows with empty cells as null. */
const sheetOf = async (bytes: Buffer) => (await xlsxRows(bytes)).map((row) => Array.from(row, (cell) => cell ?? null));

for (const kind of FEATURE_DATABASE_KINDS) describe(`receivables reports [${kind}]`, () => {
  let server: TestServer;
  let api: Api;
  let setUp: SetUp;
  const designs: Record<string, number> = {};
  const types: Record<string, number> = {};
  const parties: Record<string, { id: number; heading: string; name: string; document: string }> = {};
  const accounts: Record<string, Row> = {};
  const payments: Record<string, Row> = {};

  const post = (party: number, type: number, exercise: number, principal: string, due_date: string, more: Row = {}) =>
    created(api, '/api/control_account/lancamento', { party_id: party, debt_type_id: type, exercise, principal, due_date, ...more });
  const pay = async (body: Row) => {
    const answer = await api('POST', '/api/control_account/pagamento', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data as Row;
  };

  /** Asks for a report as a person would, waits for its job, and answers the printed file (or the report, when it failed). */
  const report = async (code: string, format: Format, used_parameters: Row, as: Api = api) => {
    const owner = code === 'debitos_em_aberto' ? 'control_account' : 'pagamentos';
    const asked = await as('POST', '/api/relatorio', { report_design_type_id: designs[code], file_extension: format, owner, used_parameters, without_document: true });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    let row: Row = {};
    await expect.poll(async () => {
      row = (await as('GET', `/api/relatorio/${asked.body.data.id}`)).body.data;
      return row.status;
    }, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(REPORT_STATUS.printed);
    if (row.status !== REPORT_STATUS.printed) return { report: row, bytes: Buffer.alloc(0), name: '' };
    const printed = (await as('GET', `/api/relatorio/${row.id}/print`)).body.data;
    return { report: row, bytes: Buffer.from(printed.file, 'base64'), name: printed.name as string };
  };
  const pdfText = async (code: string, parameters: Row) => {
    const { report: row, bytes, name } = await report(code, 'pdf', parameters);
    expect(row.error_reason).toBeNull();
    expect(name).toMatch(/\.pdf$/);
    // Kept to be looked at (its pages as pictures): the columns side by side, nothing cut.
    mkdirSync(PDFS, { recursive: true });
    writeFileSync(join(PDFS, name), bytes);
    return (await pdfPages(bytes)).join(' ');
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = call(server, server.adminToken);
    setUp = await setUpReceivables(server.model, api);
    const tax = (denomination: string) => setUp.debtType({ denomination, characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true });
    types.fee = await tax('Taxa de expediente');
    types.fine = await tax('Multa eleitoral');
    for (const row of (await api('GET', '/api/tipo_design_relatorio?sort=name')).body.data as Row[]) if (row.code) designs[row.code] = row.id;

    // P1, the registration's person (a CPF); P2, a company (a CNPJ).
    const company = creator(server.model, (url, body) => api('POST', url, body));
    const companyId = await company('pessoa_juridica');
    const p2 = Number(company.records!.get(`pessoa_juridica:${companyId}`)!.party_id);
    for (const [key, id] of [['p1', setUp.registration.party_id], ['p2', p2]] as const) {
      const party = await server.db.selectFrom('parties').select(['name', 'tax_id']).where('id', '=', id).executeTakeFirstOrThrow();
      const digits = String(party.tax_id).replace(/\D/g, '');
      const document = digits.length === 11
        ? `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`
        : `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`;
      parties[key] = { id, name: party.name, document, heading: `${party.name} — ${digits.length === 11 ? 'CPF' : 'CNPJ'} ${document}` };
    }

    const { p1, p2: company2 } = { p1: parties.p1.id, p2: parties.p2.id };
    accounts.a1 = await post(p1, types.fee, 2025, '600.00', '2025-03-31');
    accounts.a2 = await post(p1, types.fee, 2026, '650.00', '2026-03-31');
    accounts.a3 = await post(p1, types.fine, 2026, '300.00', '2026-12-31');
    accounts.a4 = await post(p1, types.fee, 2026, '100.00', '2026-01-31');
    accounts.a5 = await post(p1, types.fee, 2026, '120.00', '2026-02-27');
    accounts.a6 = await post(p1, types.fee, 2026, '80.00', '2026-02-27');
    accounts.b1 = await post(company2, types.fee, 2026, '400.00', '2026-03-31');
    accounts.b2 = await post(company2, types.fine, 2026, '250.00', '2026-05-29');
    accounts.b3 = await post(company2, types.fee, 2026, '100.00', '2026-06-30');
    expect((await api('POST', `/api/control_account/${accounts.a4.id}/cancelamento`, { motivo: 'Lançado em duplicidade' })).status).toBe(200);
    // Two accounts paid at once, in cash; a part of A2 by PIX; B1 paid and reversed.
    payments.cash = await pay({ date: '2026-02-27', amount: '200.00', means: 1, control_account_ids: [accounts.a5.id, accounts.a6.id] });
    payments.part = await pay({ date: '2026-03-31', amount: '200.00', means: 3, control_account_ids: [accounts.a2.id] });
    payments.reversed = await pay({ date: '2026-04-10', amount: '400.00', means: 4, control_account_ids: [accounts.b1.id] });
    expect((await api('POST', `/api/pagamentos/${payments.reversed.id}/estorno`, { reason: 'Transferência devolvida' })).status).toBe(200);
    // B3 overpaid by 30,00; the credit pays part of B4, posted on 05/05/2026, as a payment of means Crédito.
    payments.over = await pay({ date: '2026-04-15', amount: '130.00', means: 3, control_account_ids: [accounts.b3.id] });
    expect(payments.over.credit).toBe('30.00');
    accounts.b4 = await post(company2, types.fee, 2026, '80.00', '2026-07-31', { posting_date: '2026-05-05' });
    expect(accounts.b4.open_principal).toBe('50.00');
  }, 300_000);

  afterAll(async () => server?.close());

  /**
   * On 30/04/2026 (interest 1 % ao mês, forfeit 2 %, no correction, §6):
   * A1 600,00 due 31/03/2025, 395 days late: juros 600 × 395/30 % = 79,00, multa 12,00 → 691,00;
   * A2 650,00 less 200,00 paid on its due date = 450,00 open, 30 days late: juros 4,50, multa 9,00 → 463,50;
   * A3 300,00 due 31/12/2026 → 300,00; A4 cancelled, A5 and A6 paid: not listed.
   * B1 400,00 (its payment reversed), 30 days late: juros 4,00, multa 8,00 → 412,00;
   * B2 250,00 due 29/05/2026 → 250,00; B3 paid; B4 80,00 less the 30,00 credit = 50,00 due 31/07/2026 → 50,00.
   */
  const OPEN = {
    p1: [['a1', 2025, 'Taxa de expediente', '31/03/2025', '600.00', '691.00', true], ['a2', 2026, 'Taxa de expediente', '31/03/2026', '450.00', '463.50', true], ['a3', 2026, 'Multa eleitoral', '31/12/2026', '300.00', '300.00', false]],
    p2: [['b1', 2026, 'Taxa de expediente', '31/03/2026', '400.00', '412.00', true], ['b2', 2026, 'Multa eleitoral', '29/05/2026', '250.00', '250.00', false], ['b4', 2026, 'Taxa de expediente', '31/07/2026', '50.00', '50.00', false]],
  } as const;
  type Open = (typeof OPEN)['p1'][number] | (typeof OPEN)['p2'][number];
  /** The parties in the report's order: by name. */
  const byName = () => (['p1', 'p2'] as const).slice().sort((a, b) => parties[a].name.localeCompare(parties[b].name, 'pt-BR'));
  const open = (filter: (row: Open) => boolean = () => true) => byName().map((key) => ({ key, rows: (OPEN[key] as readonly Open[]).filter(filter) })).filter((party) => party.rows.length > 0);

  it('lists the open accounts by debtor with their balances on the date, and the totals, in the PDF', async () => {
    // The balance function's own answer agrees with the hand-worked figures.
    for (const [key, , , , , balance] of [...OPEN.p1, ...OPEN.p2]) {
      expect((await api('GET', `/api/control_account/${accounts[key].id}/saldo?data=2026-04-30`)).body.data.total, key).toBe(balance);
    }
    const text = await pdfText('debitos_em_aberto', { data: '2026-04-30' });
    expect(text).toContain('Débitos em aberto');
    expect(text).toContain('Saldos em 30/04/2026');
    expect(text).toContain('Valor original em aberto');
    let at = 0;
    for (const { key, rows } of open()) {
      const heading = text.indexOf(`Devedor: ${parties[key].heading}`, at);
      expect(heading, parties[key].heading).toBeGreaterThanOrEqual(at);
      at = heading;
      for (const [account, exercise, type, due, principal, balance, overdue] of rows) {
        const line = `${accounts[account].formatted_number} ${exercise} ${type} ${due} ${brl(principal)} ${brl(balance)} ${overdue ? 'Sim' : 'Não'}`;
        expect(text.indexOf(line, at), line).toBeGreaterThan(at);
        at = text.indexOf(line, at);
      }
      const subtotal = `Subtotal ${parties[key].heading}: ${rows.length} registros ${brl(sum(rows.map((r) => r[4])))} ${brl(sum(rows.map((r) => r[5])))}`;
      expect(text.indexOf(subtotal, at), subtotal).toBeGreaterThan(at);
    }
    const all = open().flatMap((party) => party.rows);
    // 600 + 450 + 300 + 400 + 250 + 50 = 2.050,00; 691 + 463,50 + 300 + 412 + 250 + 50 = 2.166,50.
    expect([sum(all.map((r) => r[4])), sum(all.map((r) => r[5]))]).toEqual(['2050.00', '2166.50']);
    expect(text).toContain('Total: 6 registros R$ 2.050,00 R$ 2.166,50');
    for (const gone of ['a4', 'a5', 'a6', 'b3']) expect(text).not.toContain(accounts[gone].formatted_number);
  });

  it('gives the same figures as numbers in the XLSX and as a table in the CSV', async () => {
    const xlsx = await report('debitos_em_aberto', 'xlsx', { data: '2026-04-30' });
    expect(xlsx.name).toBe('debitos-em-aberto.xlsx');
    const sheet = await sheetOf(xlsx.bytes);
    const titles = sheet.findIndex((row) => row[0] === 'Conta');
    expect(sheet[titles]).toEqual(['Conta', 'Exercício', 'Tipo de débito', 'Vencimento', 'Valor original em aberto', 'Saldo na data', 'Vencida']);
    const rows = sheet.slice(titles + 1).filter((row) => /^ANU-/.test(String(row[0])));
    const expected = open().flatMap((party) => party.rows).map(([key, exercise, type, due, principal, balance, overdue]) => [accounts[key].formatted_number, exercise, type, due, Number(principal), Number(balance), overdue ? 'Sim' : 'Não']);
    expect(rows).toEqual(expected);
    const total = sheet.find((row) => row[0] === 'Total: 6 registros')!;
    expect(total.slice(4, 6)).toEqual([2050, 2166.5]);
    const first = open()[0];
    expect(sheet.find((row) => row[0] === `Subtotal ${parties[first.key].heading}: ${first.rows.length} registros`)!.slice(4, 6))
      .toEqual([Number(sum(first.rows.map((r) => r[4]))), Number(sum(first.rows.map((r) => r[5])))]);

    const csv = csvRows((await report('debitos_em_aberto', 'csv', { data: '2026-04-30' })).bytes);
    expect(csv[0]).toEqual(['Devedor', 'Conta', 'Exercício', 'Tipo de débito', 'Vencimento', 'Valor original em aberto', 'Saldo na data', 'Vencida']);
    expect(csv.slice(1)).toEqual(open().flatMap(({ key, rows: list }) => list.map(([account, exercise, type, due, principal, balance, overdue]) => [
      parties[key].heading, accounts[account].formatted_number, String(exercise), type, due, csvMoney(principal), csvMoney(balance), overdue ? 'Sim' : 'Não',
    ])));
  });

  it('keeps only the overdue accounts, or one debt type, when asked; the date defaults to today', async () => {
    const overdue = await pdfText('debitos_em_aberto', { data: '2026-04-30', somente_vencidos: true });
    const late = open((row) => row[6]).flatMap((party) => party.rows);
    // A1, A2, B1: 600 + 450 + 400 = 1.450,00; 691 + 463,50 + 412 = 1.566,50.
    expect([sum(late.map((r) => r[4])), sum(late.map((r) => r[5]))]).toEqual(['1450.00', '1566.50']);
    expect(overdue).toContain('Total: 3 registros R$ 1.450,00 R$ 1.566,50');
    expect(overdue).toContain('Somente vencidos');
    for (const gone of ['a3', 'b2', 'b4']) expect(overdue).not.toContain(accounts[gone].formatted_number);

    const fines = csvRows((await report('debitos_em_aberto', 'csv', { data: '2026-04-30', tipo_debito_id: types.fine })).bytes);
    expect(fines.slice(1).map((row) => [row[1], row[6]])).toEqual(open((row) => row[2] === 'Multa eleitoral').flatMap((party) => party.rows.map((r) => [accounts[r[0]].formatted_number, csvMoney(r[5])])));

    // Without a date, today's balances: each as the balance route answers it today.
    const today = councilDate();
    const text = await pdfText('debitos_em_aberto', {});
    const [d, m, y] = [today.slice(8, 10), today.slice(5, 7), today.slice(0, 4)];
    expect(text).toContain(`Saldos em ${d}/${m}/${y}`);
    const balances = [];
    for (const [key] of [...OPEN.p1, ...OPEN.p2]) balances.push((await api('GET', `/api/control_account/${accounts[key].id}/saldo?data=${today}`)).body.data.total as string);
    expect(text).toContain(`Total: 6 registros R$ 2.050,00 ${brl(sum(balances))}`);
  });

  /**
   * From 01/01/2026 to 31/12/2026: 27/02 nº cash 200,00 Dinheiro (A5 and A6); 31/03 part 200,00 PIX
   * (A2); 15/04 over 130,00 PIX (B3), credit 30,00. Left out: 10/04 the reversed 400,00 and 05/05 the
   * 30,00 of means Crédito (the credit of 15/04 moved to B4). By means: Dinheiro 200,00, PIX 330,00;
   * by month: 02/2026 200,00, 03/2026 200,00, 04/2026 130,00; total 530,00, credit 30,00.
   */
  const RECEIVED = [
    ['cash', '27/02/2026', 'p1', ['a5', 'a6'], 'Dinheiro', '200.00', '0.00'],
    ['part', '31/03/2026', 'p1', ['a2'], 'PIX', '200.00', '0.00'],
    ['over', '15/04/2026', 'p2', ['b3'], 'PIX', '130.00', '30.00'],
  ] as const;

  it('lists the payments of the period, without the reversed one, with totals by means and by month, in the PDF', async () => {
    const text = await pdfText('arrecadacao_por_periodo', { data_inicial: '2026-01-01', data_final: '2026-12-31' });
    expect(text).toContain('Arrecadação por período');
    expect(text).toContain('De 01/01/2026 a 31/12/2026');
    let at = 0;
    for (const [key, date, party, paid, means, amount, credit] of RECEIVED) {
      const line = `${date} ${payments[key].id} ${parties[party].heading} ${paid.map((a) => accounts[a].formatted_number).join(', ')} ${means} ${brl(amount)} ${brl(credit)}`;
      expect(text.indexOf(line, at), line).toBeGreaterThanOrEqual(at);
      at = text.indexOf(line, at);
    }
    expect(sum(RECEIVED.map((r) => r[5]))).toBe('530.00');
    expect(text).toContain(`Total: 3 registros ${brl('530.00')} ${brl('30.00')}`);
    const byMeans = (means: string) => sum(RECEIVED.filter((r) => r[4] === means).map((r) => r[5]));
    expect(text).toContain(`Total por meio de pagamento Registros Valor Crédito Dinheiro 1 ${brl(byMeans('Dinheiro'))} R$ 0,00 PIX 2 ${brl(byMeans('PIX'))} R$ 30,00`);
    const byMonth = (month: string) => sum(RECEIVED.filter((r) => r[1].endsWith(month)).map((r) => r[5]));
    expect(text).toContain(`Total por mês Registros Valor Crédito 02/2026 1 ${brl(byMonth('02/2026'))} R$ 0,00 03/2026 1 ${brl(byMonth('03/2026'))} R$ 0,00 04/2026 1 ${brl(byMonth('04/2026'))} R$ 30,00`);
    expect(text).not.toContain('400,00');
    expect(text).not.toContain(`05/05/2026`);
  });

  it('gives the same payments and totals in the XLSX and the CSV; a means, a shorter period, the credit apart', async () => {
    const sheet = await sheetOf((await report('arrecadacao_por_periodo', 'xlsx', { data_inicial: '2026-01-01', data_final: '2026-12-31' })).bytes);
    const titles = sheet.findIndex((row) => row[0] === 'Data');
    expect(sheet[titles]).toEqual(['Data', 'Nº', 'Devedor', 'Contas pagas', 'Meio', 'Valor', 'Crédito']);
    expect(sheet.slice(titles + 1, titles + 4)).toEqual(RECEIVED.map(([key, date, party, paid, means, amount, credit]) => [
      date, payments[key].id, parties[party].heading, paid.map((a) => accounts[a].formatted_number).join(', '), means, Number(amount), Number(credit),
    ]));
    expect(sheet[titles + 4]).toEqual(['Total: 3 registros', null, null, null, null, 530, 30]);
    const summary = (label: string) => sheet.slice(sheet.findIndex((row) => row[0] === label) + 1).filter((row) => row.length).slice(0, label.includes('mês') ? 3 : 2);
    expect(summary('Total por meio de pagamento')).toEqual([['Dinheiro: 1 registro', null, null, null, null, 200, 0], ['PIX: 2 registros', null, null, null, null, 330, 30]]);
    expect(summary('Total por mês').map((row) => [row[0], row[5]])).toEqual([['02/2026: 1 registro', 200], ['03/2026: 1 registro', 200], ['04/2026: 1 registro', 130]]);

    const csv = csvRows((await report('arrecadacao_por_periodo', 'csv', { data_inicial: '2026-01-01', data_final: '2026-12-31' })).bytes);
    expect(csv[0]).toEqual(['Data', 'Nº', 'Devedor', 'Contas pagas', 'Meio', 'Valor', 'Crédito']);
    expect(csv.slice(1).map((row) => [row[0], row[4], row[5], row[6]])).toEqual(RECEIVED.map((r) => [r[1], r[4], csvMoney(r[5]), csvMoney(r[6])]));

    const pix = csvRows((await report('arrecadacao_por_periodo', 'csv', { data_inicial: '2026-01-01', data_final: '2026-12-31', meio: 'pix' })).bytes);
    expect(pix.slice(1).map((row) => row[5])).toEqual(['200,00', '130,00']);
    const credit = csvRows((await report('arrecadacao_por_periodo', 'csv', { data_inicial: '2026-01-01', data_final: '2026-12-31', meio: 'Crédito' })).bytes);
    expect(credit.slice(1).map((row) => [row[0], row[4], row[5]])).toEqual([['05/05/2026', 'Crédito', '30,00']]);
    const march = csvRows((await report('arrecadacao_por_periodo', 'csv', { data_inicial: '2026-03-01', data_final: '2026-03-31' })).bytes);
    expect(march.slice(1).map((row) => [row[0], row[5]])).toEqual([['31/03/2026', '200,00']]);

    const unknown = await report('arrecadacao_por_periodo', 'csv', { data_inicial: '2026-01-01', data_final: '2026-12-31', meio: 'Cheque' });
    expect(unknown.report).toMatchObject({ status: REPORT_STATUS.failed, error_reason: 'Meio de pagamento desconhecido: Cheque. Use um destes: Dinheiro, Boleto, PIX, Transferência, Crédito, Cartão.' });
    const backwards = await report('arrecadacao_por_periodo', 'csv', { data_inicial: '2026-12-31', data_final: '2026-01-01' });
    expect(backwards.report.error_reason).toBe('A data final deve ser igual ou posterior à data inicial.');
    const missing = await api('POST', '/api/relatorio', { report_design_type_id: designs.arrecadacao_por_periodo, file_extension: 'pdf', owner: 'pagamentos', used_parameters: { data_inicial: '2026-01-01' } });
    expect(missing).toMatchObject({ status: 422, body: { errors: { 'used_parameters.data_final': ['O parâmetro Data final é obrigatório.'] } } });
  });

  it('needs the control accounts\' listing grant, as a list would', async () => {
    const reportsOnly = await userWith(server, [{ name: 'report.generate' }, { name: 'report.index' }, { name: 'report.show' }]);
    const refused = await report('debitos_em_aberto', 'csv', { data: '2026-04-30' }, call(server, reportsOnly.token));
    expect(refused.report).toMatchObject({ status: REPORT_STATUS.failed, error_reason: 'Você não tem permissão para listar Contas de controle, que este relatório lê.' });
    const collection = await report('arrecadacao_por_periodo', 'csv', { data_inicial: '2026-01-01', data_final: '2026-12-31' }, call(server, reportsOnly.token));
    expect(collection.report.error_reason).toBe('Você não tem permissão para listar Pagamentos, que este relatório lê.');

    const staff = await userWith(server, [{ name: 'report.generate' }, { name: 'report.index' }, { name: 'report.show' }, { name: 'controlAccount.index' }]);
    const allowed = await report('debitos_em_aberto', 'csv', { data: '2026-04-30' }, call(server, staff.token));
    expect(allowed.report.status).toBe(REPORT_STATUS.printed);
    expect(csvRows(allowed.bytes).length).toBe(7);
    const nobody = await userWith(server, [{ name: 'controlAccount.index' }]);
    expect((await call(server, nobody.token)('POST', '/api/relatorio', { report_design_type_id: designs.debitos_em_aberto, file_extension: 'pdf', owner: 'control_account' })).status).toBe(403);
  });

  it('comes from design types every space starts with, of the control accounts and of the payments', async () => {
    const rows = (await api('GET', '/api/tipo_design_relatorio?sort=name')).body.data as Row[];
    expect(rows.filter((row) => ['debitos_em_aberto', 'arrecadacao_por_periodo'].includes(row.code)).map((row) => [row.code, row.name, row.owners])).toEqual([
      ['arrecadacao_por_periodo', 'Arrecadação por período', ['pagamentos']],
      ['debitos_em_aberto', 'Débitos em aberto', ['control_account']],
    ]);
    const open = rows.find((row) => row.code === 'debitos_em_aberto')!;
    expect((await api('GET', `/api/tipo_design_relatorio/${open.id}`)).body.data.parameters.map((p: Row) => [p.name, p.type, p.required])).toEqual([
      ['data', 'date', false], ['tipo_debito_id', 'reference', false], ['somente_vencidos', 'boolean', false],
    ]);
  });
});
