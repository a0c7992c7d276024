/**
 * Easter Sunday of a Gregorian year, by the anonymous Gregorian algorithm (Meeus/Jones/Butcher), and
 * the movable days Brazil's calendar hangs on it. Dates are calendar dates, `YYYY-MM-DD`.
 * @example easterSunday(2026) // '2026-04-05'
 */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A calendar date some days before (negative) or after Easter Sunday of its year. */
export function fromEaster(year: number, days: number): string {
  const [y, m, d] = easterSunday(year).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Carnaval (Monday and Tuesday), Good Friday and Corpus Christi of a year. */
export function movableDays(year: number) {
  return {
    carnivalMonday: fromEaster(year, -48),
    carnivalTuesday: fromEaster(year, -47),
    goodFriday: fromEaster(year, -2),
    corpusChristi: fromEaster(year, 60),
  };
}
