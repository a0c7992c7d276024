export { recordAudit, maskSecrets, PROTECTED, IMAGE, type AuditEntry, type AuditEvent } from './record.js';
export { recordItemEvents } from './item-events.js';
export { recordHistory } from './history.js';
