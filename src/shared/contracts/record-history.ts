import type { Answer, Sent } from './answer.js';
import { text } from './parts.js';

/** One field a version changed, as a person reads it. */
export const fieldChange = {
  type: 'object',
  properties: { field: text, label: text, before: text, after: text },
  required: ['field', 'label', 'before', 'after'],
  additionalProperties: false,
} as const;

/** A row of a record's history (`GET /api/{module}/{id}/versions`), with the fields it changed. */
export const recordVersion = {
  type: 'object',
  description: 'Uma linha do histórico de um registro, com os campos que mudou lidos como uma pessoa os lê.',
  properties: {
    id: { type: 'integer' },
    event: { type: 'string', description: '`created`, `updated`, `restored`, `deleted` ou um evento do módulo.' },
    event_label: { type: 'string', description: 'O nome do evento, como a auditoria o mostra.' },
    created_at: { type: 'string', format: 'date-time' },
    user_name: { type: ['string', 'null'] },
    user_email: { type: ['string', 'null'] },
    changes: { type: 'array', items: fieldChange },
    restorable: { type: 'boolean', description: 'Se o registro pode voltar a como esta linha o deixou.' },
  },
  required: ['id', 'event', 'event_label', 'created_at', 'user_name', 'user_email', 'changes', 'restorable'],
  additionalProperties: false,
} as const;

export type FieldChange = Answer<typeof fieldChange>;
export type RecordVersion = Answer<typeof recordVersion>;
/** A history row as the server reads it (its moment a `Date`). */
export type StoredRecordVersion = Sent<typeof recordVersion>;
