import { sql, type Insertable, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { councilYear } from '../../../shared/council-clock.js';
import { movableDays } from './easter.js';

export const HOLIDAY_TYPE = { national: 1, state: 2, municipal: 3, convention: 4 } as const;
type HolidayType = (typeof HOLIDAY_TYPE)[keyof typeof HOLIDAY_TYPE];

/**
 * The national holidays on a fixed day (Lei 662/1949 with Lei 6.802/1980, Lei 10.607/2002 and
 * Lei 14.759/2023), seeded once as rows that occur every year.
 */
export const FIXED_NATIONAL_HOLIDAYS: readonly { monthDay: string; name: string; law: string }[] = [
  { monthDay: '01-01', name: 'Confraternização Universal', law: 'Lei 662/1949' },
  { monthDay: '04-21', name: 'Tiradentes', law: 'Lei 662/1949' },
  { monthDay: '05-01', name: 'Dia do Trabalho', law: 'Lei 662/1949' },
  { monthDay: '09-07', name: 'Independência do Brasil', law: 'Lei 662/1949' },
  { monthDay: '10-12', name: 'Nossa Senhora Aparecida', law: 'Lei 6.802/1980' },
  { monthDay: '11-02', name: 'Finados', law: 'Lei 10.607/2002' },
  { monthDay: '11-15', name: 'Proclamação da República', law: 'Lei 662/1949' },
  { monthDay: '11-20', name: 'Dia Nacional de Zumbi e da Consciência Negra', law: 'Lei 14.759/2023' },
  { monthDay: '12-25', name: 'Natal', law: 'Lei 662/1949' },
];

/** Edition of the fixed list: a new edition adds the fixed holidays missing then. */
const FIXED_EDITION = 'holidays:fixed:1';

/** The years a seed covers: the current one on the council's calendar and the next. */
export function holidayYears(now: Date = new Date()): number[] {
  const year = councilYear(now);
  return [year, year + 1];
}

/** The movable days of a year: Good Friday is national; Carnaval and Corpus Christi are pontos facultativos, seeded as convention days a council may delete. */
export function movableHolidayRows(year: number) {
  const days = movableDays(year);
  const row = (date: string, type: HolidayType, name: string, description: string) => ({ name, date, type, occurs_every_year: false, description });
  return [
    row(days.carnivalMonday, HOLIDAY_TYPE.convention, 'Carnaval (segunda-feira)', 'Ponto facultativo, não feriado por lei: dia de convenção que o conselho pode excluir.'),
    row(days.carnivalTuesday, HOLIDAY_TYPE.convention, 'Carnaval (terça-feira)', 'Ponto facultativo, não feriado por lei: dia de convenção que o conselho pode excluir.'),
    row(days.goodFriday, HOLIDAY_TYPE.national, 'Paixão de Cristo (Sexta-feira Santa)', 'Feriado nacional móvel: dois dias antes da Páscoa.'),
    row(days.corpusChristi, HOLIDAY_TYPE.convention, 'Corpus Christi', 'Ponto facultativo, não feriado nacional por lei: dia de convenção que o conselho pode excluir.'),
  ];
}

/**
 * Seeds the holidays a space's calendar starts with: the fixed national ones once (occurring every
 * year, so they count in any year), and the movable ones of each year given, once per year. Each
 * seeding is recorded in `reference_seeds` (`holidays:fixed:1`, `holidays:2027`), so a holiday a
 * council deleted is never brought back. Cheap when nothing is due (one read), so the deadline
 * operations call it too: a server running into a new year seeds the new next year. Serialised by an advisory lock, so two processes starting
 * at once seed a year once. Returns how many rows were inserted; 0 where the model has no holidays.
 */
export async function seedHolidays(db: Kysely<SpaceDatabase>, years: readonly number[] = holidayYears()): Promise<number> {
  const { rows } = await sql<{ holidays: string | null }>`select to_regclass('holidays')::text as holidays`.execute(db);
  if (!rows[0]?.holidays) return 0;
  const seeded = async (trx: Kysely<SpaceDatabase>) => new Set((await trx.selectFrom('reference_seeds').select('digest').where('digest', 'like', 'holidays:%').execute()).map((row) => row.digest as string));
  const before = await seeded(db);
  if (before.has(FIXED_EDITION) && years.every((year) => before.has(`holidays:${year}`))) return 0;
  const seed = async (trx: Kysely<SpaceDatabase>) => {
    await sql`select pg_advisory_xact_lock(hashtext('holidays seed'))`.execute(trx);
    const done = await seeded(trx);
    const pending: Insertable<SpaceDatabase['holidays']>[] = [];
    const editions: string[] = [];
    if (!done.has(FIXED_EDITION)) {
      editions.push(FIXED_EDITION);
      pending.push(...FIXED_NATIONAL_HOLIDAYS.map((h) => ({ name: h.name, date: `${years[0]}-${h.monthDay}`, type: HOLIDAY_TYPE.national, occurs_every_year: true, description: `Feriado nacional (${h.law}).` })));
    }
    for (const year of years) {
      if (done.has(`holidays:${year}`)) continue;
      editions.push(`holidays:${year}`);
      pending.push(...movableHolidayRows(year));
    }
    // A row already there (same name and date: an edition's record lost) is not doubled.
    const present = pending.length ? await trx.selectFrom('holidays').select(['name', 'date']).where('name', 'in', pending.map((row) => row.name as string)).execute() : [];
    const kept = new Set(present.map((row) => `${row.name}|${String(row.date).slice(0, 10)}`));
    const rows = pending.filter((row) => !kept.has(`${row.name}|${row.date}`));
    if (rows.length) await trx.insertInto('holidays').values(rows).execute();
    for (const digest of editions) await trx.insertInto('reference_seeds').values({ digest }).onConflict((oc) => oc.doNothing()).execute();
    return rows.length;
  };
  return db.isTransaction ? seed(db) : db.transaction().execute(seed);
}
