import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Entity } from '../../../../language/index.js';
import { ruleMessage } from '../../../shared/field-rules.js';
import { recordAudit } from '../../core/audit/record.js';
import { conflict, invalid } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import { outboundHostProblem, outboundUrlProblem } from '../../core/net/outbound.js';
import { FILE_SERVICE_TYPES } from '../../core/storage/index.js';

export const IN_USE_INACTIVE = 'Um serviço de arquivos inativo não pode estar em uso: desmarque "Em uso" para inativá-lo.';

const files = (n: number) => `${n} ${n === 1 ? 'arquivo' : 'arquivos'}`;

export const holdsFilesOnDelete = (n: number) =>
  `Não é possível excluir: este serviço de arquivos guarda ${files(n)}. Para deixar de usá-lo, desmarque "Em uso" ou inative-o; ele continua servindo os arquivos que guarda.`;

export const holdsFilesOnTypeChange = (n: number) =>
  `O tipo de serviço não pode mudar: este serviço guarda ${files(n)}, que ficariam inacessíveis.`;

type Row = Readonly<Record<string, unknown>>;
/** A field's value after the write: the body's, or the stored one an edit leaves out. */
const after = (body: Row, previous: Row | undefined, name: string) => (name in body ? body[name] : previous?.[name]);

/** The secret each service type needs: write-only, so an edit that leaves it blank keeps the stored one. */
const SECRETS: Record<number, 'ftp_password' | 's3_secret'> = { [FILE_SERVICE_TYPES.ftp]: 'ftp_password', [FILE_SERVICE_TYPES.s3]: 's3_secret' };

/**
 * An edit that leaves the type's secret blank keeps the stored one; but a service turned into
 * another type has none stored (the former type's fields are cleared), so it must be given.
 */
async function checkSecretKept(trx: Kysely<SpaceDatabase>, entity: Entity, body: Row, previous: Row): Promise<void> {
  const secret = SECRETS[Number(after(body, previous, 'service_type'))];
  if (!secret || (typeof body[secret] === 'string' && body[secret] !== '')) return;
  const stored = await trx.selectFrom('file_service_types').select(secret).where('id', '=', Number(previous.id)).executeTakeFirst();
  if (stored?.[secret]) return;
  const field = entity.fields.find((f) => f.name === secret);
  throw invalid({ [secret]: [ruleMessage(field?.messages, 'required', field?.label ?? secret)] });
}

/** An arbitrary key of the advisory lock that puts services in use one at a time. */
const IN_USE_LOCK = 7_301_214_055;

async function filesHeld(trx: Kysely<SpaceDatabase>, serviceId: number): Promise<number> {
  const { count } = await trx.selectFrom('files').select((eb) => eb.fn.countAll<string>().as('count')).where('service_id', '=', serviceId).executeTakeFirstOrThrow();
  return Number(count);
}

/** Turns the space's other services in use off (each with its audit row); `except` is the one being saved. */
async function turnOthersOff(trx: Kysely<SpaceDatabase>, except: number | null, userId: number | null): Promise<void> {
  let others = trx
    .updateTable('file_service_types')
    .set({ in_use: false, updated_at: sql`greatest(now(), updated_at + interval '1 millisecond')` })
    .where('in_use', '=', true);
  if (except !== null) others = others.where('id', '<>', except);
  for (const other of await others.returning('id').execute()) {
    await recordAudit(trx, { event: 'updated', userId, module: 'tipo_servico_arquivo', recordId: Number(other.id), oldValues: { in_use: true }, newValues: { in_use: false } });
  }
}

/**
 * `tipo_servico_arquivo`: at most one service of the space is in use (where new files go).
 * - Saving one in use turns the space's others off in the same transaction (each with its audit
 *   row). A save that puts a service in use takes one advisory lock first, so two at once end with
 *   one in use, the last to commit.
 * - An inactive service cannot be in use (422 on `in_use`); inactive, it still serves its files.
 * - A service holding files is not deleted (409) and does not change type (422 on `service_type`):
 *   its files would be unreachable.
 * - An edit turning a service into FTP or S3 gives its password or secret (422 on the field): a
 *   blank one keeps the stored one, and there is none.
 */
/**
 * `tipo_servico_arquivo`'s addresses pass the outbound-address guard when saved, as a monitor's do:
 * an FTP host or an S3 endpoint the guard would refuse at every upload (a private network, a loopback
 * address, a scheme other than http/https) is a 422 on its field with the guard's reason, instead of a
 * service saved that then answers 'try again in a few minutes'. A name is resolved to find out (the
 * `network` effect); one that does not resolve yet is accepted, and each connection resolves it again.
 */
export const fileServiceAddressRule: ModuleHooks<SpaceDatabase> = {
  effects: ['network'],
  async beforeWrite(_trx, { body, previous }) {
    const type = Number(after(body, previous, 'service_type'));
    const errors: Record<string, string[]> = {};
    const host = after(body, previous, 'ftp_host');
    if (type === FILE_SERVICE_TYPES.ftp && typeof host === 'string' && ('ftp_host' in body || 'service_type' in body)) {
      const problem = await outboundHostProblem(host);
      if (problem) errors.ftp_host = [problem];
    }
    const endpoint = after(body, previous, 's3_endpoint');
    if (type === FILE_SERVICE_TYPES.s3 && typeof endpoint === 'string' && endpoint !== '' && ('s3_endpoint' in body || 'service_type' in body)) {
      const problem = await outboundUrlProblem(endpoint);
      if (problem) errors.s3_endpoint = [problem];
    }
    if (Object.keys(errors).length) throw invalid(errors);
  },
};

export const fileServiceRules: ModuleHooks<SpaceDatabase> = {
  async beforeWrite(trx, { entity, body, previous, context }) {
    const inUse = after(body, previous, 'in_use') === true;
    if (inUse && after(body, previous, 'inactivated') === true) throw invalid({ in_use: [IN_USE_INACTIVE] });
    if (previous && 'service_type' in body && body.service_type !== previous.service_type) {
      const held = await filesHeld(trx, Number(previous.id));
      if (held > 0) throw invalid({ service_type: [holdsFilesOnTypeChange(held)] });
    }
    if (previous) await checkSecretKept(trx, entity, body, previous);
    if (!inUse) return;
    // A service already in use keeps the others off: only a new one in use waits for the others' saves.
    if (previous?.in_use !== true) await sql`select pg_advisory_xact_lock(${IN_USE_LOCK})`.execute(trx);
    await turnOthersOff(trx, previous ? Number(previous.id) : null, context.userId);
  },
  async beforeDelete(trx, { id }) {
    const held = await filesHeld(trx, id);
    if (held > 0) throw conflict(holdsFilesOnDelete(held));
  },
};
