/**
 * The deadline engine against the law's rules: a property test over random bases, amounts and holiday
 * sets against an independent day-by-day counter (mismatches 0), and vectors across Carnaval, Good
 * Friday, Corpus Christi, 20 November, a municipal holiday of one city only, a convention day, the
 * year's end and a leap day.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Calendar, type CalendarHoliday, type HolidayType } from '../../src/server/services/holidays/calendar.js';
import { deadlineMoment, extendAfterSuspension, type DeadlineRule } from '../../src/server/features/deadlines/engine.js';
import { isMoment } from '../../src/server/features/deadlines/moment.js';
import { FIXED_NATIONAL_HOLIDAYS, movableHolidayRows } from '../../src/server/core/seed/holidays.js';

const DAY = 86_400_000;
const CITY = 3550308; // any city id
const OTHER_CITY = 3304557;
const UF = 35;

/** The seeded calendar of 2026–2027 (fixed national days every year, the movable ones by year). */
const SEEDED: CalendarHoliday[] = [
  ...FIXED_NATIONAL_HOLIDAYS.map((h) => ({ date: `2026-${h.monthDay}`, type: 1 as HolidayType, every_year: true, uf_id: null, city_id: null })),
  ...[2026, 2027].flatMap((year) => movableHolidayRows(year).map((row) => ({ date: row.date, type: row.type as HolidayType, every_year: false, uf_id: null, city_id: null }))),
];

// ---- the independent counter: epoch days and a plain set of the place's holiday dates ----
const epoch = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
const fromEpoch = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);

function referenceDeadline(base: string, amount: number, rule: DeadlineRule, holidays: CalendarHoliday[], place: { ufId: number; cityId: number }): string {
  const applies = (h: CalendarHoliday) =>
    h.type === 1 || h.type === 4 || (h.type === 2 && h.uf_id === place.ufId) || (h.type === 3 && h.city_id === place.cityId);
  const off = (n: number) => {
    const date = fromEpoch(n);
    const weekDay = new Date(n * DAY).getUTCDay();
    if (weekDay === 0 || weekDay === 6) return true;
    return holidays.some((h) => applies(h) && (h.every_year ? h.date.slice(5) === date.slice(5) : h.date === date));
  };
  const forward = (n: number) => { while (off(n)) n += 1; return n; };
  const start = epoch(base.slice(0, 10));
  if (rule.timeUnit === 1 || rule.timeUnit === 2) {
    const ms = Date.parse(`${base.replace(' ', 'T')}Z`) + amount * (rule.timeUnit === 1 ? 60_000 : 3_600_000);
    return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  }
  let end: number;
  if (rule.timeUnit === 3) {
    if (rule.countingWay === 2) end = forward(start + amount);
    else {
      end = start;
      let left = amount;
      while (left > 0) { end += 1; if (!off(end)) left -= 1; }
    }
  } else {
    const months = rule.timeUnit === 4 ? amount : amount * 12;
    const [y, m, d] = base.slice(0, 10).split('-').map(Number);
    const lastOfTarget = new Date(Date.UTC(y, m - 1 + months + 1, 0));
    const target = Math.min(d, lastOfTarget.getUTCDate());
    end = forward(epoch(new Date(Date.UTC(y, m - 1 + months, target)).toISOString().slice(0, 10)));
  }
  return `${fromEpoch(end)} 23:59:59`;
}

const holidayArb = fc.record({
  offset: fc.integer({ min: 0, max: 1200 }),
  type: fc.constantFrom<HolidayType>(1, 2, 3, 4),
  every_year: fc.boolean(),
  uf: fc.constantFrom(UF, 33),
  city: fc.constantFrom(CITY, OTHER_CITY),
});

describe('deadline engine', () => {
  it('agrees with a day-by-day counter over random bases, amounts, units and holiday sets (mismatches 0)', () => {
    let mismatches = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 1, max: 400 }), fc.constantFrom<DeadlineRule>({ timeUnit: 1 }, { timeUnit: 2 }, { timeUnit: 3, countingWay: 1 }, { timeUnit: 3, countingWay: 2 }, { timeUnit: 4 }, { timeUnit: 5 }),
        fc.array(holidayArb, { maxLength: 40 }), fc.constantFrom(CITY, OTHER_CITY),
        (dayOffset, hour, minute, amount, rule, raw, cityId) => {
          const base = `${fromEpoch(epoch('2025-12-01') + dayOffset)} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`;
          const holidays = raw.map((h) => ({ date: fromEpoch(epoch('2025-12-01') + h.offset), type: h.type, every_year: h.every_year, uf_id: h.type === 2 || h.type === 3 ? h.uf : null, city_id: h.type === 3 ? h.city : null }));
          const amountFor = rule.timeUnit === 5 ? Math.ceil(amount / 40) : amount;
          const place = { ufId: UF, cityId };
          const engine = deadlineMoment(base, amountFor, rule, new Calendar(holidays, place));
          const reference = referenceDeadline(base, amountFor, rule, holidays, place);
          runs += 1;
          if (engine !== reference) mismatches += 1;
          expect(engine).toBe(reference);
        },
      ),
      { numRuns: 2000 },
    );
    expect(runs).toBe(2000);
    expect(mismatches).toBe(0);
  });

  const seeded = (place = {}) => new Calendar(SEEDED, place);
  const days = (base: string, amount: number, countingWay: 1 | 2 = 1, calendar = seeded()) => deadlineMoment(base, amount, { timeUnit: 3, countingWay }, calendar);

  it('skips Carnaval (convention days) and Ash Wednesday counts', () => {
    // Friday 13/02/2026 + 1 business day: Mon 16 and Tue 17 are Carnaval → Wed 18.
    expect(days('2026-02-13 10:00:00', 1)).toBe('2026-02-18 23:59:59');
    expect(days('2026-02-13 10:00:00', 3)).toBe('2026-02-20 23:59:59');
  });

  it('skips Good Friday and Tiradentes', () => {
    // Thursday 02/04/2026 + 1: Friday 03/04 is Good Friday → Monday 06/04.
    expect(days('2026-04-02 09:00:00', 1)).toBe('2026-04-06 23:59:59');
    // Monday 20/04/2026 + 1: Tuesday 21/04 Tiradentes → Wednesday 22.
    expect(days('2026-04-20 09:00:00', 1)).toBe('2026-04-22 23:59:59');
  });

  it('skips Corpus Christi (a convention day) and 20 November', () => {
    // Wednesday 03/06/2026 + 1: Thursday 04/06 Corpus Christi → Friday 05.
    expect(days('2026-06-03 09:00:00', 1)).toBe('2026-06-05 23:59:59');
    // Thursday 19/11/2026 + 1: Friday 20/11 Consciência Negra → Monday 23, also in 2027 (every year).
    expect(days('2026-11-19 09:00:00', 1)).toBe('2026-11-23 23:59:59');
    expect(days('2030-11-19 09:00:00', 1)).toBe('2030-11-21 23:59:59');
    expect(days('2030-11-19 09:00:00', 1, 1, new Calendar([]))).toBe('2030-11-20 23:59:59');
  });

  it('moves a calendar-day deadline that ends on a holiday to the next business day', () => {
    // Sunday 15/11/2026 + 5 calendar days = Friday 20/11 (holiday) → Monday 23.
    expect(days('2026-11-15 08:00:00', 5, 2)).toBe('2026-11-23 23:59:59');
    expect(days('2026-11-15 08:00:00', 4, 2)).toBe('2026-11-19 23:59:59');
  });

  it('keeps a municipal holiday to its own city', () => {
    const municipal: CalendarHoliday = { date: '2026-01-25', type: 3, every_year: true, uf_id: UF, city_id: CITY };
    const inCity = new Calendar([...SEEDED, municipal], { ufId: UF, cityId: CITY });
    const elsewhere = new Calendar([...SEEDED, municipal], { ufId: UF, cityId: OTHER_CITY });
    // Friday 23/01/2026 + 1 business day: Monday 26; 25/01/2027 is a Monday.
    expect(days('2027-01-22 10:00:00', 1, 1, inCity)).toBe('2027-01-26 23:59:59');
    expect(days('2027-01-22 10:00:00', 1, 1, elsewhere)).toBe('2027-01-25 23:59:59');
  });

  it('counts a convention day the council added', () => {
    const convention: CalendarHoliday = { date: '2026-10-28', type: 4, every_year: false, uf_id: null, city_id: null };
    expect(days('2026-10-27 10:00:00', 1, 1, new Calendar([...SEEDED, convention]))).toBe('2026-10-29 23:59:59');
  });

  it('crosses the year end over Christmas and New Year', () => {
    // Wednesday 23/12/2026 + 3 business days: 24 (Thu), [25 Natal], 28 (Mon), 29 (Tue).
    expect(days('2026-12-23 10:00:00', 3)).toBe('2026-12-29 23:59:59');
    // Wednesday 30/12/2026 + 1 business day → Thursday 31; + 2 → Friday 01/01/2027 holiday → Monday 04/01.
    expect(days('2026-12-30 10:00:00', 2)).toBe('2027-01-04 23:59:59');
  });

  it('runs months date to date, ending on the month\'s last day when it has no such day, and across a leap day', () => {
    const months = (base: string, amount: number, unit: 4 | 5 = 4) => deadlineMoment(base, amount, { timeUnit: unit }, seeded());
    expect(months('2027-01-31 10:00:00', 1)).toBe('2027-03-01 23:59:59'); // 28/02/2027 is a Sunday → Monday 01/03
    expect(months('2028-01-31 10:00:00', 1)).toBe('2028-02-29 23:59:59'); // leap year: Tuesday 29/02
    expect(months('2028-02-29 10:00:00', 1, 5)).toBe('2029-02-28 23:59:59'); // a year after a leap day
    expect(days('2028-02-28 10:00:00', 1, 2, new Calendar([]))).toBe('2028-02-29 23:59:59');
  });

  it('counts minutes and hours on the clock, through nights, weekends and holidays', () => {
    expect(deadlineMoment('2026-11-19 23:30:15', 45, { timeUnit: 1 }, seeded())).toBe('2026-11-20 00:15:15');
    expect(deadlineMoment('2026-02-28 22:00:00', 48, { timeUnit: 2 }, seeded())).toBe('2026-03-02 22:00:00');
  });

  it('gives back the business days a suspension took', () => {
    const rule: DeadlineRule = { timeUnit: 3, countingWay: 1 };
    const end = days('2026-03-02 10:00:00', 10); // Monday 02/03 + 10 business days = Monday 16/03
    expect(end).toBe('2026-03-16 23:59:59');
    // Suspended Wednesday 04/03, reactivated Monday 09/03: Thu, Fri, Mon = 3 business days back.
    expect(extendAfterSuspension(end, '2026-03-04 12:00:00', '2026-03-09 08:00:00', rule, seeded())).toBe('2026-03-19 23:59:59');
    expect(extendAfterSuspension('2026-03-02 10:00:00', '2026-03-01 10:00:00', '2026-03-01 12:30:00', { timeUnit: 2 }, seeded())).toBe('2026-03-02 12:30:00');
  });

  it('reads only real moments', () => {
    expect(isMoment('2026-02-28 10:00:00')).toBe(true);
    for (const bad of ['2026-02-30 10:00:00', '2026-02-28', '2026-02-28T10:00:00', '2026-02-28 24:00:00', '2026-13-01 00:00:00', 20260228, null, '']) expect(isMoment(bad)).toBe(false);
  });
});
