import { fileURLToPath } from 'node:url';

export { recordAudit, maskSecrets, PROTECTED, type AuditEntry, type AuditEvent } from './record.js';

/** Migration files of the audit table, run with the space database's other migrations. */
export const AUDIT_MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
