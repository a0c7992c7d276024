/**
 * The records a reference cell may name: each referenced module's records read once per import (its
 * id, its combo's name and record label, its natural key), so that 50,000 rows naming a handful of
 * genders and municipalities ask the database once per module, not once per cell.
 */
import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Entity, Field, Model } from '../../../../language/index.js';
import { comparable } from './columns.js';

/** A cell that names no record, or more than one: its message goes on the cell's field. */
export class CellError extends Error {}

export const notFoundIn = (entity: Entity, text: string) => `Nenhum registro de ${entity.label.plural} corresponde a "${text}".`;
export const ambiguousIn = (entity: Entity, text: string) => `Há mais de um registro de ${entity.label.plural} chamado "${text}": informe o código.`;

type Names = Map<string, number[]>;

async function namesOf(db: Kysely<SpaceDatabase>, entity: Entity): Promise<Names> {
  const label = entity.comboLabel.map((name) => sql`${sql.ref(name)}::text`);
  const keys = [sql`concat_ws(' - ', ${sql.join(label)})`, sql`${sql.ref(entity.recordLabel)}::text`];
  if (entity.naturalKey) keys.push(sql`${sql.ref(entity.naturalKey)}::text`);
  const { rows } = await sql<{ id: string; names: (string | null)[] }>`select id, array[${sql.join(keys)}] as names from ${sql.table(entity.table)}`.execute(db);
  const names: Names = new Map();
  for (const row of rows) {
    for (const name of new Set(row.names.filter((n): n is string => n !== null && n !== '').map(comparable))) {
      const ids = names.get(name) ?? [];
      ids.push(Number(row.id));
      names.set(name, ids);
    }
  }
  return names;
}

/** Reads the referenced modules of `fields` once; `resolve(field, text)` then answers an id or throws CellError. */
export async function referenceResolver(db: Kysely<SpaceDatabase>, model: Model, fields: Field[]) {
  const byModule = new Map<string, { entity: Entity; names: Names }>();
  for (const field of fields) {
    const module = field.reference?.module;
    if (!module || byModule.has(module)) continue;
    const entity = model.byModule.get(module);
    if (entity && entity.database === 'space') byModule.set(module, { entity, names: await namesOf(db, entity) });
  }
  return (field: Field, text: string): number => {
    const known = byModule.get(field.reference!.module);
    if (!known) throw new CellError(`O campo ${field.label} não pode ser importado.`);
    const ids = known.names.get(comparable(text));
    if (ids && ids.length === 1) return ids[0];
    if (ids && ids.length > 1) throw new CellError(ambiguousIn(known.entity, text));
    if (/^\d+$/.test(text)) return Number(text);
    throw new CellError(notFoundIn(known.entity, text));
  };
}
