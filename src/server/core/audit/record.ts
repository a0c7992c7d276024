import type { Insertable, Kysely } from 'kysely';
import type { AuditsTable, SpaceDatabase } from '../../../../generated/database.js';
import { spaceTables, type DynamicDatabase } from '../db/dynamic.js';

/** created, updated, deleted, or a field's `x-audit-events` name (added_role, removed_permission, …). */
export type AuditEvent = string;

export const PROTECTED = '[PROTEGIDO]';

/** What the trail keeps of an image: not the whole data URL. */
export const IMAGE = '[IMAGEM]';

/** Names that always hold secrets, whatever the schema says. */
const SECRET_NAMES = /(^|_)(password|senha|secret|token|api_key)(_|$)/i;

export interface AuditEntry {
  event: AuditEvent;
  userId: number | string | null;
  module: string;
  recordId: number | string;
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
}

/**
 * Replaces secret values by '[PROTEGIDO]' and image data URLs by '[IMAGEM]', recursively (sub-list items too).
 * @example maskSecrets({ name: 'Ana', password: 'x' }, ['password']) // { name: 'Ana', password: '[PROTEGIDO]' }
 */
export function maskSecrets(values: unknown, secretFields: Iterable<string> = []): unknown {
  const secrets = new Set(secretFields);
  const mask = (value: unknown): unknown => {
    if (typeof value === 'string' && value.startsWith('data:image/')) return IMAGE;
    if (Array.isArray(value)) return value.map(mask);
    if (value === null || typeof value !== 'object' || value instanceof Date) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, secrets.has(key) || SECRET_NAMES.test(key) ? PROTECTED : mask(inner)]),
    );
  };
  return mask(values);
}

/**
 * The audit trail of a write the generic core makes on a table it names at run time (a
 * `DynamicDatabase`): the same database's `audits`, written as the space database's type says.
 */
export const trailOf = (db: DynamicDatabase) => spaceTables(db);

/**
 * The row of an entry. A narrow cast: the event is a name the code or a field's `x-audit-events`
 * gives (the audits schema lists them all), and an id may come as the driver read it, text.
 */
const auditRow = (entry: AuditEntry, json: (values: Record<string, unknown> | null | undefined) => string | null) => ({
  event: entry.event, user_id: entry.userId, module: entry.module, record_id: entry.recordId,
  old_values: json(entry.oldValues), new_values: json(entry.newValues),
}) as Insertable<AuditsTable>;

/**
 * Writes one audit row. Call it with the transaction of the change itself, so the change and its
 * trail are committed or rolled back together.
 */
export async function recordAudit(trx: Kysely<SpaceDatabase>, entry: AuditEntry, secretFields: Iterable<string> = []): Promise<void> {
  const json = (values: Record<string, unknown> | null | undefined) =>
    values == null ? null : JSON.stringify(maskSecrets(values, secretFields));
  await trx
    .insertInto('audits')
    .values(auditRow(entry, json))
    .execute();
}

/** Writes several audit rows with one statement (a batch of records written together), each as recordAudit would. */
export async function recordAudits(trx: Kysely<SpaceDatabase>, entries: AuditEntry[], secretFields: Iterable<string> = []): Promise<void> {
  const secrets = [...secretFields];
  const json = (values: Record<string, unknown> | null | undefined) => (values == null ? null : JSON.stringify(maskSecrets(values, secrets)));
  // Bounded so that one statement stays well under the protocol's 65,535 parameters.
  for (let start = 0; start < entries.length; start += 1000) {
    await trx
      .insertInto('audits')
      .values(entries.slice(start, start + 1000).map((entry) => auditRow(entry, json)))
      .execute();
  }
}
