import type { Answer } from './answer.js';
import { integer, nullableInteger, text } from './parts.js';

/**
 * A number taken from a sequence, as `POST /api/sequencias/{id}/next` answers it and a consumer
 * stores it: `year` is the year it belongs to (annual restart, `{ano}`); `book`, `leaf`, `order` its
 * place in the book of a sequence with a book, else null.
 */
export const drawnNumber = {
  type: 'object',
  properties: { number: integer, formatted_number: text, year: integer, book: nullableInteger, leaf: nullableInteger, order: nullableInteger },
  required: ['number', 'formatted_number', 'year', 'book', 'leaf', 'order'],
  additionalProperties: false,
} as const;

export type DrawnNumber = Answer<typeof drawnNumber>;
