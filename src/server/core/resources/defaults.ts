import type { DynamicDatabase } from '../db/dynamic.js';
import type { Entity } from '../../../../language/index.js';
import type { FieldDefaults, WriteContext, WriteMode } from './hooks.js';

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value);

/** What a form means by no value: absent, null or ''. */
const leftOut = (value: unknown) => value === undefined || value === null || value === '';

/** Whether a body leaves out a field a default would fill: the record's on insert, or a new item's. */
function leavesOut(body: Row, key: string, mode: WriteMode): boolean {
  const [name, inner] = key.split('.', 2);
  if (inner === undefined) return mode === 'create' && leftOut(body[name]);
  const items = body[name];
  return Array.isArray(items) && items.some((item) => isRow(item) && leftOut(item.id) && leftOut(item[inner]));
}

/**
 * The body with the values the module's hooks give the fields the caller left out (`defaults`,
 * hooks.ts): a field of the record on insert only (an edit that leaves a field out keeps the stored
 * value), a sub-list item's field on each new item, one without an id (a stored item keeps its own).
 * Anything but an object is returned as it is, for validation to refuse.
 * @example // a hook answering { 'work_relations.employer_id': 7 }
 * withRuntimeDefaults(db, entity, 'create', { work_relations: [{ employee_register_id: 'M-1' }] }, context)
 * // → { work_relations: [{ employee_register_id: 'M-1', employer_id: 7 }] }
 */
export async function withRuntimeDefaults(db: DynamicDatabase, entity: Entity, mode: WriteMode, input: unknown, context: WriteContext): Promise<unknown> {
  if (!isRow(input)) return input;
  const hooks = context.hooks.filter((hook) => hook.defaults && (!hook.defaultsFor || hook.defaultsFor.some((key) => leavesOut(input, key, mode))));
  if (hooks.length === 0) return input;
  return withDefaults(input, mode, await runtimeDefaults(db, entity, mode, context, hooks));
}

/** What the module's `defaults` hooks answer for a write of this mode: asked once for many bodies (an import's batch). */
export async function runtimeDefaults(db: DynamicDatabase, entity: Entity, mode: WriteMode, context: WriteContext, hooks = context.hooks): Promise<FieldDefaults> {
  const defaults: FieldDefaults = {};
  for (const hook of hooks) if (hook.defaults) Object.assign(defaults, await hook.defaults(db, { entity, mode, context }));
  return defaults;
}

/** The body with `defaults` (runtimeDefaults) on the fields it leaves out, as withRuntimeDefaults places them. */
export function withDefaults(input: unknown, mode: WriteMode, defaults: FieldDefaults): unknown {
  if (!isRow(input) || Object.keys(defaults).length === 0) return input;
  const body: Row = { ...input };
  for (const [key, value] of Object.entries(defaults)) {
    if (value === undefined) continue;
    const [name, inner] = key.split('.', 2);
    if (inner === undefined) {
      if (mode === 'create' && leftOut(body[name])) body[name] = value;
      continue;
    }
    const items = body[name];
    if (!Array.isArray(items)) continue;
    body[name] = items.map((item) => (isRow(item) && leftOut(item.id) && leftOut(item[inner]) ? { ...item, [inner]: value } : item));
  }
  return body;
}
