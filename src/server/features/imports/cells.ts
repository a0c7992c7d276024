/**
 * A spreadsheet cell read the way a person wrote it in pt-BR, into the value the form would send:
 * dates DD/MM/YYYY (or the spreadsheet's own date), decimals with a comma, Sim/Não, an option's
 * label, a referenced record by its name, its natural key or its id. A cell that cannot be read is
 * passed on as written, so the form's own rule refuses it with the form's message.
 */
import type { Field } from '../../../../language/index.js';
import { normaliseDecimal, parseTypedDecimal } from '../../../shared/decimals.js';
import { comparable } from './columns.js';

/** A cell as a file holds it: text, a number, a boolean, a date, or nothing. */
export type Cell = string | number | boolean | null;

const pad = (n: number) => String(n).padStart(2, '0');

const YES = new Set(['sim', 's', 'x', 'true', 'verdadeiro', '1', 'yes']);
const NO = new Set(['nao', 'n', 'false', 'falso', '0', 'no']);

/** `05/03/2024` → `2024-03-05`; an ISO date stays; the rest is left to the form's rule. */
function dateOf(text: string): string {
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (br) return `${br[3]}-${pad(Number(br[2]))}-${pad(Number(br[1]))}`;
  return text;
}

/** `05/03/2024 14:30` (the councils' clock, UTC−3) → `2024-03-05T14:30:00-03:00`. */
function momentOf(text: string): string {
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!br) return text;
  const [, d, m, y, h = '0', min = '0', s = '0'] = br;
  return `${y}-${pad(Number(m))}-${pad(Number(d))}T${pad(Number(h))}:${pad(Number(min))}:${pad(Number(s))}-03:00`;
}

function optionOf(field: Field, text: string): unknown {
  const wanted = comparable(text);
  const option = field.enumOptions?.find((o) => comparable(o.label) === wanted || comparable(String(o.value)) === wanted);
  if (!option) return text;
  return option.value;
}

/** A cell's text as the form shows it (spreadsheet numbers keep their digits, no float noise). */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return normaliseDecimal(String(cell)) ?? String(cell);
  if (typeof cell === 'boolean') return cell ? 'Sim' : 'Não';
  return cell.trim();
}

/**
 * The form's value of a cell for its field; `undefined` for an empty cell (the field is left out).
 * References are answered by `resolve` (names.ts), which knows the referenced records.
 */
export function cellValue(field: Field, cell: Cell, resolve: (field: Field, text: string) => unknown): unknown {
  const text = cellText(cell);
  if (text === '') return undefined;
  switch (field.kind) {
    case 'integer': {
      const plain = text.replace(/\./g, '');
      return /^-?\d+$/.test(plain) ? Number(plain) : text;
    }
    case 'decimal':
      return typeof cell === 'number' ? text : (parseTypedDecimal(text) ?? text);
    case 'money':
      return typeof cell === 'number' ? text : (parseTypedDecimal(text) ?? text);
    case 'boolean': {
      const word = comparable(text);
      return YES.has(word) ? true : NO.has(word) ? false : text;
    }
    case 'date':
      return dateOf(text);
    case 'datetime':
      return momentOf(text);
    case 'enum':
      return optionOf(field, text);
    case 'choices':
      return text.split(/\s*[;,]\s*/).filter(Boolean).map((part) => optionOf(field, part));
    case 'reference':
      return resolve(field, text);
    case 'references':
      return text.split(/\s*;\s*/).filter(Boolean).map((part) => resolve(field, part));
    default:
      return text;
  }
}
