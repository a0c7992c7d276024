/**
 * The data set of the shipped report 'Arrecadação por período' (docs/RECEIVABLES.md §9): the payments
 * Efetivado (a reversed one is not money received) dated from `data_inicial` to `data_final`, both
 * included, by date and number: the debtor, the accounts each paid, the means, the amount and the
 * credit it left. A payment of means 5 Crédito moves money an earlier payment received (its credit),
 * so it is left out unless `meio` asks for Crédito: counted twice, the period would seem to bring more.
 */
import { brDate } from '../../../shared/dates.js';
import { ReportError } from '../reports/engine.js';
import type { DatasetRow, DatasetRun, ReportDataset } from '../reports/builtin/dataset.js';
import { CREDIT_MEANS, MEANS_LABELS, PAYMENT_STATUS } from './payments.js';
import { dateArgument, partyText } from './report-arguments.js';
import { dateText } from './stored-settings.js';

const BATCH = 500;

const plain = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();

/** The means a person typed: its label ('pix', 'Transferencia') or its number; undefined when empty. */
export function meansArgument(value: unknown): number | undefined {
  if (value === undefined || value === null || String(value).trim() === '') return undefined;
  const typed = plain(String(value));
  const found = Object.entries(MEANS_LABELS).find(([number, label]) => typed === number || typed === plain(label));
  if (!found) throw new ReportError(`Meio de pagamento desconhecido: ${String(value).trim()}. Use um destes: ${Object.values(MEANS_LABELS).join(', ')}.`);
  return Number(found[0]);
}

interface Arguments {
  start: string;
  end: string;
  means: number | undefined;
}

function argumentsOf(run: DatasetRun): Arguments {
  const start = dateArgument(run.arguments.data_inicial, 'Data inicial');
  const end = dateArgument(run.arguments.data_final, 'Data final');
  if (!start || !end) throw new ReportError('Informe a data inicial e a data final para gerar o relatório.');
  if (end < start) throw new ReportError('A data final deve ser igual ou posterior à data inicial.');
  return { start, end, means: meansArgument(run.arguments.meio) };
}

export const collectionDataset: ReportDataset = {
  label: 'Pagamentos',
  permission: 'controlAccount.index',
  arguments: ['data_inicial', 'data_final', 'meio'],
  fields: [
    { name: 'data', label: 'Data', kind: 'date' },
    { name: 'numero', label: 'Pagamento', kind: 'integer' },
    { name: 'devedor', label: 'Devedor', kind: 'text' },
    { name: 'contas', label: 'Contas pagas', kind: 'text' },
    { name: 'meio', label: 'Meio', kind: 'text' },
    { name: 'valor', label: 'Valor', kind: 'money' },
    { name: 'credito', label: 'Crédito', kind: 'money' },
    { name: 'mes', label: 'Mês', kind: 'month' },
  ],

  async caption(run) {
    const { start, end, means } = argumentsOf(run);
    return `De ${brDate(start)} a ${brDate(end)} · ${means === undefined ? 'Todos os meios, menos Crédito' : `Meio: ${MEANS_LABELS[means]}`}`;
  },

  async *rows(run) {
    const { start, end, means } = argumentsOf(run);
    let after: { date: string; id: number } | null = null;
    for (;;) {
      run.signal.throwIfAborted();
      let query = run.db
        .selectFrom('receivable_payments as p')
        .innerJoin('parties as party', 'party.id', 'p.party_id')
        .select(['p.id', 'p.date', 'p.amount', 'p.means', 'p.credit', 'party.name', 'party.tax_id'])
        .where('p.status', '=', PAYMENT_STATUS.done)
        .where('p.date', '>=', start)
        .where('p.date', '<=', end)
        .orderBy('p.date')
        .orderBy('p.id')
        .limit(BATCH);
      query = means === undefined ? query.where('p.means', '<>', CREDIT_MEANS) : query.where('p.means', '=', means as 1);
      if (after) {
        const { date, id } = after;
        query = query.where((eb) => eb.or([eb('p.date', '>', date), eb.and([eb('p.date', '=', date), eb('p.id', '>', id)])]));
      }
      const payments = await query.execute();
      if (!payments.length) return;
      yield await batchRows(run, payments);
      const last = payments.at(-1)!;
      after = { date: dateText(last.date), id: Number(last.id) };
      if (payments.length < BATCH) return;
    }
  },
};

type Payment = { id: number; date: unknown; amount: unknown; means: number; credit: unknown; name: string; tax_id: string | null };

async function batchRows(run: DatasetRun, payments: Payment[]): Promise<DatasetRow[]> {
  const lines = await run.db
    .selectFrom('receivable_payment_lines as l')
    .innerJoin('control_accounts as c', 'c.id', 'l.control_account_id')
    .select(['l.receivable_payment_id', 'c.formatted_number'])
    .where('l.receivable_payment_id', 'in', payments.map((p) => Number(p.id)))
    .orderBy('l.id')
    .execute();
  const accounts = new Map<number, string[]>();
  for (const line of lines) {
    const list = accounts.get(Number(line.receivable_payment_id)) ?? [];
    list.push(line.formatted_number);
    accounts.set(Number(line.receivable_payment_id), list);
  }
  return payments.map((payment) => {
    const date = dateText(payment.date);
    return {
      data: date,
      numero: Number(payment.id),
      devedor: partyText(payment.name, payment.tax_id),
      contas: (accounts.get(Number(payment.id)) ?? []).join(', '),
      meio: MEANS_LABELS[payment.means] ?? String(payment.means),
      valor: String(payment.amount),
      credito: payment.credit == null ? '0.00' : String(payment.credit),
      mes: date.slice(0, 7),
    };
  });
}
