import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../../src/server/core/db/migrate.js';
import { seedReferenceData } from '../../../src/server/core/seed/index.js';
import { seedCities } from './seed-cities.js';
import { MIGRATIONS } from '../../../src/server/features.js';

/** Migrates a space database, fills the reference tables and adds `rows` municipalities. */
export async function prepareSpace(db: Kysely<any>, rows: number): Promise<{ cities: number; seconds: number }> {
  const start = Date.now();
  await migrateToLatest(db, MIGRATIONS.space);
  await seedReferenceData(db);
  const cities = await seedCities(db, rows);
  return { cities, seconds: (Date.now() - start) / 1000 };
}
