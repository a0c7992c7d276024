import fc from 'fast-check';
import { hostileIdText } from '../../fuzz/support/arbitraries.js';
import type { Sent } from '../../fuzz/support/harness.js';

type BodyText = (properties: Record<string, unknown>) => fc.Arbitrary<string>;
const integer = { type: 'integer' };

/** The sequences' own routes for the fuzz suite (tests/fuzz/support/suite.ts): name, runs, requests, the fields a 422 may name. */
export function sequencePlans(bodyText: BodyText, token: string): [string, number, fc.Arbitrary<Sent>, string[]][] {
  const preview = bodyText({ formatting: { type: ['string', 'null'], maxLength: 255 }, number: integer, year: integer, book: integer, leaf: integer, order: integer, annual_restart: { type: 'boolean' }, has_book: { type: 'boolean' } });
  return [
    ['POST /api/sequencias/mask_preview', 60, preview.map((payload) => ({ method: 'POST', url: '/api/sequencias/mask_preview', payload, token })), ['formatting', 'number', 'year', 'book', 'leaf', 'order']],
    ['POST /api/sequencias/{id}/next', 30, fc.tuple(fc.oneof(hostileIdText, fc.constantFrom('1', '2')), bodyText({ date: { type: 'string' } }))
      .map(([id, payload]) => ({ method: 'POST', url: `/api/sequencias/${id}/next`, payload, token })), ['date']],
  ];
}
