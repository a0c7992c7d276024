/**
 * Installs shipped designs in a space's database, once each (docs/REPORTS.md 'Shipped designs'): the
 * migrations that ship designs call it with theirs.
 */
import type { DynamicDatabase } from '../../../../core/db/dynamic.js';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SHIPPED_DESIGN_TYPES, SHIPPED_DESIGNS, SHIPPED_ENGINE_CODE, shippedDesign, type ShippedDesign } from './index.js';

const ENGINE_NAME = 'Motor interno';

interface DesignFile {
  title: string;
  version: number;
  parameters?: { name: string; label: string; type: string; module?: string; required?: boolean }[];
}

/**
 * Installs `names` once each: the engine type 'interno' (the council's own built-in one, else a new
 * 'Motor interno'), then each design not recorded in `shipped_report_designs` and not named like a
 * design type the council has. A database without the columns this needs gets nothing.
 */
export async function installShippedDesigns(db: DynamicDatabase, names: readonly ShippedDesign[]): Promise<void> {
  const ready = (await hasColumn(db, 'report_engine_types', 'code')) && (await hasColumn(db, 'report_design_types', 'code')) && (await hasColumn(db, 'files', 'content'));
  if (!ready) return;
  await sql`create unique index if not exists report_engine_types_code_unique on report_engine_types (code) where code is not null`.execute(db);
  await sql`create unique index if not exists report_design_types_code_unique on report_design_types (code) where code is not null`.execute(db);
  await sql`create table if not exists shipped_report_designs (code varchar(40) primary key, installed_at timestamptz not null default now())`.execute(db);
  const engineId = await shippedEngine(db);
  for (const name of names) await installDesign(db, name, engineId);
}

async function hasColumn(db: DynamicDatabase, table: string, column: string): Promise<boolean> {
  const { rows } = await sql<{ found: number }>`
    select count(*)::int as found from information_schema.columns
     where table_schema = current_schema() and table_name = ${table} and column_name = ${column}`.execute(db);
  return (rows[0]?.found ?? 0) > 0;
}

/** The engine type the shipped designs use: the council's own built-in one if it has one, else a new 'Motor interno'. */
async function shippedEngine(db: DynamicDatabase): Promise<number> {
  const coded = await db.selectFrom('report_engine_types').select('id').where('code', '=', SHIPPED_ENGINE_CODE).executeTakeFirst();
  if (coded) return Number(coded.id);
  const own = await db
    .selectFrom('report_engine_types')
    .select('id')
    .where('report_engine', '=', 2)
    .where('code', 'is', null)
    .orderBy(sql`lower(name) = lower(${ENGINE_NAME})`, 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (own) {
    await db.updateTable('report_engine_types').set({ code: SHIPPED_ENGINE_CODE }).where('id', '=', own.id).execute();
    return Number(own.id);
  }
  const taken = await db.selectFrom('report_engine_types').select('id').where(sql`lower(name)`, '=', ENGINE_NAME.toLowerCase()).executeTakeFirst();
  const made = await db
    .insertInto('report_engine_types')
    .values({ code: SHIPPED_ENGINE_CODE, name: taken ? `${ENGINE_NAME} do sistema` : ENGINE_NAME, report_engine: 2, engine_version: '1', external_server: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(made.id);
}

async function installDesign(db: DynamicDatabase, name: ShippedDesign, engineId: number): Promise<void> {
  const shipped = SHIPPED_DESIGN_TYPES[name];
  if (await db.selectFrom('shipped_report_designs').select('code').where('code', '=', shipped.code).executeTakeFirst()) return;
  if (await db.selectFrom('report_design_types').select('id').where('code', '=', shipped.code).executeTakeFirst()) return;
  const bytes = shippedDesign(name);
  const design = JSON.parse(bytes.toString('utf8')) as DesignFile;
  const named = await db.selectFrom('report_design_types').select('id').where(sql`lower(name)`, '=', design.title.toLowerCase()).executeTakeFirst();
  if (named) return;
  const fileId = randomUUID();
  await db
    .insertInto('files')
    .values({
      id: fileId, module: 'tipo_design_relatorio', field: 'file', record_id: null, name: SHIPPED_DESIGNS[name], size: bytes.length,
      content_type: 'application/json', storage_key: `tipo_design_relatorio/file/${fileId}`, service_id: null, uploaded_by: null, content: bytes,
    })
    .execute();
  const { id } = await db
    .insertInto('report_design_types')
    .values({
      code: shipped.code, name: design.title, file: fileId, version: String(design.version), owners: sql`${JSON.stringify(shipped.owners)}::jsonb`,
      report_engine_type_id: engineId, processing_complexity: shipped.complexity,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('files').set({ record_id: id }).where('id', '=', fileId).execute();
  await db.insertInto('shipped_report_designs').values({ code: shipped.code }).execute();
  for (const parameter of design.parameters ?? []) {
    await db
      .insertInto('report_design_type_parameters')
      .values({ report_design_type_id: id, name: parameter.name, label: parameter.label, type: parameter.type, module: parameter.module ?? null, required: parameter.required === true })
      .execute();
  }
}
