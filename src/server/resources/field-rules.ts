import type { Field, OrderRule } from '../../../language/index.js';
import { conditionHolds, startsAfterEnd } from '../../shared/field-rules.js';
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
  if (!field.when) return true;
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
    if (field.when && !shown(field, byName, body, previous)) body[field.name] = null;
    const rows = body[field.name];
    if (field.sublist && Array.isArray(rows)) {
      body[field.name] = rows.map((row) => (row && typeof row === 'object' && !Array.isArray(row) ? clearHidden(row as Row, field.sublist!.fields) : row));
    }
  }
  return body;
}

/**
 * The body to check, with the stored value of each controlling field an edit left out (its
 * conditions still apply), and the names so borrowed, to take out again before storing.
 */
export function withKnownControllers(body: Row, fields: Field[], previous?: Row): { checked: Row; borrowed: string[] } {
  const borrowed: string[] = [];
  if (!previous) return { checked: body, borrowed };
  for (const field of fields) {
    const controller = field.when?.field;
    if (controller && !Object.hasOwn(body, controller) && previous[controller] !== undefined && !borrowed.includes(controller)) {
      body[controller] = previous[controller];
      borrowed.push(controller);
    }
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
