import type { DynamicDatabase } from '../db/dynamic.js';
import { conflict, invalid, notFound } from '../http/app-error.js';

/** The answer (409) to a save that started from a version of the record that is no longer the stored one. */
export const STALE_RECORD_MESSAGE = 'O registro foi alterado por outra pessoa depois que você o abriu. Recarregue para ver a versão atual.';
/**
 * The `code` of that 409, which tells a stale save from the other refusals a save may answer with 409
 * (an action already concluded, a record in use): only a stale one is worth reloading.
 */
export const STALE_RECORD_CODE = 'stale_record';

const INVALID_VERSION_MESSAGE = 'A versão do registro (updated_at) é inválida.';

/**
 * What a save says it started from. Each condition lists the versions it accepts (milliseconds of
 * `updated_at`, the precision JSON carries); every condition must hold. No condition: last write wins.
 */
export type ExpectedVersion = number[][];

/** A record's version: its `updated_at` in milliseconds, or null when it has none. */
export function versionOf(updatedAt: unknown): number | null {
  const time = updatedAt instanceof Date ? updatedAt.getTime() : typeof updatedAt === 'string' ? Date.parse(updatedAt) : NaN;
  return Number.isFinite(time) ? time : null;
}

/** The entity tag of a version, e.g. `"1767225600123"`; null when the record has no `updated_at`. */
export function entityTag(updatedAt: unknown): string | null {
  const version = versionOf(updatedAt);
  return version === null ? null : `"${version}"`;
}

/** The `ETag` header naming a record's version, for a later `If-Match`; none when it has no `updated_at`. */
export function versionHeaders(record: Record<string, unknown>): Record<string, string> {
  const tag = entityTag(record.updated_at);
  return tag ? { etag: tag } : {};
}

/**
 * The versions a save names: the `If-Match` header (`*` names none) and `updated_at` in the body as
 * GET returned it. A body `updated_at` that is no date → 422 on the field.
 * @example expectedVersion('"1767225600123"', { name: 'x' }) // [[1767225600123]]
 */
export function expectedVersion(ifMatch: string | undefined, body: unknown): ExpectedVersion {
  const conditions: ExpectedVersion = [];
  if (typeof ifMatch === 'string' && ifMatch.trim() !== '*' && ifMatch.trim() !== '') {
    // A tag that is no version of ours (a weak one, or garbage) matches nothing: the save is refused.
    conditions.push(ifMatch.split(',').map((tag) => /^\s*"(\d{1,15})"\s*$/.exec(tag)).map((match) => (match ? Number(match[1]) : NaN)));
  }
  const given = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).updated_at : undefined;
  if (given !== undefined && given !== null && given !== '') {
    const version = typeof given === 'string' ? versionOf(given) : null;
    if (version === null) throw invalid({ updated_at: [INVALID_VERSION_MESSAGE] });
    conditions.push([version]);
  }
  return conditions;
}

/**
 * Locks the row of `id` for the rest of the transaction and checks the version the save started
 * from against the stored one: 404 when the row is gone, 409 when it changed since. Under the lock a
 * concurrent save of the same row waits, then sees the version this one writes, so only one of
 * several saves from the same version goes through. Returns the locked row (every column).
 */
export async function lockCurrentRow(trx: DynamicDatabase, table: string, id: number | string, expected: ExpectedVersion): Promise<Record<string, unknown>> {
  return checkVersion(await trx.selectFrom(table).selectAll().where('id', '=', id).forUpdate().executeTakeFirst(), expected);
}

/**
 * The row, when it exists (else 404) and has the version the save started from (else 409). Outside
 * the write's transaction it only answers early (before validation); `lockCurrentRow` decides.
 */
export function checkVersion<Row extends Record<string, unknown>>(row: Row | undefined, expected: ExpectedVersion): Row {
  if (!row) throw notFound();
  const stored = versionOf(row.updated_at);
  if (expected.some((accepted) => !accepted.includes(stored as number))) throw conflict(STALE_RECORD_MESSAGE, STALE_RECORD_CODE);
  return row;
}

/**
 * The `updated_at` a write stores: now to the millisecond, and always after the version it replaces,
 * so two saves within one millisecond still leave different versions.
 */
export function nextVersion(previous: unknown): Date {
  return new Date(Math.max(Date.now(), (versionOf(previous) ?? 0) + 1));
}
