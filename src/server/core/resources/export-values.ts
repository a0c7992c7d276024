import type { Entity, Field, Model } from '../../../../language/index.js';
import type { DynamicDatabase } from '../db/dynamic.js';
import { COUNCIL_TIME_ZONE } from '../../../shared/council-clock.js';
import { formatCents, formatDecimal } from '../../../shared/decimals.js';
import { THEME_PALETTE } from '../../../shared/palette.js';
import { listCombos, MAX_COMBO_OPTIONS } from './combos.js';

type Row = Record<string, unknown>;

/** A column of an export: a list column (`x-list.columns`) under its pt-BR label. */
export interface ExportColumn {
  field: Field;
  header: string;
}

/** Names of referenced records by module, then by id: their combo labels ('SP - São Paulo'). */
export type ReferenceNames = Map<string, Map<number, string>>;


/** The list's columns, in order, each under its label; a secret is never a column. */
export function exportColumns(entity: Entity): ExportColumn[] {
  return entity.list.columns
    .map((name) => entity.fields.find((f) => f.name === name))
    .filter((field): field is Field => field !== undefined && !field.writeOnly)
    .map((field) => ({ field, header: field.label }));
}

const isReference = (field: Field) => field.kind === 'reference' || field.kind === 'references';

/** How many names of one referenced module an export keeps from batch to batch (beyond it, it reads them again). */
export const KEPT_NAMES = 10_000;

/**
 * The names of the records each batch's reference columns point at, one combos read per referenced
 * module and thousand ids (never one per row), for the ids no earlier batch of the export named: a
 * list of municipios reads its UFs' names once, not once a batch. `dbOf` says where a referenced
 * module's records are.
 * @example const namesOf = referenceNamer(model, dbOf, columns); for (…) names = await namesOf(rows);
 */
export function referenceNamer(model: Model, dbOf: (entity: Entity) => DynamicDatabase, columns: ExportColumn[]): (rows: Row[]) => Promise<ReferenceNames> {
  const kept = new Map<string, Map<number, string>>();
  return async (rows) => {
    const wanted = new Map<string, Set<number>>();
    for (const { field } of columns) {
      if (!isReference(field)) continue;
      const ids = wanted.get(field.reference!.module) ?? new Set<number>();
      for (const row of rows) {
        const value = row[field.name];
        for (const id of Array.isArray(value) ? value : [value]) if (id !== null && id !== undefined && id !== '') ids.add(Number(id));
      }
      wanted.set(field.reference!.module, ids);
    }
    const names: ReferenceNames = new Map();
    for (const [module, ids] of wanted) {
      const referenced = model.byModule.get(module);
      const found = new Map<number, string>();
      names.set(module, found);
      if (!referenced || ids.size === 0) continue;
      let known = kept.get(module);
      if (!known || known.size > KEPT_NAMES) kept.set(module, (known = new Map()));
      const missing: number[] = [];
      for (const id of ids) {
        if (!Number.isSafeInteger(id)) continue;
        const name = known.get(id);
        if (name === undefined) missing.push(id);
        else if (name !== '') found.set(id, name);
      }
      for (let start = 0; start < missing.length; start += MAX_COMBO_OPTIONS) {
        const some = missing.slice(start, start + MAX_COMBO_OPTIONS);
        const { data } = await listCombos(dbOf(referenced), referenced, { id: some.join(',') });
        for (const option of data) found.set(option.id, option.name);
        // A record that is not there is remembered as such ('' is no name), so it is not asked for again.
        for (const id of some) known.set(id, found.get(id) ?? '');
      }
    }
    return names;
  };
}

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: COUNCIL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

/** A moment's date and time on the councils' clock: `{ year, month, day, hour, minute, second }`. */
function clockParts(value: unknown): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> | null {
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return null;
  const parts = Object.fromEntries(wallClock.formatToParts(date).filter((p) => p.type !== 'literal').map((p) => [p.type, Number(p.value)]));
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** `'2024-03-05'` (a date column's text, or a Date at midnight UTC) → `[2024, 3, 5]`. */
function dateParts(value: unknown): [number, number, number] | null {
  const text = value instanceof Date ? value.toISOString() : String(value);
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const optionLabel = (field: Field, value: unknown) =>
  field.enumOptions?.find((o) => String(o.value) === String(value))?.label ?? String(value);

const richTextWords = (value: unknown) =>
  String(value).replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

/**
 * A value as a person reads it: enum and choices labels, a reference by its record's label, Sim/Não,
 * DD/MM/YYYY, DD/MM/YYYY HH:mm on the councils' clock, amounts in pt-BR (`1.234,56`).
 * @example exportText(moneyField, '1234.5', names) // '1.234,50'
 */
export function exportText(field: Field, value: unknown, names: ReferenceNames): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'boolean':
      return value === true ? 'Sim' : value === false ? 'Não' : String(value);
    case 'date': {
      const parts = dateParts(value);
      return parts ? `${pad(parts[2])}/${pad(parts[1])}/${parts[0]}` : String(value);
    }
    case 'datetime': {
      const p = clockParts(value);
      return p ? `${pad(p.day)}/${pad(p.month)}/${p.year} ${pad(p.hour)}:${pad(p.minute)}` : String(value);
    }
    case 'money':
      return formatCents(String(value));
    case 'decimal':
      return formatDecimal(value);
    case 'enum':
      return optionLabel(field, value);
    case 'choices':
      return (Array.isArray(value) ? value : [value]).map((v) => optionLabel(field, v)).join(', ');
    case 'reference':
      return names.get(field.reference!.module)?.get(Number(value)) ?? '';
    case 'references':
      return (Array.isArray(value) ? value : [value]).map((id) => names.get(field.reference!.module)?.get(Number(id))).filter(Boolean).join(', ');
    case 'color':
      return THEME_PALETTE.find((c) => c.value === String(value).toLowerCase())?.label ?? String(value);
    case 'image':
      return 'Imagem';
    case 'file':
      return typeof value === 'object' ? String((value as { name?: unknown }).name ?? '') : String(value);
    case 'richtext':
      return richTextWords(value);
    case 'json':
    case 'sublist':
    case 'external':
      return typeof value === 'string' ? value : JSON.stringify(value);
    case 'text': {
      // A moment on the council's clock, written 'YYYY-MM-DD HH:mm:ss' (`x-moment`): as the screen shows it.
      const moment = field.moment ? /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(String(value)) : null;
      return moment ? `${moment[3]}/${moment[2]}/${moment[1]} ${moment[4]}:${moment[5]}` : String(value);
    }
    default:
      return value instanceof Date ? value.toISOString() : String(value);
  }
}

/** A spreadsheet cell's value: numbers stay numbers, dates dates (the clock's, as Excel has no time zone); the rest as `exportText`. */
export function exportCell(field: Field, value: unknown, names: ReferenceNames): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  switch (field.kind) {
    case 'id':
    case 'integer':
    case 'money':
    case 'decimal': {
      const number = Number(value);
      return Number.isFinite(number) ? number : String(value);
    }
    case 'date': {
      const parts = dateParts(value);
      return parts ? new Date(Date.UTC(parts[0], parts[1] - 1, parts[2])) : String(value);
    }
    case 'datetime': {
      const p = clockParts(value);
      return p ? new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)) : String(value);
    }
    default: {
      const text = exportText(field, value, names);
      return text === '' ? null : text;
    }
  }
}

/** The number format of a spreadsheet column (Excel shows it in the reader's locale: 1.234,56 in pt-BR). */
export function exportNumberFormat(field: Field): string | undefined {
  switch (field.kind) {
    case 'money':
      return '#,##0.00';
    case 'decimal': {
      const places = Math.min(field.digits.fraction, 15);
      return places > 0 ? `#,##0.${'0'.repeat(places)}` : '#,##0';
    }
    case 'date':
      return 'dd/mm/yyyy';
    case 'datetime':
      return 'dd/mm/yyyy hh:mm';
    default:
      return undefined;
  }
}
