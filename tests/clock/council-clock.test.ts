import { describe, expect, it } from 'vitest';
import { momentNow, today, type Clock } from '../../src/server/core/clock.js';
import { councilDate, councilMoment, councilYear } from '../../src/shared/council-clock.js';

describe("the council's clock", () => {
  const cases: { instant: string; moment: string }[] = [
    // UTC−3: the last hours of a UTC day are still the day before.
    { instant: '2026-01-01T02:30:00Z', moment: '2025-12-31 23:30:00' },
    { instant: '2026-01-01T03:00:00Z', moment: '2026-01-01 00:00:00' },
    { instant: '2026-07-15T12:00:00Z', moment: '2026-07-15 09:00:00' },
    { instant: '2026-02-28T23:59:59Z', moment: '2026-02-28 20:59:59' },
    { instant: '2024-03-01T02:59:59Z', moment: '2024-02-29 23:59:59' },
    // Daylight saving (UTC−2) until February 2019.
    { instant: '2018-12-01T12:00:00Z', moment: '2018-12-01 10:00:00' },
    { instant: '2019-12-01T12:00:00Z', moment: '2019-12-01 09:00:00' },
  ];

  it.each(cases)('$instant is $moment', ({ instant, moment }) => {
    const time = new Date(instant);
    expect(councilMoment(time)).toBe(moment);
    expect(councilMoment(time.getTime())).toBe(moment);
    expect(councilDate(time)).toBe(moment.slice(0, 10));
    expect(councilYear(time)).toBe(Number(moment.slice(0, 4)));
  });

  it('reads today and now from the clock it is given', () => {
    const clock: Clock = { now: () => Date.parse('2026-01-01T02:30:00Z') };
    expect(today(clock)).toBe('2025-12-31');
    expect(momentNow(clock)).toBe('2025-12-31 23:30:00');
  });
});
