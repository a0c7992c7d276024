import { describe, expect, it } from 'vitest';
import { easterSunday, movableDays } from '../../src/server/core/seed/easter.js';
import { holidayYears } from '../../src/server/core/seed/holidays.js';

describe('Easter and the movable holidays', () => {
  it('finds Easter Sunday on the official dates', () => {
    const official: Record<number, string> = {
      2000: '2000-04-23', 2008: '2008-03-23', 2011: '2011-04-24', 2019: '2019-04-21', 2024: '2024-03-31',
      2025: '2025-04-20', 2026: '2026-04-05', 2027: '2027-03-28', 2028: '2028-04-16', 2029: '2029-04-01', 2030: '2030-04-21', 2038: '2038-04-25',
    };
    for (const [year, date] of Object.entries(official)) expect(easterSunday(Number(year)), year).toBe(date);
  });

  it('places Carnaval, Good Friday and Corpus Christi as the federal calendars do', () => {
    // Portarias MGI 2025 and 2026 (pontos facultativos and feriados of the federal administration).
    expect(movableDays(2025)).toEqual({ carnivalMonday: '2025-03-03', carnivalTuesday: '2025-03-04', goodFriday: '2025-04-18', corpusChristi: '2025-06-19' });
    expect(movableDays(2026)).toEqual({ carnivalMonday: '2026-02-16', carnivalTuesday: '2026-02-17', goodFriday: '2026-04-03', corpusChristi: '2026-06-04' });
    expect(movableDays(2027)).toEqual({ carnivalMonday: '2027-02-08', carnivalTuesday: '2027-02-09', goodFriday: '2027-03-26', corpusChristi: '2027-05-27' });
  });

  it('seeds the current and next year of America/Sao_Paulo', () => {
    // 31/12/2026 23:30 in São Paulo is already 2027 in UTC.
    expect(holidayYears(new Date('2027-01-01T02:30:00Z'))).toEqual([2026, 2027]);
    expect(holidayYears(new Date('2027-01-01T03:30:00Z'))).toEqual([2027, 2028]);
  });
});
