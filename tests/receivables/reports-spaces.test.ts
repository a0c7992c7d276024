/**
 * The receivables' reports across spaces (PostgreSQL spaces of a PostgreSQL platform, docs/TESTING.md):
 * a space's 'Débitos em aberto' and 'Arrecadação por período' list its own accounts and payments,
 * and another space's, asked the same, list none of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_STATUS } from '../../src/server/features/reports/jobs/queue.js';
import { FEATURE_SPACE_KINDS, startTwoSpaces, type TwoSpaces } from '../platform/support/platform.js';
import { csvRows } from '../reports/support.js';
import { created, type Api } from './api-support.js';
import { receivablesInSpaceA } from './two-spaces.js';

type Row = Record<string, any>;

for (const kind of FEATURE_SPACE_KINDS) describe(`receivables reports in two spaces [${kind}]`, () => {
  let spaces: TwoSpaces;
  beforeAll(async () => {
    spaces = await startTwoSpaces(kind, 'relrec');
  }, 300_000);
  afterAll(() => spaces?.close(), 60_000);

  /** The CSV of a shipped design printed in `api`'s space. */
  const csv = async (api: Api, code: string, owner: string, used_parameters: Row) => {
    const design = ((await api('GET', '/api/tipo_design_relatorio')).body.data as Row[]).find((row) => row.code === code)!;
    const asked = await api('POST', '/api/relatorio', { report_design_type_id: design.id, file_extension: 'csv', owner, used_parameters, without_document: true });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    let report: Row = {};
    await expect.poll(async () => {
      report = (await api('GET', `/api/relatorio/${asked.body.data.id}`)).body.data;
      return report.status;
    }, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(REPORT_STATUS.printed);
    expect(report).toMatchObject({ status: REPORT_STATUS.printed, error_reason: null });
    return csvRows(Buffer.from((await api('GET', `/api/relatorio/${report.id}/print`)).body.data.file, 'base64'));
  };

  it("lists a space's accounts and payments in its own reports, never in another space's", async () => {
    const { inA, inB, setUp } = await receivablesInSpaceA(spaces);
    const tax = await setUp.debtType({ denomination: 'Taxa de expediente', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true });
    const open = await created(inA, '/api/control_account/lancamento', { party_id: setUp.registration.party_id, debt_type_id: tax, exercise: 2026, principal: '650.00', due_date: '2026-03-31' });
    const paid = await created(inA, '/api/control_account/lancamento', { party_id: setUp.registration.party_id, debt_type_id: tax, exercise: 2026, principal: '100.00', due_date: '2026-02-27' });
    expect((await inA('POST', '/api/control_account/pagamento', { date: '2026-02-27', amount: '100.00', means: 3, control_account_ids: [paid.id] })).status).toBe(201);

    const debts = { data: '2026-04-30' };
    const period = { data_inicial: '2026-01-01', data_final: '2026-12-31' };
    expect((await csv(inA, 'debitos_em_aberto', 'control_account', debts)).slice(1).map((row) => [row[1], row[6]])).toEqual([[open.formatted_number, '669,50']]);
    expect((await csv(inA, 'arrecadacao_por_periodo', 'pagamentos', period)).slice(1).map((row) => [row[3], row[5]])).toEqual([[paid.formatted_number, '100,00']]);
    // The other space: its own reports, the titles alone.
    const otherDebts = await csv(inB, 'debitos_em_aberto', 'control_account', debts);
    expect(otherDebts).toEqual([['Devedor', 'Conta', 'Exercício', 'Tipo de débito', 'Vencimento', 'Valor original em aberto', 'Saldo na data', 'Vencida']]);
    expect(await csv(inB, 'arrecadacao_por_periodo', 'pagamentos', period)).toEqual([['Data', 'Nº', 'Devedor', 'Contas pagas', 'Meio', 'Valor', 'Crédito']]);
  });
});
