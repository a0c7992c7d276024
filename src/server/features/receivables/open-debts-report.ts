/**
 * The data set of the shipped report 'Débitos em aberto' (docs/RECEIVABLES.md §9): the accounts
 * Aberta, by debtor (name, then id) and due date, each with its balance on the chosen date as §6
 * computes it (`balanceOf`, the balance route's own function) and whether it is overdue then (§8's
 * rule: the due date extended to a business day, before the date). Arguments: `data` (default the
 * council's today), `tipo_debito_id`, `somente_vencidos`.
 */
import { councilDate } from '../../../shared/council-clock.js';
import { brDate } from '../../../shared/dates.js';
import type { DatasetRow, DatasetRun, ReportDataset } from '../reports/builtin/dataset.js';
import { accountRow, balanceOf, dateContext, type DateContext } from './account-balance.js';
import { STATUS } from './posting.js';
import { isOverdue } from './regularity.js';
import { asReportError, booleanArgument, dateArgument, idArgument, partyText, taxIdText } from './report-arguments.js';
import { dateText } from './stored-settings.js';

/** Accounts whose balances are computed per batch. */
const BATCH = 200;

interface Arguments {
  date: string;
  debtTypeId: number | undefined;
  onlyOverdue: boolean;
}

const argumentsOf = (run: DatasetRun): Arguments => ({
  date: dateArgument(run.arguments.data, 'Data do saldo') ?? councilDate(),
  debtTypeId: idArgument(run.arguments.tipo_debito_id, 'Tipo de débito'),
  onlyOverdue: booleanArgument(run.arguments.somente_vencidos),
});

export const openDebtsDataset: ReportDataset = {
  label: 'Contas de controle',
  permission: 'controlAccount.index',
  arguments: ['data', 'tipo_debito_id', 'somente_vencidos'],
  fields: [
    { name: 'devedor', label: 'Devedor', kind: 'text' },
    { name: 'nome', label: 'Nome', kind: 'text' },
    { name: 'cpf_cnpj', label: 'CPF/CNPJ', kind: 'text' },
    { name: 'conta', label: 'Conta', kind: 'text' },
    { name: 'exercicio', label: 'Exercício', kind: 'integer' },
    { name: 'tipo_debito', label: 'Tipo de débito', kind: 'text' },
    { name: 'vencimento', label: 'Vencimento', kind: 'date' },
    { name: 'valor_em_aberto', label: 'Valor original em aberto', kind: 'money' },
    { name: 'saldo', label: 'Saldo na data', kind: 'money' },
    { name: 'vencida', label: 'Vencida', kind: 'boolean' },
  ],

  async caption(run) {
    const { date, debtTypeId, onlyOverdue } = argumentsOf(run);
    const parts = [`Saldos em ${brDate(date)}`];
    if (debtTypeId !== undefined) {
      const type = await run.db.selectFrom('debt_types').select('denomination').where('id', '=', debtTypeId).executeTakeFirst();
      parts.push(`Tipo de débito: ${type?.denomination ?? debtTypeId}`);
    }
    if (onlyOverdue) parts.push('Somente vencidos');
    return parts.join(' · ');
  },

  async *rows(run) {
    const { date, debtTypeId, onlyOverdue } = argumentsOf(run);
    let ordered = run.db
      .selectFrom('control_accounts as c')
      .innerJoin('parties as p', 'p.id', 'c.party_id')
      .select('c.id')
      .where('c.status', '=', STATUS.open)
      .orderBy('p.name')
      .orderBy('p.id')
      .orderBy('c.due_date')
      .orderBy('c.id');
    if (debtTypeId !== undefined) ordered = ordered.where('c.debt_type_id', '=', debtTypeId);
    const ids = (await ordered.execute()).map((row) => Number(row.id));
    if (!ids.length) return;
    const context = await asReportError(() => dateContext(run.db, date));
    for (let at = 0; at < ids.length; at += BATCH) {
      run.signal.throwIfAborted();
      yield await asReportError(() => batchRows(run, ids.slice(at, at + BATCH), date, context, onlyOverdue));
    }
  },
};

async function batchRows(run: DatasetRun, ids: number[], date: string, context: DateContext, onlyOverdue: boolean): Promise<DatasetRow[]> {
  const accounts = new Map((await accountRow(run.db).select('party_id').where('id', 'in', ids).execute()).map((row) => [Number(row.id), row]));
  const partyIds = [...new Set([...accounts.values()].map((row) => Number(row.party_id)))];
  const parties = new Map((await run.db.selectFrom('parties').select(['id', 'name', 'tax_id']).where('id', 'in', partyIds).execute()).map((row) => [Number(row.id), row]));
  const typeIds = [...new Set([...accounts.values()].flatMap((row) => (row.debt_type_id == null ? [] : [Number(row.debt_type_id)])))];
  const types = new Map(typeIds.length ? (await run.db.selectFrom('debt_types').select(['id', 'denomination']).where('id', 'in', typeIds).execute()).map((row) => [Number(row.id), row.denomination]) : []);
  const rows: DatasetRow[] = [];
  for (const id of ids) {
    const account = accounts.get(id);
    if (!account) continue; // paid or cancelled since the ids were read
    const dueDate = account.due_date == null ? '' : dateText(account.due_date);
    const overdue = isOverdue({ status: account.status, due_date: dueDate }, date, context.calendar);
    if (onlyOverdue && !overdue) continue;
    const balance = await balanceOf(run.db, run.model, account, date, context);
    const party = parties.get(Number(account.party_id));
    rows.push({
      devedor: partyText(party?.name ?? '', party?.tax_id ?? null),
      nome: party?.name ?? '',
      cpf_cnpj: taxIdText(party?.tax_id ?? null),
      conta: account.formatted_number,
      exercicio: account.exercise,
      tipo_debito: account.debt_type_id == null ? '' : (types.get(Number(account.debt_type_id)) ?? ''),
      vencimento: dueDate || null,
      valor_em_aberto: balance.open_principal,
      saldo: balance.total,
      vencida: overdue,
    });
  }
  return rows;
}
