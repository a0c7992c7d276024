import type { Entity, Field, Model } from '../../../../language/index.js';
import { ruleMessage } from '../../../shared/field-rules.js';
import { conflict, invalid } from '../http/app-error.js';

interface DbError {
  code?: string;
  detail?: string;
  table?: string;
  constraint?: string;
}

export const UNIQUE_MESSAGE = 'Já existe um registro com este valor.';
export const MISSING_REFERENCE_MESSAGE = 'O registro selecionado não existe.';

/** `Key (lower(denomination::text))=(x) already exists.` → ['denomination'] */
const keyColumns = (detail = ''): string[] => {
  const match = /Key \((.*?)\)=/.exec(detail);
  return match ? (match[1].match(/[a-z_][a-z0-9_]*/g) ?? []) : [];
};

/** The entity that owns a table: its own, a sub-list's or a many-to-many join table. */
export function entityOwningTable(model: Model, table: string): Entity | undefined {
  const holds = (fields: Field[]): boolean =>
    fields.some((f) => f.join?.table === table || (f.sublist !== undefined && (f.sublist.table === table || holds(f.sublist.fields))));
  return model.entities.find((e) => e.table === table || holds(e.fields));
}

/**
 * Turns a constraint violation into the answer a person understands: a unique value already taken
 * (422 on the field), a reference to a record that does not exist (422 on the field), or a delete of
 * a record others still use (409 naming them). Anything else is returned unchanged.
 */
export function translateDbError(error: unknown, entity: Entity, model: Model): unknown {
  const db = error as DbError;
  if (db?.code === '23505') {
    const columns = keyColumns(db.detail);
    const named = entity.fields.filter((f) => f.column && columns.includes(f.column));
    // A unique index within other columns (`x-unique: {within}`) names them too: the error goes on the unique field.
    const field = named.find((f) => f.unique && f.uniqueWithin) ?? named.find((f) => f.unique) ?? named[0];
    return invalid({ [field?.name ?? columns[0] ?? '_']: [ruleMessage(field?.messages, 'unique', field?.label ?? '', undefined, UNIQUE_MESSAGE)] });
  }
  // 23503 for ON DELETE NO ACTION, 23001 for RESTRICT: both name the referencing table.
  const referencing = /is (still )?referenced from table "([^"]+)"/.exec(db?.detail ?? '');
  if ((db?.code === '23503' || db?.code === '23001') && referencing) {
    const owner = entityOwningTable(model, referencing[2]);
    return conflict(`Não é possível excluir: o registro é usado em ${owner?.label.plural ?? referencing[2]}.`);
  }
  if (db?.code === '23503') {
    const columns = keyColumns(db.detail);
    const field =
      entity.fields.find((f) => f.column && columns.includes(f.column))?.name ??
      entity.fields.find((f) => f.join && columns.includes(f.join.otherKey))?.name ??
      columns[0] ??
      '_';
    return invalid({ [field]: [MISSING_REFERENCE_MESSAGE] });
  }
  return error;
}
