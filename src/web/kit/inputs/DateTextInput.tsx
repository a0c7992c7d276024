import { TextInput, type TextInputProps } from 'react-admin';
import { applyMask, formatDate } from '../format';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/;

/** `'05/03/2024'` → `'2024-03-05'` when complete and a real day, else the partial text as typed. */
export function parseTypedDate(typed: string): string | null {
  if (!typed) return null;
  const masked = applyMask('00/00/0000', typed);
  const [d, m, y] = masked.split('/');
  if (masked.length !== 10) return masked;
  const iso = `${y}-${m}-${d}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : masked;
}

/** `'05/03/2024 14:07'` → `'2024-03-05 14:07:00'` when complete, else the partial text. */
export function parseTypedDateTime(typed: string): string | null {
  if (!typed) return null;
  const masked = applyMask('00/00/0000 00:00', typed);
  if (masked.length !== 16) return masked;
  const date = parseTypedDate(masked.slice(0, 10));
  const [h, min] = masked.slice(11).split(':').map(Number);
  return date && ISO_DATE.test(date) && h < 24 && min < 60 ? `${date} ${masked.slice(11)}:00` : masked;
}

function formatDateTimeValue(value: unknown): string {
  if (value == null) return '';
  const text = String(value);
  if (!ISO_DATETIME.test(text)) return text;
  const local = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text : text.replace(' ', 'T'));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(local.getDate())}/${pad(local.getMonth() + 1)}/${local.getFullYear()} ${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/** A date typed and shown DD/MM/YYYY, sent YYYY-MM-DD. */
export function DateTextInput(props: TextInputProps) {
  return (
    <TextInput
      placeholder="DD/MM/AAAA"
      {...props}
      parse={parseTypedDate}
      format={(value: unknown) => (typeof value === 'string' && ISO_DATE.test(value.slice(0, 10)) ? formatDate(value) : value == null ? '' : String(value))}
    />
  );
}

/** A date and time typed and shown DD/MM/YYYY HH:mm, sent YYYY-MM-DD HH:mm:ss. */
export function DateTimeTextInput(props: TextInputProps) {
  return <TextInput placeholder="DD/MM/AAAA HH:MM" {...props} parse={parseTypedDateTime} format={formatDateTimeValue} />;
}
