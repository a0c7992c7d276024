/**
 * A document's metadata: the values of the fields its type lists (`document_type_metadata`: name,
 * type, required). The body sends `[{ id, value }]`, `id` naming the type's entry; the record keeps
 * `[{ id, name, type, required, value }]` in the type's order, so a document still reads the same
 * once its type is renamed. Pure: the hooks load the type and store the result.
 */
import { isCalendarDate } from '../../../shared/dates.js';
import type { FieldErrors } from '../../core/http/app-error.js';

export type MetadataType = 'boolean' | 'string' | 'date' | 'integer' | 'float';

export interface MetadataEntry {
  id: number;
  name: string;
  type: MetadataType;
  required: boolean;
}

export interface MetadataValue extends MetadataEntry {
  value: boolean | string | number | null;
}

export const METADATA_SHAPE = 'Envie os metadados como uma lista de {id, value}.';
export const UNKNOWN_ENTRY = 'Este metadado não pertence ao tipo de documento.';
const REPEATED_ENTRY = 'Este metadado foi enviado mais de uma vez.';
const MAX_TEXT = 1000;

const required = (name: string) => `O campo ${name} é obrigatório.`;
const WRONG: Record<MetadataType, (name: string) => string> = {
  boolean: (name) => `O campo ${name} deve ser Sim ou Não.`,
  string: (name) => `O campo ${name} deve ser um texto de até ${MAX_TEXT} caracteres.`,
  date: (name) => `O campo ${name} deve ser uma data válida.`,
  integer: (name) => `O campo ${name} deve ser um número inteiro.`,
  float: (name) => `O campo ${name} deve ser um número.`,
};

/** The metadata checked against the type's entries; errors are keyed `metadata.<index>.value` (the entry's place in the type). */
export function checkMetadata(sent: unknown, entries: readonly MetadataEntry[]): { values: MetadataValue[]; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const given = new Map<number, unknown>();
  if (sent !== undefined && sent !== null) {
    if (!Array.isArray(sent)) return { values: [], errors: { metadata: [METADATA_SHAPE] } };
    sent.forEach((item, index) => {
      const id = item && typeof item === 'object' && !Array.isArray(item) ? Number((item as { id?: unknown }).id) : NaN;
      if (!Number.isSafeInteger(id) || !('value' in item)) return void (errors[`metadata.${index}`] = [METADATA_SHAPE]);
      if (!entries.some((entry) => entry.id === id)) return void (errors[`metadata.${index}.id`] = [UNKNOWN_ENTRY]);
      if (given.has(id)) return void (errors[`metadata.${index}.id`] = [REPEATED_ENTRY]);
      given.set(id, (item as { value: unknown }).value);
    });
  }
  const values = entries.map((entry, index) => {
    const raw = given.get(entry.id);
    const value = typedValue(entry.type, raw);
    if (value === undefined) errors[`metadata.${index}.value`] = [WRONG[entry.type](entry.name)];
    else if (value === null && entry.required) errors[`metadata.${index}.value`] = [required(entry.name)];
    return { ...entry, value: value ?? null };
  });
  return { values, errors };
}

/** The value as kept, null when empty, undefined when it is not of the type. */
function typedValue(type: MetadataType, raw: unknown): boolean | string | number | null | undefined {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'string' && raw.trim() === '' && type !== 'boolean') return null;
  switch (type) {
    case 'boolean':
      return typeof raw === 'boolean' ? raw : undefined;
    case 'string': {
      if (typeof raw !== 'string' || raw.includes('\u0000')) return undefined;
      const text = raw.trim();
      return text.length <= MAX_TEXT ? text : undefined;
    }
    case 'date':
      return typeof raw === 'string' && isCalendarDate(raw.trim()) ? raw.trim() : undefined;
    case 'integer': {
      const number = typeof raw === 'string' && /^-?\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
      return typeof number === 'number' && Number.isSafeInteger(number) ? number : undefined;
    }
    case 'float':
      return decimalText(raw);
  }
}

/** A decimal kept exactly as text with a point (`'1234.5'`); a pt-BR comma is taken. At most 15 digits before and 10 after. */
function decimalText(raw: unknown): string | undefined {
  const text = typeof raw === 'number' ? (Number.isFinite(raw) ? String(raw) : '') : typeof raw === 'string' ? raw.trim().replace(',', '.') : '';
  const match = /^(-?)(\d{1,15})(?:\.(\d{1,10}))?$/.exec(text);
  if (!match) return undefined;
  const whole = match[2].replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const sign = match[1] && (whole !== '0' || fraction) ? '-' : '';
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}
