import type { Field } from '../../../../language/index.js';
import Decimal from 'decimal.js';
import { decimalProblem, formatCents, isApiDecimal } from '../../../shared/decimals.js';
import { ruleMessage } from '../../../shared/field-rules.js';
import { mainItemProblem } from '../../../shared/main-item.js';
import { isMoney, parseMoney, VALIDATOR_MESSAGES } from '../../../shared/validators.js';
import { addError, type FieldErrors } from '../http/app-error.js';

/** Most items a sub-list, a many-to-many, an external or a choices field takes in one body. */
export const MAX_ITEMS = 1000;
/** The `integer` column's range (PostgreSQL `integer`). */
const INTEGER_MIN = -2_147_483_648;
const INTEGER_MAX = 2_147_483_647;
/** `numeric(15,2)`: 13 digits before the comma. */
const MONEY_LIMIT = new Decimal('1e13');
/** An amount's bounds (`minimum`, `maximum` of a money field), compared exactly. */
const MONEY_MINIMUM = 'O campo {label} deve ser no mínimo R$ {n}.';
const MONEY_MAXIMUM = 'O campo {label} deve ser no máximo R$ {n}.';

const join = (base: string, name: string) => (base ? `${base}.${name}` : name);
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** PostgreSQL text cannot hold the NUL character; anything else a person can type is accepted. */
export const hasNul = (text: string) => text.includes('\u0000');

/**
 * Rules a JSON Schema cannot say: money given as a number or beyond the column, a decimal's places,
 * digits and bounds (compared exactly), integers beyond the column, NUL characters, too many items, one main item per sub-list. Called after the schema's own
 * checks, so it tolerates values of the wrong type (those already have their message).
 */
export function checkBodyLimits(body: Record<string, unknown>, fields: Field[], errors: FieldErrors, base = ''): void {
  for (const field of fields) {
    const value = body[field.name];
    const at = join(base, field.name);
    if (typeof value === 'string' && hasNul(value)) addError(errors, at, `O campo ${field.label} contém caracteres inválidos.`);
    if (field.kind === 'money' && (typeof value === 'number' || typeof value === 'string') && isMoney(value)) {
      const amount = new Decimal(parseMoney(value));
      if (amount.abs().greaterThanOrEqualTo(MONEY_LIMIT)) addError(errors, at, `O campo ${field.label} deve ser menor que 10.000.000.000.000,00.`);
      else if (field.minimum !== undefined && amount.lessThan(String(field.minimum))) addError(errors, at, ruleMessage(field.messages, 'minimum', field.label, formatCents(String(field.minimum)), MONEY_MINIMUM));
      else if (field.maximum !== undefined && amount.greaterThan(String(field.maximum))) addError(errors, at, ruleMessage(field.messages, 'maximum', field.label, formatCents(String(field.maximum)), MONEY_MAXIMUM));
    }
    if (field.kind === 'money' && typeof value === 'number' && !isMoney(value)) addError(errors, at, VALIDATOR_MESSAGES.money);
    if (field.kind === 'decimal' && isApiDecimal(value)) {
      const problem = decimalProblem(value, field.label, field.digits, field);
      if (problem) addError(errors, at, problem);
    }
    if (field.kind === 'integer' && typeof value === 'number' && Number.isInteger(value)) {
      if (value > INTEGER_MAX) addError(errors, at, `O campo ${field.label} deve ser no máximo ${INTEGER_MAX}.`);
      if (value < INTEGER_MIN) addError(errors, at, `O campo ${field.label} deve ser no mínimo ${INTEGER_MIN}.`);
    }
    if ((field.sublist || field.kind === 'references' || field.kind === 'external' || field.kind === 'choices') && Array.isArray(value) && value.length > MAX_ITEMS) {
      addError(errors, at, `O campo ${field.label} aceita no máximo ${MAX_ITEMS} itens.`);
      continue;
    }
    if (field.sublist && Array.isArray(value)) {
      value.forEach((item, i) => isObject(item) && checkBodyLimits(item, field.sublist!.fields, errors, join(at, String(i))));
      const { mainField, itemLabel, itemGender, mainRequired } = field.sublist;
      const problem = mainField && mainItemProblem(value, mainField, { item: itemLabel, gender: itemGender, required: mainRequired });
      if (problem) addError(errors, at, problem);
    }
  }
}
