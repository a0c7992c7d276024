import type { Entity, Field } from '../../../../language/index.js';
import { IMAGE, PROTECTED } from '../../core/audit/index.js';

type Row = Record<string, unknown>;

/** An audit row of one record, as the trail keeps it. */
export interface AuditRow {
  id: number;
  event: string;
  old_values: Row | null;
  new_values: Row | null;
}

/** The events whose rows hold the record's own changed fields (before and after); the rest are a feature's. */
export const CHANGE_EVENTS = new Set(['created', 'updated', 'restored']);

/** Kinds a version cannot bring back: the trail keeps an image as '[IMAGEM]', a file's bytes may be gone. */
const NOT_RESTORED_KINDS = new Set(['id', 'image', 'file', 'external']);

/** Whether a field's value may be written back from an older version. */
export const restorable = (field: Field) =>
  !field.readOnly && !field.serverSet && !field.writeOnly && field.inForm && !NOT_RESTORED_KINDS.has(field.kind);

/**
 * The record as it was right after the audit row `target`: the current record with every later
 * change undone, newest first (each change's `old_values`). Changes a feature made outside the
 * generic write (an inspection concluded, a document archived) are not undone: they are not the
 * record's versions.
 */
export function stateAfter(current: Row, trail: readonly AuditRow[], target: number): Row {
  const state: Row = { ...current };
  const later = trail.filter((row) => row.id > target && row.event !== 'created' && CHANGE_EVENTS.has(row.event)).sort((a, b) => b.id - a.id);
  for (const row of later) Object.assign(state, row.old_values ?? {});
  return state;
}

const masked = (value: unknown) => value === PROTECTED || value === IMAGE;

/** The ids of a sub-list's items as they are stored now, nested ones by their list's path (`work_relations.expedients:7`). */
function storedItemIds(items: unknown, path: string, into = new Set<string>()): Set<string> {
  for (const item of Array.isArray(items) ? items : []) {
    if (item === null || typeof item !== 'object') continue;
    for (const [key, value] of Object.entries(item as Row)) {
      if (key === 'id' && value != null) into.add(`${path}:${String(value)}`);
      else if (Array.isArray(value)) storedItemIds(value, `${path}.${key}`, into);
    }
  }
  return into;
}

/**
 * A sub-list's items as a body sends them: an item that is no longer stored comes back as a new one
 * (without its old id, nested items likewise); masked values are left out, so the stored ones stay.
 */
function itemsToSend(items: unknown, path: string, stored: Set<string>): unknown {
  if (!Array.isArray(items)) return items;
  return items.map((item) => {
    if (item === null || typeof item !== 'object') return item;
    const sent: Row = {};
    for (const [key, value] of Object.entries(item as Row)) {
      if (masked(value)) continue;
      if (key === 'id' && (value == null || !stored.has(`${path}:${String(value)}`))) continue;
      sent[key] = Array.isArray(value) ? itemsToSend(value, `${path}.${key}`, stored) : value;
    }
    return sent;
  });
}

/**
 * A value as compared between versions: sub-list items without their ids and stamps (a restored item
 * is a new row), their keys in one order (the trail's JSON keeps its own).
 */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value === null || typeof value !== 'object') return value ?? null;
  const kept = Object.entries(value as Row).filter(([key]) => key !== 'id' && key !== 'created_at' && key !== 'updated_at');
  return Object.fromEntries(kept.sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, inner]) => [key, comparable(inner)]));
}

/** The restorable fields whose value in `version` differs from the current one. */
export function changedFields(entity: Entity, current: Row, version: Row): Field[] {
  return entity.fields.filter((field) => {
    if (!restorable(field) || !(field.name in version) || masked(version[field.name])) return false;
    return JSON.stringify(comparable(version[field.name])) !== JSON.stringify(comparable(current[field.name]));
  });
}

/**
 * The body of an update that brings the record back to `version`, as the form would send it: every
 * field the form edits (the version's value, the current one where the trail masks it), and the
 * sub-lists that differ (one left out keeps its items).
 */
export function restoreBody(entity: Entity, current: Row, version: Row): Row {
  const changed = new Set(changedFields(entity, current, version).map((f) => f.name));
  const body: Row = {};
  for (const field of entity.fields) {
    if (!restorable(field)) continue;
    if (field.sublist) {
      if (changed.has(field.name)) body[field.name] = itemsToSend(version[field.name], field.name, storedItemIds(current[field.name], field.name));
      continue;
    }
    body[field.name] = changed.has(field.name) ? version[field.name] : current[field.name];
  }
  return body;
}
