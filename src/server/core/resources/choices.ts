import type { ErrorObject } from 'ajv';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { ChoicesField, Field } from '../../../../language/index.js';
import { choicesMessage, inListOrder, type ChoicesRule } from '../../../shared/choices.js';
import { ruleMessage } from '../../../shared/field-rules.js';

/**
 * A `choices` field on the server: several values of a fixed list, kept in one `jsonb` column as a
 * JSON array, each value once, in the order of the schema's list.
 */

const ruleOf = (field: ChoicesField): ChoicesRule => ({
  label: field.label,
  values: field.enumOptions.map((o) => o.value),
  ...field.choices,
  ...(field.messages ? { messages: field.messages } : {}),
});

/**
 * The choices field an error path falls on, and the field's own path: `accepted_extensions` or one of
 * its items (`accepted_extensions.3`), at any depth of sub-lists (`attachments.0.formats.1`).
 */
export function choicesFieldAt(path: string, fields: Field[]): { at: string; field: ChoicesField } | null {
  const segments = path.split('.');
  let level = fields;
  for (let i = 0; i < segments.length; i += 2) {
    const field = level.find((f) => f.name === segments[i]);
    if (field?.kind === 'choices') return segments.length - i <= 2 ? { at: segments.slice(0, i + 1).join('.'), field } : null;
    if (!field?.sublist || !/^\d+$/.test(segments[i + 1] ?? '')) return null;
    level = field.sublist.fields;
  }
  return null;
}

/** The pt-BR message of one ajv error on a choices field or one of its items. */
export function choicesError(error: ErrorObject, field: ChoicesField): string {
  const rule = ruleOf(field);
  // An item's error (`/accepted_extensions/3`): a value off the list, whatever it is.
  if (/\/\d+$/.test(error.instancePath)) return choicesMessage(rule, 'invalid');
  switch (error.keyword) {
    case 'type':
      return choicesMessage(rule, 'notAList');
    case 'uniqueItems':
      return choicesMessage(rule, 'repeated');
    case 'maxItems':
      return choicesMessage(rule, 'maxItems');
    case 'minItems': {
      // Nothing chosen where something must be: the field is required (or required while shown, `x-when`).
      const empty = Array.isArray(error.data) && error.data.length === 0;
      if (empty) return ruleMessage(field.messages, 'required', field.label);
      const least = (error.params as { limit: number }).limit;
      return choicesMessage({ ...rule, minItems: least }, 'minItems');
    }
    default:
      return choicesMessage(rule, 'invalid');
  }
}

/**
 * A list as it is stored and answered: each value once, in the schema's order. Answers apply it
 * again, since the schema's list may have been reordered since the record was saved.
 */
export function inSchemaOrder(field: ChoicesField, values: unknown): unknown[] {
  return Array.isArray(values) ? inListOrder(values, field.enumOptions.map((o) => o.value)) : [];
}

/** Rows as answered: every choices field's list in the schema's order (sub-lists' rows too). */
export function withChoicesInOrder(fields: Field[], rows: Record<string, unknown>[]): void {
  for (const field of fields) {
    if (field.kind === 'choices') for (const row of rows) if (field.name in row) row[field.name] = inSchemaOrder(field, row[field.name]);
    if (field.sublist) {
      const items = rows.flatMap((row) => (Array.isArray(row[field.name]) ? (row[field.name] as Record<string, unknown>[]) : []));
      if (items.length) withChoicesInOrder(field.sublist.fields, items);
    }
  }
}

/**
 * A list filter on a choices field: the records holding the value (`@>`, answered by the column's GIN
 * index), any of several values, or, for null, the records holding none.
 */
export function choicesCondition(column: string, value: unknown): Expression<SqlBool> {
  const ref = sql.ref(column);
  if (Array.isArray(value)) {
    if (value.length === 0) return sql<SqlBool>`false`;
    return sql<SqlBool>`(${sql.join(value.map((one) => choicesCondition(column, one)), sql` or `)})`;
  }
  if (value === null) return sql<SqlBool>`${ref} = '[]'::jsonb`;
  return sql<SqlBool>`${ref} @> ${JSON.stringify([value])}::jsonb`;
}
