/**
 * What each field kind is, in one table: every stage that asks "is this kind …" (the migrations'
 * column types and collation, the search, trimming) reads it here, so a new kind is one line.
 */
export interface KindFacts {
  /** Stored as text: unique indexes compare it without case, and `q` may search it. */
  readonly text: boolean;
  /** Words people read and sort: stored with the pt-BR collation. Codes keep byte order. */
  readonly collated: boolean;
  /** Trimmed before it is checked and stored (a secret field never is). */
  readonly trimmed: boolean;
  /** The JSON Schema types a field of this kind may declare; null where its shape says it (ids, references, sub-lists). */
  readonly jsonTypes: readonly string[] | null;
}

const fact = (text: boolean, collated: boolean, trimmed: boolean, jsonTypes: readonly string[] | null): KindFacts => ({ text, collated, trimmed, jsonTypes });
const STRING = ['string'] as const;

export const KIND_FACTS = {
  id: fact(false, false, false, null),
  text: fact(true, true, true, STRING),
  textarea: fact(true, true, true, STRING),
  /** HTML edited with a rich-text editor; a feature's write hook sanitises it (custom pages). Not sorted or searched as words. */
  richtext: fact(true, false, true, STRING),
  integer: fact(false, false, false, ['integer']),
  decimal: fact(false, false, true, STRING),
  money: fact(false, false, true, ['string', 'number']),
  boolean: fact(false, false, false, ['boolean']),
  date: fact(false, false, true, STRING),
  datetime: fact(false, false, true, STRING),
  time: fact(false, false, true, STRING),
  email: fact(true, true, true, STRING),
  url: fact(true, true, true, STRING),
  cpf: fact(true, false, true, STRING),
  cnpj: fact(true, false, true, STRING),
  cep: fact(true, false, true, STRING),
  phone: fact(true, false, true, STRING),
  mask: fact(true, false, true, STRING),
  color: fact(true, false, true, STRING),
  password: fact(true, false, false, STRING),
  enum: fact(false, false, true, ['string', 'integer']),
  /** Several values of a fixed list (`"type": "array"` whose `items` has an `enum`), kept in one jsonb array. */
  choices: fact(false, false, false, ['array']),
  reference: fact(false, false, false, null),
  references: fact(false, false, false, null),
  sublist: fact(false, false, false, null),
  permission: fact(true, false, false, STRING),
  image: fact(false, false, false, STRING),
  file: fact(false, false, false, STRING),
  json: fact(false, false, false, ['object', 'array']),
  external: fact(false, false, false, null),
} as const satisfies Record<string, KindFacts>;

/** The closed set of field kinds. Every output (input, field, filter, column, SQL type) switches on it. */
export type FieldKind = keyof typeof KIND_FACTS;

/** Whether kind `kind` has `fact`; false for a name that is no kind. */
export const kindHas = (kind: string, fact: keyof KindFacts): boolean => (KIND_FACTS as Record<string, KindFacts>)[kind]?.[fact] === true;


/**
 * The numbers a searched field is read as by its start, whatever the length of the word typed: a CPF
 * or CNPJ is stored written out (`529.982.247-25`) and its start is a range of its prefix index (the
 * rule: src/shared/search.ts). A `cpf` or `cnpj` field is read as its own number, a text field holding
 * either (`x-tax-id`: a party's) as both; none for the others. The list screen says so when a number is typed.
 */
export function searchedByStartAs(field: { kind: FieldKind; taxId?: true }): ('cpf' | 'cnpj')[] {
  if (field.kind === 'cpf' || field.kind === 'cnpj') return [field.kind];
  return field.taxId ? ['cpf', 'cnpj'] : [];
}
