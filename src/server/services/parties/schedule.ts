/**
 * The weekly schedule of a work relation (spec 001 §5, §9): expedients numbered 1, 2…, each with a
 * start and an end on some of the days 1 (Sunday) to 7 (Saturday), as 'HH:MM' up to 23:59. Pure: the
 * write hook and the tests call it; the messages are the specification's.
 */
export const SCHEDULE_MESSAGES = {
  invalid: 'Horário inválido',
  order: 'O horário inicial deve ser menor que o final',
  none: 'Você deve informar ao menos um horário',
  conflict: (expedient: number) => `O horário está em conflito com o expediente: ${expedient}`,
} as const;

export interface ExpedientRow {
  expedient_number: number;
  day: number;
  start: string;
  end: string;
}

/** The default schedule of a new work relation: Monday to Friday, 08:00–12:00 and 13:00–18:00. */
export const DEFAULT_SCHEDULE: readonly ExpedientRow[] = [
  ...[2, 3, 4, 5, 6].map((day) => ({ expedient_number: 1, day, start: '08:00', end: '12:00' })),
  ...[2, 3, 4, 5, 6].map((day) => ({ expedient_number: 2, day, start: '13:00', end: '18:00' })),
];

/** Minutes past midnight of 'HH:MM' (the colon third) up to 23:59; null for anything else. */
export function minutesOf(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours <= 23 && minutes <= 59 ? hours * 60 + minutes : null;
}

/**
 * The schedule's errors, keyed by the row's index and field (`'2.start'`), or `''` for the schedule
 * as a whole. An end at 23:59 is refused too (a shift ends before the day does); a row that overlaps
 * an earlier one of the same day, or repeats an expedient's day, names that row's expedient.
 */
export function scheduleErrors(rows: readonly ExpedientRow[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  if (rows.length === 0) add('', SCHEDULE_MESSAGES.none);
  const spans: { row: ExpedientRow; start: number; end: number }[] = [];
  rows.forEach((row, index) => {
    const start = minutesOf(row.start);
    const end = minutesOf(row.end);
    if (start === null) add(`${index}.start`, SCHEDULE_MESSAGES.invalid);
    if (end === null || end >= 23 * 60 + 59) add(`${index}.end`, SCHEDULE_MESSAGES.invalid);
    if (start === null || end === null || end >= 23 * 60 + 59) return;
    if (start >= end) return add(`${index}.end`, SCHEDULE_MESSAGES.order);
    const clash = spans.find((other) => other.row.day === row.day && (other.row.expedient_number === row.expedient_number || (start < other.end && other.start < end)));
    if (clash) return add(`${index}.start`, SCHEDULE_MESSAGES.conflict(clash.row.expedient_number));
    spans.push({ row, start, end });
  });
  return errors;
}
