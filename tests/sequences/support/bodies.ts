import { BOOK_FIELDS } from '../../../src/server/services/sequences/rules.js';

/**
 * A generated sequence body the sequences' write rules accept (tests/api/support/bodies.ts): its text
 * after the number in the mask, and no book (the server clears the blocks of a sequence without one).
 */
export function validSequenceBody(body: Record<string, unknown>): Record<string, unknown> {
  const text = String(body.formatting ?? '').replace(/[{}]/g, '');
  return { ...body, formatting: `{numero:6} ${text}`.slice(0, 255).trim(), has_book: false, ...Object.fromEntries(BOOK_FIELDS.map((name) => [name, null])) };
}
