/**
 * The report's content as a sequence of lines, whatever the format: a group's heading, a record's
 * row, a group's subtotal, the grand total. The rows are read a batch at a time through the list's
 * keyset cursor (`listBatches`), each batch's references named in one query per field.
 */
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../../generated/database.js';
import type { Model } from '../../../../../language/index.js';
import { dynamic } from '../../../core/db/dynamic.js';
import { AppError } from '../../../core/http/app-error.js';
import { listBatches } from '../../../core/resources/list.js';
import { ReportError } from '../engine.js';
import type { ReportPlan } from './plan.js';
import { ReferenceLabels } from './references.js';
import { Totals } from './totals.js';
import { numberOf, valueText } from './values.js';

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
  | { type: 'truncated'; limit: number };

/** Rows read per query. */
export const BATCH_SIZE = 500;

/**
 * Every line of the report, in order. Stops at the plan's limit (with a `truncated` line) and as
 * soon as `signal` is aborted.
 */
export async function* reportLines(db: Kysely<SpaceDatabase>, model: Model, plan: ReportPlan, signal: AbortSignal): AsyncGenerator<ReportLine> {
  if (!plan.entity) return;
  const summed = plan.columns.map((c) => c.summed);
  const total = new Totals(summed);
  const labels = new ReferenceLabels(dynamic(db), model);
  const fields = plan.columns.map((c) => c.field!);
  const groupField = plan.group?.field;
  let group: { key: unknown; label: string; totals: Totals } | null = null;
  const subtotal = (g: NonNullable<typeof group>): ReportLine => ({ type: 'subtotal', total: { label: `Subtotal ${g.label || '(vazio)'}`, count: g.totals.count, sums: g.totals.values() } });
  try {
    for await (const rows of listBatches(dynamic(db), plan.entity, plan.query, BATCH_SIZE)) {
      signal.throwIfAborted();
      await labels.load(groupField ? [...fields, groupField] : fields, rows);
      for (const row of rows) {
        if (total.count >= plan.limit) {
          if (group) yield subtotal(group);
          yield { type: 'truncated', limit: plan.limit };
          if (plan.totals) yield { type: 'total', total: { label: 'Total', count: total.count, sums: total.values() } };
          return;
        }
        if (groupField) {
          const key = row[groupField.column!] ?? null;
          if (!group || group.key !== key) {
            if (group) yield subtotal(group);
            group = { key, label: valueText(groupField, key, labels.of(groupField)), totals: new Totals(summed) };
            const value = group.label || '(vazio)';
            yield { type: 'group', label: `${plan.group!.label}: ${value}`, value };
          }
        }
        const values = fields.map((f) => row[f.column!]);
        const cells = fields.map((f, i) => ({ text: valueText(f, values[i], labels.of(f)), number: numberOf(f, values[i]) }));
        const numbers = cells.map((c) => c.number);
        total.add(numbers);
        group?.totals.add(numbers);
        yield { type: 'row', cells };
      }
    }
  } catch (error) {
    // The list's own checks (an unknown filter, a bad value) speak pt-BR already.
    if (error instanceof AppError && error.status === 400) throw new ReportError(`O desenho do relatório é inválido: ${error.message}`);
    throw error;
  }
  if (group) yield subtotal(group);
  if (plan.totals && total.count > 0) yield { type: 'total', total: { label: 'Total', count: total.count, sums: total.values() } };
}
