import type { DynamicDatabase } from '../../../core/db/dynamic.js';
import { sql } from 'kysely';
import { installShippedDesigns } from '../builtin/designs/install.js';

/**
 * Every space starts able to print: the engine type 'Motor interno' (code 'interno', the built-in
 * engine) and a design type for each design shipped in src/server/features/reports/builtin/designs/ (code,
 * name the design's title, its parameters, the entities it reports on), whose file's bytes the
 * `files` row keeps itself, so no storage has to hold them. Being a migration, it runs once in each
 * space's database: the default space at the first start, every space made later (from the template,
 * which ran it) and every older space the next time it is opened, on PGlite and on PostgreSQL alike.
 *
 * Once is the rule: a council may rename, change, inactivate or delete what this installed, and a
 * restart or a new version neither brings it back nor overwrites it. Besides the migration's own
 * bookkeeping, `shipped_report_designs` records each design installed (by code), so that running the
 * installation again, as a later migration shipping one more design would, skips it whatever became
 * of it. A council's own built-in engine
 * type (report engine 2) becomes the 'interno' one instead of a second; a design type the council
 * already named like a shipped design keeps its place and the shipped one is not added. A database
 * built from a model without reports, or without the columns this needs, gets nothing.
 */
export async function up(db: DynamicDatabase): Promise<void> {
  await installShippedDesigns(db, ['persons', 'inspections', 'cities']);
}

export async function down(db: DynamicDatabase): Promise<void> {
  await sql`drop table if exists shipped_report_designs`.execute(db);
  await sql`drop index if exists report_design_types_code_unique`.execute(db);
  await sql`drop index if exists report_engine_types_code_unique`.execute(db);
}
