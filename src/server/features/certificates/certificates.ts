/** The certificates of a registration, a certificate's status, its revocation and its PDF. */
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { recordAudit } from '../../core/audit/record.js';
import { conflict, invalid, notFound } from '../../core/http/app-error.js';
import { dateText, today } from '../registrations/calendar.js';
import type { SpaceStorages } from '../../core/storage/storages.js';
import { formattedCode } from './code.js';
import { KIND_LABELS, maskedTaxId } from './statement.js';

export const CERTIFICATE_NOT_FOUND = 'Certidão não encontrada.';
export const REASON_REQUIRED = 'Informe o motivo da revogação.';
export const REASON_TOO_LONG = 'O motivo tem no máximo 1000 caracteres.';
export const ALREADY_REVOKED = 'Esta certidão já foi revogada.';

export type CertificateStatus = 'valida' | 'expirada' | 'revogada';
export const STATUS_LABELS: Record<CertificateStatus, string> = { valida: 'Válida', expirada: 'Expirada', revogada: 'Revogada' };

/** Revoked whatever its date; else expired once the day after `valid_until` begins on the council's calendar. */
export function statusOf(row: { revoked_at: unknown; valid_until: unknown }, day = today()): CertificateStatus {
  if (row.revoked_at) return 'revogada';
  return String(dateText(row.valid_until)) < day ? 'expirada' : 'valida';
}

const COLUMNS = ['c.id', 'c.code', 'c.kind', 'c.title', 'c.issued_on', 'c.valid_until', 'c.issued_at', 'c.revoked_at', 'c.revoke_reason', 'c.registration_id', 'u.name as issued_by_name', 'v.name as revoked_by_name'] as const;

function shown(row: Record<string, any>) {
  const status = statusOf(row as { revoked_at: unknown; valid_until: unknown });
  return {
    id: Number(row.id), code: formattedCode(row.code), kind: row.kind, kind_label: KIND_LABELS[row.kind] ?? row.kind, title: row.title,
    issued_on: dateText(row.issued_on), valid_until: dateText(row.valid_until), issued_at: row.issued_at, issued_by: row.issued_by_name ?? null,
    revoked_at: row.revoked_at ?? null, revoked_by: row.revoked_by_name ?? null, revoke_reason: row.revoke_reason ?? null,
    status, status_label: STATUS_LABELS[status],
  };
}

const withUsers = (db: Kysely<SpaceDatabase>) => db
  .selectFrom('certificates as c')
  .leftJoin('users as u', 'u.id', 'c.issued_by')
  .leftJoin('users as v', 'v.id', 'c.revoked_by');

export async function certificatesOf(db: Kysely<SpaceDatabase>, registrationId: number) {
  const rows = await withUsers(db).select([...COLUMNS]).where('c.registration_id', '=', registrationId).orderBy('c.issued_at', 'desc').orderBy('c.id', 'desc').execute();
  return rows.map(shown);
}

export async function certificate(db: Kysely<SpaceDatabase>, id: number) {
  const row = await withUsers(db).select([...COLUMNS]).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  return shown(row);
}

export async function revokeCertificate(db: Kysely<SpaceDatabase>, id: number, body: Record<string, unknown>, userId: number) {
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (!reason) throw invalid({ reason: [REASON_REQUIRED] });
  if (reason.length > 1000) throw invalid({ reason: [REASON_TOO_LONG] });
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('certificates')
      .set({ revoked_at: new Date(), revoked_by: userId, revoke_reason: reason })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returning(['id', 'code', 'registration_id'])
      .executeTakeFirst();
    if (!revoked) {
      const exists = await trx.selectFrom('certificates').select('id').where('id', '=', id).executeTakeFirst();
      throw exists ? conflict(ALREADY_REVOKED) : notFound(CERTIFICATE_NOT_FOUND);
    }
    await recordAudit(trx, {
      event: 'certificate_revoked', userId, module: 'inscricao', recordId: Number(revoked.registration_id),
      oldValues: { certificate_id: id, revoked: false }, newValues: { certificate_id: id, code: revoked.code, revoked: true, reason },
    });
  });
  return certificate(db, id);
}

/** The PDF as it was issued. */
export async function certificatePdf(db: Kysely<SpaceDatabase>, files: SpaceStorages, id: number) {
  const row = await db
    .selectFrom('certificates as c')
    .innerJoin('files as f', 'f.id', 'c.file_id')
    .select(['f.storage_key', 'f.service_id', 'f.name'])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  const storage = await files.of(row.service_id == null ? null : Number(row.service_id));
  return { bytes: await storage.get(row.storage_key), name: String(row.name) };
}

/** What the public page shows of a certificate: what it states, and whether it still holds. Nothing else. */
export async function publicStatement(db: Kysely<SpaceDatabase>, code: string) {
  const row = await db
    .selectFrom('certificates')
    .select(['code', 'kind', 'title', 'holder_name', 'holder_tax_id', 'registration_number', 'issued_on', 'valid_until', 'revoked_at'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row) return null;
  const status = statusOf(row);
  return {
    code: formattedCode(row.code), kind: row.kind, kind_label: KIND_LABELS[row.kind] ?? row.kind, title: row.title,
    holder_name: row.holder_name, holder_tax_id: maskedTaxId(row.holder_tax_id), registration_number: row.registration_number,
    issued_on: dateText(row.issued_on), valid_until: dateText(row.valid_until), status, status_label: STATUS_LABELS[status],
  };
}

export type PublicStatement = NonNullable<Awaited<ReturnType<typeof publicStatement>>>;
