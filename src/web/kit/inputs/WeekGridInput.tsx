import type { ChangeEvent } from 'react';
import Button from '@mui/material/Button';
import { useInput, type Validator } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { FieldSpec, WeekLayout } from '../types';

interface Props {
  spec: FieldSpec;
  label: string;
  validate: Validator[];
  readOnly: boolean;
}

type Item = Record<string, unknown>;

/** The message react-hook-form keeps at a dotted path (`work_relations.0.expedients.3.start`). */
const messageAt = (errors: unknown, path: string): string | undefined => {
  let node: unknown = errors;
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  const message = node && typeof node === 'object' ? (node as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : undefined;
};

/** Digits typed as a time: `0800` → `08:00`, the colon put third. */
const asTime = (typed: string) => {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
};

const NO_TIME = 'Você deve informar ao menos um horário';

/**
 * A sub-list of a week (`x-sublist.week`: a work relation's expedients) as a grid: a row per
 * expedient, a column per day, a start and an end in each cell. The value stays the sub-list's
 * items, one per filled cell; clearing both times of a cell removes its item, and the server's
 * messages on an item's fields show in its cell. A row without any time is held as an item with no
 * day, so the form refuses it with the spec's message: the server, which sees filled cells only,
 * could not tell it was there.
 */
export function WeekGridInput({ spec, label, validate, readOnly }: Props) {
  const week = spec.sublist!.week as WeekLayout;
  const isTimeless = (item: Item) => item[week.day] === undefined || item[week.day] === null;
  const everyRowTimed = (value: unknown) => (Array.isArray(value) && value.some(isTimeless) ? NO_TIME : undefined);
  const { field } = useInput({ source: spec.source, validate: [...validate, everyRowTimed], defaultValue: spec.defaultValue });
  const { errors } = useFormState({ name: field.name });
  const items: Item[] = Array.isArray(field.value) ? field.value : [];
  const rowField = spec.sublist!.fields.find((f) => f.source === week.row);
  const days = spec.sublist!.fields.find((f) => f.source === week.day)?.choices ?? [];
  const rows = [...new Set(items.map((item) => Number(item[week.row])))].filter(Number.isFinite).sort((a, b) => a - b);
  const timeless = (row: number) => items.some((item) => Number(item[week.row]) === row && isTimeless(item));
  const lastRow = rowField?.maximum ?? 9;
  const rowNoun = rowField?.label.toLowerCase() ?? 'linha';
  const indexOf = (row: number, day: number) => items.findIndex((item) => Number(item[week.row]) === row && Number(item[week.day]) === day);
  const time = (value: unknown) => (typeof value === 'string' ? value.slice(0, 5) : '');

  const setTime = (row: number, day: number, part: 'start' | 'end', event: ChangeEvent<HTMLInputElement>) => {
    const value = asTime(event.target.value);
    const index = indexOf(row, day);
    const key = week[part];
    const others = (kept: Item[]) => kept.filter((item) => !(Number(item[week.row]) === row && isTimeless(item)));
    if (index < 0) {
      field.onChange([...others(items), { [week.row]: row, [week.day]: day, [week.start]: '', [week.end]: '', [key]: value }]);
      return;
    }
    const changed = { ...items[index], [key]: value };
    if (changed[week.start] || changed[week.end]) return field.onChange(items.map((item, i) => (i === index ? changed : item)));
    const left = items.filter((_, i) => i !== index);
    const rowLeft = left.some((item) => Number(item[week.row]) === row);
    field.onChange(rowLeft ? left : [...left, { [week.row]: row }]);
  };
  const removeRow = (row: number) => field.onChange(items.filter((item) => Number(item[week.row]) !== row));
  const addRow = (row: number) => field.onChange([...items, { [week.row]: row }]);
  const nextRow = Math.max(0, ...rows) + 1;
  const whole = messageAt(errors, field.name);

  return (
    <div className="week-grid" role="group" aria-label={label}>
      <span className="week-grid-label">{label}</span>
      {spec.helperText && <p className="week-grid-help">{spec.helperText}</p>}
      {whole && <p role="alert" className="week-grid-error">{whole}</p>}
      <div className="week-grid-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{rowField?.label ?? 'Linha'}</th>
              {days.map((day) => <th key={day.id} scope="col" title={day.name}>{day.name.slice(0, 3)}</th>)}
              {!readOnly && <th scope="col"><span className="visually-hidden">Ações</span></th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row}>
                <th scope="row" className={whole && timeless(row) ? 'invalid' : undefined}>{row}</th>
                {days.map((day) => {
                  const index = indexOf(row, Number(day.id));
                  const item = index >= 0 ? items[index] : undefined;
                  const cellErrors = index >= 0 ? [messageAt(errors, `${field.name}.${index}.${week.start}`), messageAt(errors, `${field.name}.${index}.${week.end}`)].filter(Boolean) : [];
                  const where = `${day.name}, ${rowNoun} ${row}`;
                  return (
                    <td key={day.id} className={cellErrors.length ? 'week-grid-cell invalid' : 'week-grid-cell'}>
                      <input aria-label={`Início de ${where}`} value={time(item?.[week.start])} placeholder="--:--" inputMode="numeric" maxLength={5} readOnly={readOnly}
                        aria-invalid={cellErrors.length > 0} onChange={(event) => setTime(row, Number(day.id), 'start', event)} />
                      <input aria-label={`Fim de ${where}`} value={time(item?.[week.end])} placeholder="--:--" inputMode="numeric" maxLength={5} readOnly={readOnly}
                        aria-invalid={cellErrors.length > 0} onChange={(event) => setTime(row, Number(day.id), 'end', event)} />
                      {cellErrors.map((message) => <span key={message} role="alert">{message}</span>)}
                    </td>
                  );
                })}
                {!readOnly && (
                  <td>
                    <Button size="small" onClick={() => removeRow(row)} aria-label={`Remover o ${rowNoun} ${row}`}>Remover</Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!readOnly && nextRow <= lastRow && (
        <Button size="small" onClick={() => addRow(nextRow)}>
          Adicionar {rowNoun}
        </Button>
      )}
    </div>
  );
}
