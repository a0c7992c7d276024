import type { Answer, Sent } from './answer.js';
import { integer, text } from './parts.js';

const namedParty = { type: ['object', 'null'], properties: { id: integer, name: text }, required: ['id', 'name'], additionalProperties: false } as const;

/** The institution's settings as `GET /api/instituicao` answers them (ids null until first saved). */
export const institutionSettings = {
  type: 'object',
  properties: {
    institution_id: { type: ['integer', 'null'] }, institution: namedParty, president_id: { type: ['integer', 'null'] }, president: namedParty,
    update_job_relations: { type: 'boolean' }, updated_at: { type: ['string', 'null'], format: 'date-time' },
  },
  required: ['institution_id', 'institution', 'president_id', 'president', 'update_job_relations', 'updated_at'],
  additionalProperties: false,
} as const;

/** What a save answers: the settings, how many work relations moved to the new institution, the message. */
export const institutionSaved = {
  description: 'As configurações salvas e quantos vínculos foram transferidos',
  type: 'object',
  properties: { data: institutionSettings, moved_work_relations: integer, message: text },
  required: ['data', 'moved_work_relations', 'message'],
  additionalProperties: false,
} as const;

export type InstitutionSettings = Answer<typeof institutionSettings>;
export type InstitutionSaved = Answer<typeof institutionSaved>;
/** The settings as the server reads them (the version a `Date`). */
export type StoredInstitutionSettings = Sent<typeof institutionSettings>;
