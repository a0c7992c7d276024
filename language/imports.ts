import type { Entity, Field } from './model.js';

/** Whether a spreadsheet may write the module's records: kept in a space, with screens, offering create. */
export const importable = (entity: Entity): boolean => entity.database === 'space' && entity.screens && !entity.listOnly && entity.operations.create;

/**
 * The fields whose values together name a stored record in a spreadsheet (`x-natural-key`): the key's
 * field, after the fields it is unique within (a registration's category, then its number). Empty for
 * a module without a natural key.
 */
export function naturalKeyFields(entity: Entity): Field[] {
  const key = entity.fields.find((f) => f.name === entity.naturalKey);
  if (!key) return [];
  return [...(key.uniqueWithin ?? []).map((name) => entity.fields.find((f) => f.name === name)!), key];
}
