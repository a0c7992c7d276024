import type { DynamicDatabase } from '../db/dynamic.js';
import type { Field, Model } from '../../../../language/index.js';
import { ruleMessage } from '../../../shared/field-rules.js';
import { addError, type FieldErrors } from '../http/app-error.js';
import { listCombos, type ComboParam } from './combos.js';
import { isRowId } from './references.js';

/** The combo parameters a module's features define (`app.resources.comboParamsOf`). */
export type ComboParamsOf = (module: string) => ReadonlyMap<string, ComboParam>;

/** No feature's parameters: a combo filtered by the referenced module's own columns only. */
export const NO_PARAMS: ComboParamsOf = () => new Map();

type Row = Record<string, unknown>;

/**
 * A dependent reference declared `"required-when-offered": true` is required while its combo, filtered
 * by the field it depends on, offers any option (a work relation's sector, when its employer has
 * sectors), and optional when it offers none: 422 'O campo … é obrigatório.' on the field (a sub-list
 * row's own: `work_relations.0.sector_id`), the words the form shows before saving. One question per
 * distinct parent value, whatever the number of rows. An edit that leaves a field of the record out
 * keeps what it holds, so it is not asked for.
 */
export async function checkRequiredWhenOffered(db: DynamicDatabase, model: Model, fields: Field[], body: Row, mode: 'create' | 'edit', errors: FieldErrors, paramsOf: ComboParamsOf): Promise<void> {
  const asked: { at: string; field: Field; parent: number }[] = [];
  collect(fields, body, '', mode === 'edit', asked);
  if (asked.length === 0) return;
  const offers = new Map<string, Promise<boolean>>();
  const offered = (field: Field, parent: number) => {
    const { module, combo, dependsOn } = field.reference!;
    const key = `${module}|${combo ?? ''}|${dependsOn!.param}|${parent}`;
    let answer = offers.get(key);
    if (!answer) {
      const target = model.byModule.get(module)!;
      const query = { [dependsOn!.param]: String(parent), limit: '1', ...(combo ? { combo } : {}) };
      answer = listCombos(db, target, query, paramsOf(module)).then(({ data }) => data.length > 0);
      offers.set(key, answer);
    }
    return answer;
  };
  for (const { at, field, parent } of asked) {
    if (errors[at]) continue;
    if (await offered(field, parent)) addError(errors, at, ruleMessage(field.messages, 'required', field.label));
  }
}

/** The empty fields of the rule whose parent holds a record, at every depth of the body. */
function collect(fields: Field[], body: Row, base: string, keepsAbsent: boolean, into: { at: string; field: Field; parent: number }[]): void {
  for (const field of fields) {
    const at = base ? `${base}.${field.name}` : field.name;
    const dependsOn = field.reference?.dependsOn;
    if (dependsOn?.requiredWhenOffered) {
      const parent = body[dependsOn.field];
      const empty = body[field.name] === null || (body[field.name] === undefined && !keepsAbsent);
      if (empty && isRowId(parent)) into.push({ at, field, parent });
    }
    const rows = body[field.name];
    if (field.sublist && Array.isArray(rows)) {
      rows.forEach((row, i) => {
        if (row && typeof row === 'object' && !Array.isArray(row)) collect(field.sublist!.fields, row as Row, `${at}.${i}`, false, into);
      });
    }
  }
}
