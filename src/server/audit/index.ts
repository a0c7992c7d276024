export { recordAudit, maskSecrets, PROTECTED, type AuditEntry, type AuditEvent } from './record.js';

