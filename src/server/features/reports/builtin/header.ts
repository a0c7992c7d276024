/** What opens every report: the institution's name (parameter `system_name`), the title and when it was made. */
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../../generated/database.js';
import { dateTimeText } from './values.js';

export interface ReportHeader {
  institution: string;
  title: string;
  subtitle: string | null;
  /** What the parameters chose, as a data set says it ('Saldos em 30/04/2026'). */
  details: string | null;
  /** 'Gerado em 24/11/2026 16:20:00'. */
  generated: string;
}

/** Shown when the space has not named itself yet. */
export const DEFAULT_INSTITUTION = 'Conselho Profissional';

export const EMPTY_REPORT = 'Nenhum registro.';

/**
 * The value in force of the parameter `system_name` (the stored value, or the default while
 * `use_default` is on: `parameterValue` of src/server/features/parameters, read here without importing the
 * feature); null when the space has no such parameter.
 */
async function systemName(db: Kysely<SpaceDatabase>): Promise<string | null> {
  const row = await db.selectFrom('parameters').select(['value', 'default_value', 'use_default']).where('name', '=', 'system_name').executeTakeFirst();
  if (!row) return null;
  return (row.use_default ? row.default_value : row.value) as string | null;
}

export async function reportHeader(db: Kysely<SpaceDatabase>, title: string, subtitle: string | null, now = new Date(), details: string | null = null): Promise<ReportHeader> {
  const name = await systemName(db);
  return { institution: name?.trim() || DEFAULT_INSTITUTION, title, subtitle, details, generated: `Gerado em ${dateTimeText(now)}` };
}

/** `1` → '1 registro', `645` → '645 registros'. */
export const countText = (count: number) => `${count.toLocaleString('pt-BR')} ${count === 1 ? 'registro' : 'registros'}`;
