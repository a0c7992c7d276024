import type { DynamicDatabase } from '../db/dynamic.js';
import type { Field, Model } from '../../../../language/index.js';
import { addError, type FieldErrors } from '../http/app-error.js';
import { comboCondition } from './combos.js';
import { isRowId } from './references.js';

export const OUTSIDE_COMBO_MESSAGE = 'O registro selecionado não está entre as opções permitidas para o campo {label}.';

/**
 * A reference that offers a named combo with a filter (`"x-reference": {"combo": "sem_instituicao"}`)
 * takes only a record that combo offers, whoever sends the body: 422 on the field otherwise. A value
 * an edit leaves as it was stays, though the record left the filter since (it was offered when chosen).
 */
export async function checkComboChoices(db: DynamicDatabase, model: Model, fields: Field[], body: Record<string, unknown>, previous: Record<string, unknown> | undefined, errors: FieldErrors): Promise<void> {
  for (const field of fields) {
    const name = field.kind === 'reference' ? field.reference?.combo : undefined;
    const value = body[field.name];
    if (!name || !isRowId(value) || errors[field.name]) continue;
    if (previous && Number(previous[field.name]) === value) continue;
    const target = model.entities.find((entity) => entity.module === field.reference!.module);
    const filter = target?.combos[name]?.filter ?? [];
    if (!target || filter.length === 0) continue;
    let query = db.selectFrom(target.table).select('id').where('id', '=', value);
    for (const condition of filter) query = query.where(comboCondition(condition));
    if (!(await query.executeTakeFirst())) addError(errors, field.name, OUTSIDE_COMBO_MESSAGE.replace('{label}', field.label));
  }
}

/**
 * checkComboChoices over many bodies at once (an import's batch), `previous[i]` the stored record of
 * `bodies[i]` on an edit: the same messages, with one query per combo field whatever the number of bodies.
 */
export async function checkComboChoicesMany(db: DynamicDatabase, model: Model, fields: Field[], bodies: Record<string, unknown>[], previous: (Record<string, unknown> | undefined)[], errors: FieldErrors[]): Promise<void> {
  for (const field of fields) {
    const name = field.kind === 'reference' ? field.reference?.combo : undefined;
    if (!name) continue;
    const target = model.entities.find((entity) => entity.module === field.reference!.module);
    const filter = target?.combos[name]?.filter ?? [];
    if (!target || filter.length === 0) continue;
    const asked = bodies.flatMap((body, i) => {
      const value = body[field.name];
      if (!isRowId(value) || errors[i][field.name]) return [];
      if (previous[i] && Number(previous[i]![field.name]) === value) return [];
      return [{ i, value }];
    });
    if (asked.length === 0) continue;
    let query = db.selectFrom(target.table).select('id').where('id', 'in', [...new Set(asked.map((a) => a.value))]);
    for (const condition of filter) query = query.where(comboCondition(condition));
    const offered = new Set((await query.execute()).map((row) => Number(row.id)));
    for (const { i, value } of asked) if (!offered.has(value)) addError(errors[i], field.name, OUTSIDE_COMBO_MESSAGE.replace('{label}', field.label));
  }
}
