/**
 * A stored value as a person reads it in a report: enum and choices labels, Sim/Não, dates as
 * DD/MM/YYYY (date-times in the council's time zone), money as `R$ 1.234,56`, decimals with every
 * significant place. Pure: a reference's record label is looked up before (`references.ts`).
 */
import Decimal from 'decimal.js';
import type { Field } from '../../../../../language/index.js';
import { COUNCIL_TIME_ZONE } from '../../../../shared/council-clock.js';
import { formatCents, formatDecimal } from '../../../../shared/decimals.js';

/** Kinds whose column a report may show. */
export const SHOWN_KINDS = new Set<string>([
  'id', 'text', 'textarea', 'richtext', 'integer', 'decimal', 'money', 'boolean', 'date', 'datetime', 'time', 'email', 'url',
  'cpf', 'cnpj', 'cep', 'phone', 'mask', 'color', 'enum', 'choices', 'reference',
]);

/** Kinds summed in subtotals and totals (exactly, with decimal.js). */
export const isSummed = (field: Field) => field.kind === 'money' || field.kind === 'decimal';

/** Kinds whose cells are numbers (aligned right; numeric cells in a spreadsheet). */
export const isNumeric = (field: Field) => isSummed(field) || field.kind === 'integer' || field.kind === 'id';

const DATE_TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: COUNCIL_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false,
});

/** `'2026-03-09'` → `'09/03/2026'`. */
export function dateText(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** A moment as `DD/MM/YYYY HH:mm:ss` on the council's clock. */
export const dateTimeText = (value: Date) => DATE_TIME.format(value).replace(',', '');

/** `'1234.5'` → `'R$ 1.234,50'` (a minus before the symbol). */
export function moneyText(value: string): string {
  const negative = new Decimal(value).isNegative() && !new Decimal(value).isZero();
  const text = formatCents(new Decimal(value).abs().toFixed());
  return `${negative ? '-' : ''}R$ ${text}`;
}

const htmlWords = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

/**
 * What a person reads for `value` of `field`; `referenceLabel` names a referenced record.
 * @example valueText(moneyField, '1234.5') // 'R$ 1.234,50'
 */
export function valueText(field: Field, value: unknown, referenceLabel?: (id: number) => string | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'boolean':
      return value === true ? 'Sim' : value === false ? 'Não' : '';
    case 'enum':
      return field.enumOptions.find((o) => o.value === value)?.label ?? String(value);
    case 'choices':
      return Array.isArray(value) ? value.map((v) => field.enumOptions.find((o) => o.value === v)?.label ?? String(v)).join(', ') : '';
    case 'reference':
      return referenceLabel?.(Number(value)) ?? String(value);
    case 'money':
      return moneyText(String(value));
    case 'decimal':
      return formatDecimal(String(value));
    case 'date':
      return dateText(String(value));
    case 'datetime':
      return value instanceof Date ? dateTimeText(value) : String(value);
    case 'time':
      return String(value).slice(0, 8);
    case 'richtext':
      return htmlWords(String(value));
    default:
      return value instanceof Date ? dateTimeText(value) : String(value);
  }
}

/** The exact number a numeric cell holds, as text (`'1234.50'`), or null when empty. */
export function numberOf(field: Field, value: unknown): string | null {
  if (!isNumeric(field) || value === null || value === undefined || value === '') return null;
  try {
    return new Decimal(String(value)).toFixed();
  } catch {
    return null;
  }
}

/**
 * A data set's value as a person reads it (dataset.ts's kinds).
 * @example datasetText('month', '2026-03') // '03/2026'
 */
export function datasetText(kind: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'money':
      return moneyText(String(value));
    case 'date':
      return dateText(String(value));
    case 'month': {
      const match = /^(\d{4})-(\d{2})/.exec(String(value));
      return match ? `${match[2]}/${match[1]}` : String(value);
    }
    case 'boolean':
      return value === true ? 'Sim' : value === false ? 'Não' : '';
    default:
      return String(value);
  }
}

/** A data set's numeric value (money, integer) exactly as text, null for the others or none. */
export function datasetNumber(kind: string, value: unknown): string | null {
  if ((kind !== 'money' && kind !== 'integer') || value === null || value === undefined || value === '') return null;
  try {
    return new Decimal(String(value)).toFixed();
  } catch {
    return null;
  }
}
