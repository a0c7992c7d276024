/** `2026-11-27` + 90 → `2027-02-25`: calendar days, the dates being days of the council's calendar. */
export function addDays(date: string, days: number): string {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}
