import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { seedHolidays } from '../../core/seed/holidays.js';
import { Calendar, type CalendarHoliday, type HolidayType, type Place } from './calendar.js';

/** A date column as text, whatever the driver handed back. */
const dateText = (value: unknown): string => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

/**
 * The calendar of a place from the space's active holidays: national and convention ones, the UF's and
 * the municipality's. The movable holidays of the current and next year are seeded first when missing
 * (a server running into a new year). A municipality given without its UF is placed in its own.
 */
export async function loadCalendar(db: Kysely<SpaceDatabase>, place: Place = {}): Promise<Calendar> {
  await seedHolidays(db);
  let ufId = place.ufId ?? null;
  if (place.cityId != null && ufId == null) {
    const city = await db.selectFrom('cities').select('uf_id').where('id', '=', place.cityId).executeTakeFirst();
    ufId = city ? Number(city.uf_id) : null;
  }
  const rows = await db
    .selectFrom('holidays')
    .select(['date', 'type', 'occurs_every_year', 'uf_id', 'city_id'])
    .where('inactivated', '=', false)
    .where((eb) => {
      const places = [eb('type', 'in', [1, 4])];
      if (ufId != null) places.push(eb.and([eb('type', '=', 2), eb('uf_id', '=', ufId)]));
      if (place.cityId != null) places.push(eb.and([eb('type', '=', 3), eb('city_id', '=', place.cityId)]));
      return eb.or(places);
    })
    .execute();
  const holidays: CalendarHoliday[] = rows.map((row) => ({
    date: dateText(row.date),
    type: Number(row.type) as HolidayType,
    every_year: row.occurs_every_year === true,
    uf_id: row.uf_id == null ? null : Number(row.uf_id),
    city_id: row.city_id == null ? null : Number(row.city_id),
  }));
  return new Calendar(holidays, { ufId, cityId: place.cityId ?? null });
}
