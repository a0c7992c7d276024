/**
 * The value rounding setting's three methods at 0, 2 and 8 places, negative amounts included: half
 * up (ties away from zero), always up (away from zero) and always down (towards zero), exact on
 * amounts a float cannot hold.
 */
import { describe, expect, it } from 'vitest';
import { roundValue, type RoundingMethod } from '../../src/shared/finance/rounding.js';

const HALF_UP = 1, ALWAYS_UP = 2, ALWAYS_DOWN = 3;

/** [amount, places, half up, always up, always down] */
const VECTORS: [string, number, string, string, string][] = [
  ['2.5', 0, '3', '3', '2'],
  ['-2.5', 0, '-3', '-3', '-2'],
  ['2.4999', 0, '2', '3', '2'],
  ['-2.4999', 0, '-2', '-3', '-2'],
  ['7', 0, '7', '7', '7'],
  ['-0.4', 0, '0', '-1', '0'],
  ['0.4', 0, '0', '1', '0'],
  ['1234.565', 2, '1234.57', '1234.57', '1234.56'],
  ['-1234.565', 2, '-1234.57', '-1234.57', '-1234.56'],
  ['1234.5649999', 2, '1234.56', '1234.57', '1234.56'],
  ['-1234.5649999', 2, '-1234.56', '-1234.57', '-1234.56'],
  ['1.005', 2, '1.01', '1.01', '1.00'],
  ['10', 2, '10.00', '10.00', '10.00'],
  ['-0.001', 2, '0.00', '-0.01', '0.00'],
  ['0.123456785', 8, '0.12345679', '0.12345679', '0.12345678'],
  ['-0.123456785', 8, '-0.12345679', '-0.12345679', '-0.12345678'],
  ['0.1234567849', 8, '0.12345678', '0.12345679', '0.12345678'],
  ['-9999999999999999999.0000000050000', 8, '-9999999999999999999.00000001', '-9999999999999999999.00000001', '-9999999999999999999.00000000'],
  ['9999999999999999999.9999999999999', 8, '10000000000000000000.00000000', '10000000000000000000.00000000', '9999999999999999999.99999999'],
  ['0.00000001', 8, '0.00000001', '0.00000001', '0.00000001'],
];

describe('value rounding', () => {
  for (const [amount, places, halfUp, alwaysUp, alwaysDown] of VECTORS) {
    it(`rounds ${amount} at ${places} places: ${halfUp} / ${alwaysUp} / ${alwaysDown}`, () => {
      expect(roundValue(amount, places, HALF_UP)).toBe(halfUp);
      expect(roundValue(amount, places, ALWAYS_UP)).toBe(alwaysUp);
      expect(roundValue(amount, places, ALWAYS_DOWN)).toBe(alwaysDown);
    });
  }

  it('rounds a negative amount as its positive mirror, with the sign kept', () => {
    for (const [amount, places] of VECTORS) {
      for (const method of [HALF_UP, ALWAYS_UP, ALWAYS_DOWN] as RoundingMethod[]) {
        const positive = roundValue(amount.replace(/^-/, ''), places, method);
        const negative = roundValue(`-${amount.replace(/^-/, '')}`, places, method);
        expect(negative).toBe(/^0(\.0+)?$/.test(positive) ? positive : `-${positive}`);
      }
    }
  });

  it('refuses places outside 0 to 13 and a method other than 1, 2 or 3', () => {
    expect(() => roundValue('1', -1, HALF_UP)).toThrow(RangeError);
    expect(() => roundValue('1', 14, HALF_UP)).toThrow(RangeError);
    expect(() => roundValue('1', 2, 4 as RoundingMethod)).toThrow(RangeError);
  });
});
