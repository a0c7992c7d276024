/**
 * The report's content as a sequence of lines, whatever the format: a group's heading, a record's
 * row, a group's subtotal, the grand total, then the summaries (totals by a field's value). The rows
 * are read a batch at a time: a module's through the list's keyset cursor (`listBatches`), each
 * batch's references named in one query per field; a data set's as its feature computes them.
 */
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../../generated/database.js';
import type { Model } from '../../../../../language/index.js';
import { dynamic } from '../../../core/db/dynamic.js';
import { AppError } from '../../../core/http/app-error.js';
import { listBatches } from '../../../core/resources/list.js';
import { ReportError } from '../engine.js';
import type { PlannedKey, ReportPlan } from './plan.js';
import { ReferenceLabels } from './references.js';
import { Totals } from './totals.js';
import { datasetNumber, datasetText, numberOf, valueText } from './values.js';

export interface Cell {
  text: string;
  /** A numeric cell's exact value (`'1234.50'`), null for text or an empty cell. */
  number: string | null;
}

export interface TotalLine {
  label: string;
  count: number;
  /** Per column: the exact sum of a summed column, null for the others. */
  sums: (string | null)[];
}

export type ReportLine =
  /** `label` is the heading ('UF: São Paulo'), `value` the group's value as read ('São Paulo'). */
  | { type: 'group'; label: string; value: string }
  | { type: 'row'; cells: Cell[] }
  | { type: 'subtotal'; total: TotalLine }
  | { type: 'total'; total: TotalLine }
  /** Totals by a field's value ('Total por meio'): a line per value ('PIX: 3 registros' and its sums), in the values' order. */
  | { type: 'summary'; label: string; lines: TotalLine[] }
  | { type: 'truncated'; limit: number };

/** Rows read per query. */
export const BATCH_SIZE = 500;

/** A value rows are grouped or summarised by: what orders it and what a person reads. */
interface Keyed {
  key: unknown;
  text: string;
}

/** A row as read from its source, before it is grouped and totalled. */
interface ReadRow {
  cells: Cell[];
  group: Keyed | null;
  summaries: Keyed[];
}

/**
 * Every line of the report, in order. Stops at the plan's limit (with a `truncated` line) and as
 * soon as `signal` is aborted.
 */
export async function* reportLines(db: Kysely<SpaceDatabase>, model: Model, plan: ReportPlan, signal: AbortSignal): AsyncGenerator<ReportLine> {
  if (plan.dataset) yield* assemble(plan, datasetRows(db, model, plan, signal), signal);
  else if (plan.entity) yield* assemble(plan, moduleRows(db, model, plan), signal);
}

async function* moduleRows(db: Kysely<SpaceDatabase>, model: Model, plan: ReportPlan): AsyncGenerator<ReadRow[]> {
  const labels = new ReferenceLabels(dynamic(db), model);
  const fields = plan.columns.map((c) => c.field!);
  const keys = [plan.group, ...plan.summaries].flatMap((k) => (k?.field ? [k.field] : []));
  const keyed = (key: PlannedKey, row: Record<string, unknown>): Keyed => {
    const value = row[key.field!.column!] ?? null;
    return { key: value, text: valueText(key.field!, value, labels.of(key.field!)) };
  };
  try {
    for await (const rows of listBatches(dynamic(db), plan.entity!, plan.query, BATCH_SIZE)) {
      await labels.load([...fields, ...keys], rows);
      yield rows.map((row) => ({
        cells: fields.map((f) => ({ text: valueText(f, row[f.column!], labels.of(f)), number: numberOf(f, row[f.column!]) })),
        group: plan.group ? keyed(plan.group, row) : null,
        summaries: plan.summaries.map((s) => keyed(s, row)),
      }));
    }
  } catch (error) {
    // The list's own checks (an unknown filter, a bad value) speak pt-BR already.
    if (error instanceof AppError && error.status === 400) throw new ReportError(`O desenho do relatório é inválido: ${error.message}`);
    throw error;
  }
}

async function* datasetRows(db: Kysely<SpaceDatabase>, model: Model, plan: ReportPlan, signal: AbortSignal): AsyncGenerator<ReadRow[]> {
  const { source, arguments: args } = plan.dataset!;
  const kinds = new Map(source.fields.map((f) => [f.name, f.kind]));
  const keyed = (key: PlannedKey, row: Record<string, unknown>): Keyed => ({ key: row[key.name] ?? null, text: datasetText(kinds.get(key.name)!, row[key.name]) });
  for await (const rows of source.rows({ db, model, arguments: args, signal })) {
    yield rows.map((row) => ({
      cells: plan.columns.map((c) => ({ text: datasetText(c.kind, row[c.name]), number: datasetNumber(c.kind, row[c.name]) })),
      group: plan.group ? keyed(plan.group, row) : null,
      summaries: plan.summaries.map((s) => keyed(s, row)),
    }));
  }
}

/** Orders summary values as their source does: numbers and dates by value, text by pt-BR. */
function compareKeys(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'pt-BR');
}

async function* assemble(plan: ReportPlan, source: AsyncIterable<ReadRow[]>, signal: AbortSignal): AsyncGenerator<ReportLine> {
  const summed = plan.columns.map((c) => c.summed);
  const total = new Totals(summed);
  const summaries = plan.summaries.map(() => new Map<unknown, { text: string; totals: Totals }>());
  let group: { key: unknown; label: string; totals: Totals } | null = null;
  const subtotal = (g: NonNullable<typeof group>): ReportLine => ({ type: 'subtotal', total: { label: `Subtotal ${g.label || '(vazio)'}`, count: g.totals.count, sums: g.totals.values() } });
  function* ending(): Generator<ReportLine> {
    if (plan.totals && total.count > 0) yield { type: 'total', total: { label: 'Total', count: total.count, sums: total.values() } };
    for (const [i, values] of summaries.entries()) {
      if (!values.size) continue;
      const lines = [...values.entries()].sort(([a], [b]) => compareKeys(a, b)).map(([, v]) => ({ label: v.text || '(vazio)', count: v.totals.count, sums: v.totals.values() }));
      yield { type: 'summary', label: plan.summaries[i].label, lines };
    }
  }
  for await (const rows of source) {
    signal.throwIfAborted();
    for (const row of rows) {
      if (total.count >= plan.limit) {
        if (group) yield subtotal(group);
        yield { type: 'truncated', limit: plan.limit };
        yield* ending();
        return;
      }
      if (row.group && (!group || group.key !== row.group.key)) {
        if (group) yield subtotal(group);
        group = { key: row.group.key, label: row.group.text, totals: new Totals(summed) };
        const value = group.label || '(vazio)';
        yield { type: 'group', label: `${plan.group!.label}: ${value}`, value };
      }
      const numbers = row.cells.map((c) => c.number);
      total.add(numbers);
      group?.totals.add(numbers);
      row.summaries.forEach((keyed, i) => {
        const values = summaries[i];
        const entry = values.get(keyed.key) ?? { text: keyed.text, totals: new Totals(summed) };
        entry.totals.add(numbers);
        values.set(keyed.key, entry);
      });
      yield { type: 'row', cells: row.cells };
    }
  }
  if (group) yield subtotal(group);
  yield* ending();
}
