import type { Answer } from './answer.js';
import { integer, nullableInteger, nullableText, text } from './parts.js';

/** What a saved view brings back to a list. */
export const viewState = {
  type: 'object',
  properties: {
    filter: { type: 'object', description: 'Os filtros da lista, como `filter` os recebe (`q` inclusive).' },
    sort: { type: ['object', 'null'], properties: { field: text, order: { enum: ['ASC', 'DESC'] } }, required: ['field', 'order'], additionalProperties: false },
    hidden_columns: { type: 'array', items: text },
    per_page: { type: ['integer', 'null'], minimum: 1, maximum: 500 },
  },
  required: ['filter', 'sort', 'hidden_columns', 'per_page'],
  additionalProperties: false,
} as const;

/** A saved view as `GET /api/saved_views?module=` lists it; `mine`: the caller made it (and may change or delete it). */
export const savedView = {
  type: 'object',
  properties: { id: integer, module: text, name: text, role_id: nullableInteger, role_name: nullableText, mine: { type: 'boolean' }, state: viewState },
  required: ['id', 'module', 'name', 'role_id', 'role_name', 'mine', 'state'],
  additionalProperties: false,
} as const;

/** A role a view may be shared with. */
export const shareableRole = { type: 'object', properties: { id: integer, name: text }, required: ['id', 'name'], additionalProperties: false } as const;

export type ViewState = Answer<typeof viewState>;
export type SavedView = Answer<typeof savedView>;
export type ShareableRole = Answer<typeof shareableRole>;
