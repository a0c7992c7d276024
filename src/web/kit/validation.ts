import { trimmedValue } from '../../shared/text';
import { VALIDATOR_MESSAGES, isCnpj, isCpf, isMoney } from '../../shared/validators';
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
export function fieldChecks(spec: FieldSpec): Check[] {
  // Text is checked as the server stores it, trimmed (src/shared/text.ts): spaces alone are blank.
  return rawChecks(spec).map((check) => (value, values) => check(trimmedValue(spec.kind, value), values));
}

function rawChecks(spec: FieldSpec): Check[] {
  const label = spec.label;
  const checks: Check[] = [];
  if (spec.required) checks.push((v) => (isEmpty(v) ? `O campo ${label} é obrigatório.` : undefined));
  if (spec.maxLength !== undefined) {
    const max = spec.maxLength;
    checks.push((v) => (typeof v === 'string' && v.length > max ? `O campo ${label} não pode ter mais de ${max} caracteres.` : undefined));
  }
  if (spec.minLength !== undefined) {
    const min = spec.minLength;
    checks.push((v) => (typeof v === 'string' && v !== '' && v.length < min ? `O campo ${label} deve ter pelo menos ${min} caracteres.` : undefined));
  }
  if (spec.minimum !== undefined) {
    const min = spec.minimum;
    checks.push((v) => (!isEmpty(v) && Number(v) < min ? `O campo ${label} deve ser pelo menos ${min}.` : undefined));
  }
  if (spec.maximum !== undefined) {
    const max = spec.maximum;
    checks.push((v) => (!isEmpty(v) && Number(v) > max ? `O campo ${label} não pode ser maior que ${max}.` : undefined));
  }
  const kindCheck = KIND_CHECKS[spec.kind];
  if (kindCheck) checks.push((v) => (isEmpty(v) ? undefined : kindCheck(v, label)));
  if (spec.pattern) {
    const pattern = new RegExp(spec.pattern);
    checks.push((v) => (typeof v === 'string' && v !== '' && !pattern.test(v) ? `O campo ${label} tem um formato inválido.` : undefined));
  }
  return checks;
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

/** 'Deve haver apenas um {item} principal' when more than one item of a sub-list is marked main. */
export function onlyOneMainCheck(itemLabel: string, mainField: string): Check {
  return (value) => {
    const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
    return items.filter((item) => item && item[mainField] === true).length > 1
      ? `Deve haver apenas um ${itemLabel} principal`
      : undefined;
  };
}
