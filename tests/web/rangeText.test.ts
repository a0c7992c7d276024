import { describe, expect, it } from 'vitest';
import { rangeText } from '../../src/web/kit/list/rangeText';

describe('the rows a list page shows', () => {
  it('says an exact total in full, with pt-BR thousands', () => {
    expect(rangeText(1, 25, 5571)).toBe('1-25 de 5.571');
    expect(rangeText(1001, 1025, 1332)).toBe('1.001-1.025 de 1.332');
    expect(rangeText(0, 0, 0)).toBe('0-0 de 0');
  });

  it("says an estimated total is approximate, rounded as a person says it ('cerca de 1,2 milhão')", () => {
    expect(rangeText(1, 25, 1_234_567, true)).toBe('1-25 de cerca de 1,2 milhão');
    expect(rangeText(1, 25, 1_004_135, true)).toBe('1-25 de cerca de 1 milhão');
    expect(rangeText(26, 50, 2_480_000, true)).toBe('26-50 de cerca de 2,5 milhões');
    expect(rangeText(1, 25, 60_571, true)).toBe('1-25 de cerca de 61 mil');
  });

  it('leaves the total out when it is not known', () => {
    expect(rangeText(26, 50)).toBe('26-50');
  });
});
