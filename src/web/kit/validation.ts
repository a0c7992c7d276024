import { decimalProblem } from '../../shared/decimals';
import { choicesProblem } from '../../shared/choices';
import { mainItemProblem, type MainItemRule } from '../../shared/main-item';
import { trimmedValue } from '../../shared/text';
import { ruleMessage, startsAfterEnd } from '../../shared/field-rules';
import { VALIDATOR_MESSAGES, ipAddressMessage, isCnpj, isCpf, isIpAddress, isMoney } from '../../shared/validators';
import { siblingPath } from './conditions';
import type { FieldSpec } from './types';

/** One client-side check: the message to show, or undefined when the value passes. */
export type Check = (value: unknown, values?: Record<string, unknown>) => string | undefined;

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The label a form shows: optional fields say so, as the specification asks. */
export function inputLabel(spec: Pick<FieldSpec, 'label' | 'required' | 'kind'>): string {
  return spec.required || spec.kind === 'boolean' ? spec.label : `${spec.label} - Opcional`;
}

/**
 * The checks that mirror the server's rules for one field, with the server's words, so a person
 * sees the same sentence whether the browser or the API catches the mistake.
 */
export function fieldChecks(spec: FieldSpec, path = spec.source): Check[] {
  // Text is checked as the server stores it, trimmed (src/shared/text.ts): spaces alone are blank.
  const order = orderCheck(spec, path);
  return [...rawChecks(spec), ...(order ? [order] : [])].map((check) => (value, values) => check(trimmedValue(spec.kind, value), values));
}

/** 'O campo {label} é obrigatório.' (or the schema's own words) for an empty value: what `required` checks. */
export function requiredCheck(spec: Pick<FieldSpec, 'label' | 'messages'>): Check {
  return (value) => (isEmpty(value) ? ruleMessage(spec.messages, 'required', spec.label, undefined, 'O campo {label} é obrigatório.') : undefined);
}

function rawChecks(spec: FieldSpec): Check[] {
  const label = spec.label;
  // The schema's own message for a rule (`x-messages`), else the default words.
  const say = (rule: string, fallback: string, n?: number) => ruleMessage(spec.messages, rule, label, n, fallback);
  const checks: Check[] = [];
  if (spec.required) checks.push((v) => (isEmpty(v) ? say('required', 'O campo {label} é obrigatório.') : undefined));
  if (spec.maxLength !== undefined) {
    const max = spec.maxLength;
    checks.push((v) => (typeof v === 'string' && v.length > max ? say('maxLength', 'O campo {label} não pode ter mais de {n} caracteres.', max) : undefined));
  }
  if (spec.minLength !== undefined) {
    const min = spec.minLength;
    checks.push((v) => (typeof v === 'string' && v !== '' && v.length < min ? say('minLength', 'O campo {label} deve ter pelo menos {n} caracteres.', min) : undefined));
  }
  if (spec.kind === 'choices') {
    // The server's rules and words: values of the list, repeats, how many (src/shared/choices.ts).
    const rule = { label, values: (spec.choices ?? []).map((c) => c.id), minItems: spec.minItems, maxItems: spec.maxItems, uniqueItems: spec.uniqueItems, messages: spec.messages };
    checks.push((v) => choicesProblem(v, rule));
    return checks;
  }
  if (spec.kind === 'decimal') {
    // Exact, as the server checks it: places, digits and bounds compared as decimals, never as floats.
    const digits = spec.digits ?? { integer: 80, fraction: 20 };
    checks.push((v) => (isEmpty(v) ? undefined : decimalProblem(String(v), label, digits, spec)));
    return checks;
  }
  if (spec.minimum !== undefined) {
    const min = spec.minimum;
    checks.push((v) => (!isEmpty(v) && Number(v) < min ? say('minimum', 'O campo {label} deve ser pelo menos {n}.', min) : undefined));
  }
  if (spec.maximum !== undefined) {
    const max = spec.maximum;
    checks.push((v) => (!isEmpty(v) && Number(v) > max ? say('maximum', 'O campo {label} não pode ser maior que {n}.', max) : undefined));
  }
  const kindCheck = KIND_CHECKS[spec.kind];
  if (kindCheck) {
    checks.push((v) => {
      const message = isEmpty(v) ? undefined : kindCheck(v, label);
      return message && say('format', message);
    });
  }
  const format = spec.format;
  if (format) checks.push((v) => (typeof v === 'string' && v !== '' && !isIpAddress(v, format) ? say('format', ipAddressMessage(label)) : undefined));
  if (spec.pattern) {
    const pattern = new RegExp(spec.pattern);
    checks.push((v) => (typeof v === 'string' && v !== '' && !pattern.test(v) ? say('pattern', 'O campo {label} tem um formato inválido.') : undefined));
  }
  return checks;
}

/**
 * The end of an `x-order` pair: the message when it comes before its start. The start is read
 * beside the end (the same row of a sub-list, or the form), as the form's values hold it.
 */
export function orderCheck(spec: FieldSpec, path: string): Check | undefined {
  const rule = spec.notBefore;
  if (!rule) return undefined;
  const startPath = siblingPath(path, rule.field).split('.');
  return (value, values) => {
    const start = startPath.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), values);
    return startsAfterEnd(start, value) ? rule.message : undefined;
  };
}

const KIND_CHECKS: Partial<Record<FieldSpec['kind'], (value: unknown, label: string) => string | undefined>> = {
  cpf: (v) => (isCpf(String(v)) ? undefined : VALIDATOR_MESSAGES.cpf),
  cnpj: (v) => (isCnpj(String(v)) ? undefined : VALIDATOR_MESSAGES.cnpj),
  money: (v) => (isMoney(v as string | number) ? undefined : VALIDATOR_MESSAGES.money),
  email: (v, label) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(v)) ? undefined : `O campo ${label} deve ser um endereço de e-mail válido.`),
  cep: (v, label) => (/^\d{5}-?\d{3}$/.test(String(v)) ? undefined : `O campo ${label} deve ser um CEP válido.`),
  date: (v, label) => (/^\d{4}-\d{2}-\d{2}$/.test(String(v)) ? undefined : `O campo ${label} deve ser uma data válida.`),
  datetime: (v, label) => (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(String(v)) ? undefined : `O campo ${label} deve ser uma data e hora válidas.`),
  time: (v, label) => (/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(String(v)) ? undefined : `O campo ${label} deve ser uma hora válida.`),
};

/** 'Deve haver apenas um {item} principal' when more than one item of a sub-list is marked main (and, if required, none). */
export function onlyOneMainCheck(mainField: string, rule: MainItemRule): Check {
  return (value) => mainItemProblem(Array.isArray(value) ? value : [], mainField, rule);
}
