import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { economicActivityRows } from './cnae/economic-activities.js';
import { analyzeTables } from '../db/statistics.js';
import { seedBanks } from './banks.js';
import { seedDemo } from './demo.js';
import { seedEducationalInstitutions } from './educational-institutions.js';
import { seedHolidays } from './holidays.js';
import { hasEdition, recordEdition, referenceEdition } from './edition.js';
import { insertMissing } from './insert.js';
import { seedLegalNatures } from './legal-natures.js';
import { LOOKUP_VALUES } from './lookups.js';
import { seedPlaces } from './places.js';

/** How many rows each table received (0 everywhere on a second run). */
export type SeedReport = Record<string, number>;

/** The tables the reference seed fills, as its report names them. */
const REFERENCE_TABLES = ['holidays', 'states', 'cities', 'legal_nature_categories', 'legal_natures', 'economic_activities', 'educational_institutions', 'banks', ...Object.keys(LOOKUP_VALUES)];

/**
 * Fills a space's reference tables: UFs, municipalities, CNAE subclasses, legal natures and their
 * categories, the educational institutions, the banks of the national payment system (./banks.ts), the standard lookups, and the holidays of the current and
 * next year (./holidays.ts, recorded per year: a space running into a new year receives the next one
 * at its next start). Once per edition of that data (`reference_seeds`): a restart
 * skips it, and a row a council removed is not brought back until a new edition is installed, which
 * adds the rows missing then. All-or-nothing (one transaction). The tables that received rows are
 * analysed afterwards, so list totals and plans see them at once (PGlite never analyses by itself;
 * PostgreSQL's autovacuum would only after its next nap).
 */
export async function seedReferenceData(db: Kysely<SpaceDatabase>): Promise<SeedReport> {
  const holidays = await seedHolidays(db);
  if (holidays > 0) await analyzeTables(db, ['holidays']);
  const edition = referenceEdition();
  if (await hasEdition(db, edition)) return { ...Object.fromEntries(REFERENCE_TABLES.map((table) => [table, 0])), holidays };
  const report = await inTransaction(db, async (trx) => {
    const report: SeedReport = { holidays };
    const places = await seedPlaces(trx);
    report.states = places.states;
    report.cities = places.cities;
    const natures = await seedLegalNatures(trx);
    report.legal_nature_categories = natures.categories;
    report.legal_natures = natures.legalNatures;
    report.economic_activities = await insertMissing(trx, 'economic_activities', economicActivityRows() as unknown as Record<string, unknown>[]);
    report.educational_institutions = await seedEducationalInstitutions(trx);
    report.banks = await seedBanks(trx);
    for (const [table, values] of Object.entries(LOOKUP_VALUES)) {
      // The lookup tables of the reference schemas, named by LOOKUP_VALUES' keys.
      report[table] = await insertMissing(trx, table as keyof SpaceDatabase, values.map((denomination) => ({ denomination })));
    }
    await recordEdition(trx, edition);
    return report;
  });
  await analyzeTables(db, Object.keys(report).filter((table) => table !== 'holidays' && report[table] > 0));
  return report;
}

/** A few example records that show the features (SEED_DEMO=1); needs the reference data first. */
export async function seedDemoData(db: Kysely<SpaceDatabase>): Promise<SeedReport> {
  return inTransaction(db, seedDemo);
}

function inTransaction<T>(db: Kysely<SpaceDatabase>, work: (trx: Kysely<SpaceDatabase>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}
