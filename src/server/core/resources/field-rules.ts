import type { Field, OrderRule } from '../../../../language/index.js';
import { conditionHolds, startsAfterEnd } from '../../../shared/field-rules.js';
import { addError, type FieldErrors } from '../http/app-error.js';

type Row = Record<string, unknown>;

/** A value as the body gives it, else as stored (an edit that leaves the field out keeps it), else the create default. */
function valueOf(field: Field | undefined, body: Row, previous: Row | undefined): unknown {
  if (!field) return undefined;
  if (Object.hasOwn(body, field.name)) return body[field.name];
  if (previous) return previous[field.name];
  return field.default;
}

/** Whether a field is shown: its condition holds, and the field the condition names is shown too. */
function shown(field: Field, byName: Map<string, Field>, body: Row, previous: Row | undefined, depth = 0): boolean {
  if (!field.when || field.when.hide === false) return true;
  const controller = byName.get(field.when.field);
  if (!conditionHolds(field.when, valueOf(controller, body, previous))) return false;
  return !controller || depth > byName.size || shown(controller, byName, body, previous, depth + 1);
}

/**
 * The body with every hidden field (`x-when` not met) set to null, whatever it was sent as: what a
 * form hides is never stored. Sub-list rows are judged each on its own values.
 */
export function clearHidden(body: Row, fields: Field[], previous?: Row): Row {
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const field of fields) {
    // A hidden list of choices holds no value: `[]`, as its column keeps it.
    if (field.when && !shown(field, byName, body, previous)) body[field.name] = field.kind === 'choices' ? [] : null;
    const rows = body[field.name];
    if (field.sublist && Array.isArray(rows)) {
      const fill = (row: Row) => withKnownControllers(row, field.sublist!.fields).checked;
      body[field.name] = rows.map((row) => (row && typeof row === 'object' && !Array.isArray(row) ? clearHidden(fill(row as Row), field.sublist!.fields) : row));
    }
  }
  return body;
}

/**
 * The body to check, with the value each controlling field left out of it will have: on an edit the
 * stored one (borrowed: taken out again before storing, its conditions still apply), on an insert its
 * default, which ajv would fill only after judging the conditions.
 */
export function withKnownControllers(body: Row, fields: Field[], previous?: Row): { checked: Row; borrowed: string[] } {
  const borrowed: string[] = [];
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const field of fields) {
    const controller = field.when ? byName.get(field.when.field) : undefined;
    if (!controller || Object.hasOwn(body, controller.name)) continue;
    if (previous && previous[controller.name] !== undefined) {
      body[controller.name] = previous[controller.name];
      borrowed.push(controller.name);
    } else if (!previous && controller.default !== undefined) body[controller.name] = controller.default;
  }
  return { checked: body, borrowed };
}

const asText = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** `x-order`: a start after its end is refused with the rule's message on the end field. */
export function checkOrder(order: OrderRule[], body: Row, previous: Row | undefined, errors: FieldErrors): void {
  for (const rule of order) {
    if (!Object.hasOwn(body, rule.start) && !Object.hasOwn(body, rule.end)) continue;
    const start = Object.hasOwn(body, rule.start) ? body[rule.start] : previous?.[rule.start];
    const end = Object.hasOwn(body, rule.end) ? body[rule.end] : previous?.[rule.end];
    if (startsAfterEnd(asText(start), asText(end)) && !errors[rule.end]?.includes(rule.message)) addError(errors, rule.end, rule.message);
  }
}

/**
 * A sub-list item's `x-order`, at every depth: each row is judged as sent, a row with an `id` against
 * the stored row (what it leaves out keeps its value), the message on the row's end field
 * (`course_relations.0.completion_date`).
 */
export function checkRowsOrder(fields: Field[], body: Row, previous: Row | undefined, errors: FieldErrors, prefix = ''): void {
  for (const field of fields) {
    const rows = body[field.name];
    if (!field.sublist || !Array.isArray(rows)) continue;
    const stored = Array.isArray(previous?.[field.name]) ? (previous[field.name] as Row[]) : [];
    rows.forEach((row: unknown, i) => {
      if (!row || typeof row !== 'object' || Array.isArray(row)) return;
      const item = row as Row;
      const before = item.id == null ? undefined : stored.find((s) => s && String(s.id) === String(item.id));
      const at = `${prefix}${field.name}.${i}.`;
      const found: FieldErrors = {};
      checkOrder(field.sublist!.order ?? [], item, before, found);
      for (const [name, messages] of Object.entries(found)) {
        for (const message of messages) if (!errors[at + name]?.includes(message)) addError(errors, at + name, message);
      }
      checkRowsOrder(field.sublist!.fields, item, before, errors, at);
    });
  }
}
