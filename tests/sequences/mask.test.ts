import { describe, expect, it } from 'vitest';
import { formatNumber, MASK_MESSAGES, maskProblem, parseMask } from '../../src/server/services/sequences/mask.js';
import { calendarYear } from '../../src/server/services/sequences/year.js';
import { BAD_MASKS, MASK_CASES } from './support/mask-cases.js';

describe('the mask language', () => {
  it.each(MASK_CASES)('formats $number with $mask as $formatted', ({ mask, number, year, book, formatted }) => {
    expect(formatNumber(mask, { number, year, ...book })).toBe(formatted);
    expect(maskProblem(mask, { hasBook: book !== undefined })).toBeNull();
  });

  it.each(BAD_MASKS)('refuses %s with a message that says what to write', (mask, message) => {
    expect(maskProblem(mask, {})).toBe(message);
    // A mask without the number reads well; only a sequence refuses it.
    if (message !== MASK_MESSAGES.noNumber) expect(() => parseMask(mask)).toThrow(message);
  });

  it('never cuts a number wider than its field, so two numbers never format alike', () => {
    const seen = new Set([1, 99, 100, 999_999, 1_000_000, 12_345_678].map((number) => formatNumber('{numero:2}', { number, year: 2026 })));
    expect(seen.size).toBe(6);
    expect(formatNumber('{numero:2}', { number: 12_345_678, year: 2026 })).toBe('12345678');
  });

  it('asks for the year when numbers restart every year, and for a book when the mask names one', () => {
    expect(maskProblem('{numero:6}', { annualRestart: true })).toBe(MASK_MESSAGES.annualNeedsYear);
    expect(maskProblem(null, { annualRestart: true })).toBe(MASK_MESSAGES.annualNeedsYear);
    expect(maskProblem('{numero}/{ano:2}', { annualRestart: true })).toBeNull();
    expect(maskProblem('{numero}-{folha}', { hasBook: false })).toBe(MASK_MESSAGES.bookNeedsBook);
    expect(maskProblem('{numero}-{folha}', { hasBook: true })).toBeNull();
    expect(maskProblem(null, {})).toBeNull();
    expect(maskProblem('   ', {})).toBeNull();
  });
});

describe('the year of a record on the council calendar (America/Sao_Paulo)', () => {
  it('reads instants in São Paulo: 31/12 23:59 there is still the old year, 01/01 00:00 the new one', () => {
    expect(calendarYear(new Date('2026-01-01T02:59:00Z'))).toBe(2025);
    expect(calendarYear(new Date('2026-01-01T03:00:00Z'))).toBe(2026);
    expect(calendarYear('2026-01-01T02:59:59Z')).toBe(2025);
    expect(calendarYear('2025-12-31T23:59:00-03:00')).toBe(2025);
    expect(calendarYear('2025-12-31T23:30:00-05:00')).toBe(2026);
  });

  it('knows the zone\'s history: São Paulo kept summer time (UTC−2) over the new year of 2019', () => {
    expect(calendarYear(new Date('2019-01-01T01:59:00Z'))).toBe(2018);
    expect(calendarYear(new Date('2019-01-01T02:00:00Z'))).toBe(2019);
    expect(calendarYear(new Date('2019-01-01T02:30:00Z'))).toBe(2019);
    expect(calendarYear(new Date('2018-12-31T12:00:00Z'))).toBe(2018);
  });

  it('takes calendar dates and local times as São Paulo already', () => {
    expect(calendarYear('2025-12-31')).toBe(2025);
    expect(calendarYear('2025-12-31 23:59:59')).toBe(2025);
    expect(calendarYear('2026-01-01 00:00:00')).toBe(2026);
    expect(calendarYear('2026-01-01T00:00')).toBe(2026);
  });

  it('answers null for what is no date', () => {
    for (const value of ['2025-02-30', '2025-13-01', '31/12/2025', 'amanhã', '', '2025-12-31 24:00:00', '2025-12-31T10:00:00+99:99']) {
      expect(calendarYear(value), value).toBeNull();
    }
    expect(calendarYear(new Date(Number.NaN))).toBeNull();
  });
});
