import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Entity, Field } from '../../../../language/index.js';
import { dynamic } from '../db/dynamic.js';
import { recordAudit, recordAudits, type AuditEntry } from './record.js';

type Row = Record<string, unknown>;

/** Items of a sub-list keyed by their id. */
const itemsById = (value: unknown) => new Map(((value as Row[] | undefined) ?? []).map((item) => [Number(item.id), item]));

/** The referenced records of a many-to-many field, as `{ id, name }`. */
async function namedReferences(trx: Kysely<SpaceDatabase>, field: Field, ids: number[]): Promise<Map<number, Row>> {
  if (ids.length === 0) return new Map();
  const { table, labelField } = field.reference!;
  const rows = await dynamic(trx).selectFrom(table).select(['id', `${labelField} as name`]).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [Number(row.id), { id: Number(row.id), name: row.name }]));
}

/**
 * For each field with `x-audit-events`, one audit row per item added (`new_values`: the item) or
 * removed (`old_values`: the item), beside the record's own created/updated row. `before` is null
 * on create. Runs in the transaction of the change.
 */
export async function recordItemEvents(
  trx: Kysely<SpaceDatabase>,
  entity: Entity,
  change: { before: Row | null; after: Row; userId: number | null; secretFields: string[] },
): Promise<void> {
  const recordId = Number(change.after.id);
  const write = (event: string, values: { oldValues?: Row; newValues?: Row }) =>
    recordAudit(trx, { event, userId: change.userId, module: entity.module, recordId, ...values }, change.secretFields);
  for (const field of entity.fields) {
    if (!field.auditEvents) continue;
    const { added, removed } = field.auditEvents;
    if (field.sublist) {
      const old = itemsById(change.before?.[field.name]);
      const now = itemsById(change.after[field.name]);
      for (const [id, item] of now) if (!old.has(id)) await write(added, { newValues: item });
      for (const [id, item] of old) if (!now.has(id)) await write(removed, { oldValues: item });
    } else if (field.join) {
      const old = new Set((change.before?.[field.name] as number[] | undefined) ?? []);
      const now = new Set((change.after[field.name] as number[] | undefined) ?? []);
      const gained = [...now].filter((id) => !old.has(id));
      const lost = [...old].filter((id) => !now.has(id));
      const names = await namedReferences(trx, field, [...gained, ...lost]);
      for (const id of gained) await write(added, { newValues: names.get(id) ?? { id } });
      for (const id of lost) await write(removed, { oldValues: names.get(id) ?? { id } });
    }
  }
}

/**
 * recordItemEvents for records just created together (an import's batch): the same rows, written
 * with one statement, the names of many-to-many records read once per field.
 */
export async function recordCreatedItemEvents(trx: Kysely<SpaceDatabase>, entity: Entity, records: Row[], userId: number | null, secretFields: string[]): Promise<void> {
  const entries: AuditEntry[] = [];
  for (const field of entity.fields) {
    if (!field.auditEvents) continue;
    const { added } = field.auditEvents;
    if (field.sublist) {
      for (const record of records) {
        for (const item of itemsById(record[field.name]).values()) entries.push({ event: added, userId, module: entity.module, recordId: Number(record.id), newValues: item });
      }
    } else if (field.join) {
      const ids = [...new Set(records.flatMap((record) => (record[field.name] as number[] | undefined) ?? []))];
      const names = await namedReferences(trx, field, ids);
      for (const record of records) {
        for (const id of new Set((record[field.name] as number[] | undefined) ?? [])) entries.push({ event: added, userId, module: entity.module, recordId: Number(record.id), newValues: names.get(id) ?? { id } });
      }
    }
  }
  if (entries.length) await recordAudits(trx, entries, secretFields);
}
