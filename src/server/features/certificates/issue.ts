/**
 * Issuing a certificate for a registration: the template's text filled with what the registration
 * states today, the PDF kept in the space's storage, the code reserved on the platform (which space
 * it belongs to), then one transaction with the certificate, its file's row and the audit row.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { recordAudit } from '../../core/audit/record.js';
import { invalid, notFound } from '../../core/http/app-error.js';
import { dateText, today } from '../registrations/calendar.js';
import { REGISTRATION_NOT_FOUND } from '../registrations/routes.js';
import { partyRegularity } from '../receivables/party-regularity.js';
import { debtsReason } from '../receivables/regularity.js';
import { reportHeader } from '../reports/builtin/header.js';
import { FILES_TABLE } from '../../core/resources/files.js';
import type { SpaceStorages } from '../../core/storage/storages.js';
import { formattedCode, newCode } from './code.js';
import { renderCertificatePdf } from './pdf.js';
import { irregularity } from './regularity.js';
import { fillBody, type Holder } from './statement.js';
import { addDays } from './dates.js';

export const TEMPLATE_REQUIRED = 'Escolha o modelo de certidão.';
export const TEMPLATE_NOT_FOUND = 'Modelo de certidão não encontrado ou inativo.';
export const notRegular = (reason: string) => `A certidão de regularidade não pode ser emitida: ${reason}.`;

/** Where a certificate's code is reserved: the platform database and the space's name there; null for a server of one space. */
export interface CodeRegistry {
  reserve(code: string): Promise<boolean>;
  release(code: string): Promise<void>;
}

export interface IssueContext {
  db: Kysely<SpaceDatabase>;
  model: Model;
  files: SpaceStorages;
  codes: CodeRegistry | null;
  userId: number;
  /** The public address the QR code leads to (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
}

export const verifyUrl = (base: string, code: string) => `${base}/verificar/${formattedCode(code)}`;

async function registrationOf(db: Kysely<SpaceDatabase>, id: number) {
  return db
    .selectFrom('registrations as r')
    .innerJoin('parties as p', 'p.id', 'r.party_id')
    .leftJoin('categories as c', 'c.id', 'r.category_id')
    .leftJoin('situations as s', 's.id', 'r.situation_id')
    .select(['r.id', 'r.party_id', 'r.status', 'r.formatted_number', 'r.registration_expiration_date as expiration', 'p.name', 'p.tax_id', 'c.denomination as category', 's.denomination as situation', 's.active as situation_active'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export async function issueCertificate(context: IssueContext, registrationId: number, body: Record<string, unknown>) {
  const { db } = context;
  if (body.template_id === undefined || body.template_id === null || body.template_id === '') throw invalid({ template_id: [TEMPLATE_REQUIRED] });
  // An id as a number or its digits: `[3]` or `true` name no template, though Number() makes 3 and 1 of them.
  const given = body.template_id;
  const templateId = typeof given === 'number' || (typeof given === 'string' && /^\d{1,15}$/.test(given)) ? Number(given) : NaN;
  const registration = await registrationOf(db, registrationId);
  if (!registration) throw notFound(REGISTRATION_NOT_FOUND);
  const template = Number.isSafeInteger(templateId) && templateId > 0
    ? await db.selectFrom('certificate_templates').selectAll().where('id', '=', templateId).where('inactivated', '=', false).executeTakeFirst()
    : undefined;
  if (!template) throw invalid({ template_id: [TEMPLATE_NOT_FOUND] });

  const issuedOn = today();
  if (template.kind === 'regularidade') {
    const reason = irregularity({ ...registration, expiration: dateText(registration.expiration) }, issuedOn);
    if (reason) throw invalid({ template_id: [notRegular(reason)] }, notRegular(reason));
    // The debts (docs/RECEIVABLES.md §8): every account of the holder's party, whatever the registration.
    const debts = context.model.byModule.has('control_account') ? debtsReason(await partyRegularity(db, context.model, Number(registration.party_id), issuedOn)) : null;
    if (debts) throw invalid({ template_id: [notRegular(debts)] }, notRegular(debts));
  }
  const validUntil = addDays(issuedOn, Number(template.validity_days));
  const holder: Holder = { name: registration.name, taxId: registration.tax_id, registrationNumber: registration.formatted_number, category: registration.category, situation: registration.situation };
  const text = fillBody(template.body, holder, issuedOn, validUntil);
  const code = await reservedCode(context.codes);
  try {
    const header = await reportHeader(db, template.title, null);
    const bytes = await renderCertificatePdf({ header, title: template.title, text, code, issuedOn, validUntil, verifyUrl: verifyUrl(context.publicBaseUrl, code) });
    return await keep(context, { registrationId, template: { id: Number(template.id), kind: String(template.kind), title: String(template.title) }, holder, text, code, issuedOn, validUntil, bytes });
  } catch (error) {
    await context.codes?.release(code).catch(() => undefined);
    throw error;
  }
}

/** A fresh code, reserved on the platform when there is one; the unique indexes stop a repeated one. */
async function reservedCode(codes: CodeRegistry | null): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = newCode();
    if (!codes || (await codes.reserve(code))) return code;
  }
  throw new Error('No certificate code could be reserved.');
}

interface Issued {
  registrationId: number;
  template: { id: number; kind: string; title: string };
  holder: Holder;
  text: string;
  code: string;
  issuedOn: string;
  validUntil: string;
  bytes: Buffer;
}

async function keep(context: IssueContext, issued: Issued) {
  const { serviceId, storage } = await context.files.active();
  const fileId = randomUUID();
  const key = `certidao/pdf/${fileId}`;
  const name = `certidao-${issued.code}.pdf`;
  await storage.put(key, issued.bytes);
  try {
    return await context.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('certificates')
        .values({
          code: issued.code, template_id: issued.template.id, registration_id: issued.registrationId, kind: issued.template.kind,
          title: issued.template.title, body: issued.text, holder_name: issued.holder.name, holder_tax_id: issued.holder.taxId,
          registration_number: issued.holder.registrationNumber, issued_on: issued.issuedOn, valid_until: issued.validUntil,
          file_id: fileId, issued_by: context.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      await trx.insertInto(FILES_TABLE).values({
        id: fileId, module: 'certidao', field: 'pdf', record_id: id, name, size: issued.bytes.length,
        content_type: 'application/pdf', storage_key: key, service_id: serviceId, uploaded_by: context.userId,
      }).execute();
      await recordAudit(trx, {
        event: 'certificate_issued', userId: context.userId, module: 'inscricao', recordId: issued.registrationId,
        newValues: { certificate_id: id, code: issued.code, kind: issued.template.kind, title: issued.template.title, issued_on: issued.issuedOn, valid_until: issued.validUntil },
      });
      return id;
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}
