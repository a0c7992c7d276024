/** The work schedule's rules (spec 001 §5, §9), one row of the table per case. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE, minutesOf, scheduleErrors, SCHEDULE_MESSAGES, type ExpedientRow } from '../../src/server/services/parties/schedule.js';

const row = (expedient_number: number, day: number, start: string, end: string): ExpedientRow => ({ expedient_number, day, start, end });

describe('work schedule rules', () => {
  it.each<[string, ExpedientRow[], Record<string, string[]>]>([
    ['the default schedule', [...DEFAULT_SCHEDULE], {}],
    ['one time on one day', [row(1, 2, '07:30', '11:45')], {}],
    ['no time at all', [], { '': [SCHEDULE_MESSAGES.none] }],
    ['an hour past 23', [row(1, 2, '24:00', '10:00')], { '0.start': [SCHEDULE_MESSAGES.invalid] }],
    ['minutes past 59', [row(1, 2, '08:60', '10:00')], { '0.start': [SCHEDULE_MESSAGES.invalid] }],
    ['the colon out of place', [row(1, 2, '8:00', '10:00')], { '0.start': [SCHEDULE_MESSAGES.invalid] }],
    ['no colon', [row(1, 2, '0800', '10:00')], { '0.start': [SCHEDULE_MESSAGES.invalid] }],
    ['an end at 23:59', [row(1, 2, '20:00', '23:59')], { '0.end': [SCHEDULE_MESSAGES.invalid] }],
    ['an end at 23:58', [row(1, 2, '20:00', '23:58')], {}],
    ['both times wrong', [row(1, 2, '25:00', '99:99')], { '0.start': [SCHEDULE_MESSAGES.invalid], '0.end': [SCHEDULE_MESSAGES.invalid] }],
    ['a start equal to its end', [row(1, 2, '10:00', '10:00')], { '0.end': [SCHEDULE_MESSAGES.order] }],
    ['a start after its end', [row(1, 2, '12:00', '08:00')], { '0.end': [SCHEDULE_MESSAGES.order] }],
    ['two expedients overlapping on a day', [row(1, 2, '08:00', '12:00'), row(2, 2, '11:00', '14:00')], { '1.start': [SCHEDULE_MESSAGES.conflict(1)] }],
    ['one inside the other', [row(1, 4, '08:00', '18:00'), row(3, 4, '12:00', '13:00')], { '1.start': [SCHEDULE_MESSAGES.conflict(1)] }],
    ['an end touching the next start', [row(1, 2, '08:00', '12:00'), row(2, 2, '12:00', '18:00')], {}],
    ['the same hours on other days', [row(1, 2, '08:00', '12:00'), row(2, 3, '08:00', '12:00')], {}],
    ['an expedient twice on one day', [row(1, 2, '08:00', '09:00'), row(1, 2, '10:00', '11:00')], { '1.start': [SCHEDULE_MESSAGES.conflict(1)] }],
    ['the third clashing with the second', [row(1, 2, '08:00', '10:00'), row(2, 2, '13:00', '18:00'), row(3, 2, '17:00', '19:00')], { '2.start': [SCHEDULE_MESSAGES.conflict(2)] }],
  ])('%s', (_case, rows, errors) => {
    expect(scheduleErrors(rows)).toEqual(errors);
  });

  it('names the conflicting expedient by its number', () => {
    expect(SCHEDULE_MESSAGES.conflict(2)).toBe('O horário está em conflito com o expediente: 2');
  });

  it('reads times up to 23:59 only', () => {
    expect([minutesOf('00:00'), minutesOf('23:59'), minutesOf('24:00'), minutesOf('12:5'), minutesOf('')]).toEqual([0, 1439, null, null, null]);
  });

  it('defaults to Monday to Friday, 08:00–12:00 and 13:00–18:00', () => {
    expect(DEFAULT_SCHEDULE.filter((r) => r.expedient_number === 1).map((r) => [r.day, r.start, r.end])).toEqual([2, 3, 4, 5, 6].map((d) => [d, '08:00', '12:00']));
    expect(DEFAULT_SCHEDULE.filter((r) => r.expedient_number === 2).map((r) => [r.day, r.start, r.end])).toEqual([2, 3, 4, 5, 6].map((d) => [d, '13:00', '18:00']));
  });
});
