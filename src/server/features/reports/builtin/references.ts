/**
 * The record labels of the references a batch of rows holds: one query per reference field and
 * batch for the ids not seen yet, kept for the following batches (up to a bound).
 */
import type { Field, Model } from '../../../../../language/index.js';
import type { DynamicDatabase } from '../../../core/db/dynamic.js';
import { valueText } from './values.js';

/** Labels kept per field before the oldest are dropped (a report over a million people names each once). */
const KEPT = 20_000;

export class ReferenceLabels {
  private readonly known = new Map<string, Map<number, string>>();

  constructor(
    private readonly db: DynamicDatabase,
    private readonly model: Model,
  ) {}

  /** Reads the labels of the references `rows` hold in `fields` that are not known yet. */
  async load(fields: Field[], rows: Record<string, unknown>[]): Promise<void> {
    for (const field of new Set(fields)) {
      if (field.kind !== 'reference') continue;
      const target = this.model.byModule.get(field.reference.module);
      const labelField = target?.fields.find((f) => f.name === field.reference.labelField);
      if (!target || !labelField?.column) continue;
      const known = this.known.get(field.name) ?? new Map<number, string>();
      this.known.set(field.name, known);
      const wanted = [...new Set(rows.map((r) => r[field.column!]).filter((id): id is number => typeof id === 'number'))];
      let ids = wanted.filter((id) => !known.has(id));
      if (!ids.length) continue;
      if (known.size + ids.length > KEPT) {
        known.clear();
        ids = wanted;
      }
      const found = await this.db.selectFrom(target.table).select(['id', `${labelField.column} as label`]).where('id', 'in', ids).execute();
      for (const row of found) known.set(Number(row.id), valueText(labelField, row.label));
    }
  }

  /** The label lookup of one reference field (after `load`). */
  of(field: Field): ((id: number) => string | undefined) | undefined {
    const known = this.known.get(field.name);
    return known ? (id) => known.get(id) : undefined;
  }
}
