import { describe, expect, it } from 'vitest';
import { decimalProblem, exactText, formatDecimal, parseTypedDecimal } from '../../src/shared/decimals.js';
import { formatMoney, formatMoneyDigits } from '../../src/web/kit/format.js';
import { formatByKind } from '../../src/web/kit/formatKind.js';

const RATE = { integer: 19, fraction: 13 };

describe('exact decimals, shared by the server and the form', () => {
  it('reads what a person types in pt-BR into the API text, without a float in between', () => {
    expect(parseTypedDecimal('1.234,5678')).toBe('1234.5678');
    expect(parseTypedDecimal('9999999999999999999,9999999999999')).toBe('9999999999999999999.9999999999999');
    expect(parseTypedDecimal('-0,5')).toBe('-0.5');
    expect(parseTypedDecimal('12,')).toBeUndefined();
    expect(parseTypedDecimal('  ')).toBeNull();
    for (const bad of ['1,2,3', '12a', '1.23,4', '1.5']) expect(parseTypedDecimal(bad), bad).toBeUndefined();
  });

  it('shows a decimal the pt-BR way with every significant place and no float rounding', () => {
    expect(formatDecimal('1234.5678000000000')).toBe('1.234,5678');
    expect(formatDecimal('9999999999999999999.9999999999999')).toBe('9.999.999.999.999.999.999,9999999999999');
    expect(formatDecimal('0.1000000000000')).toBe('0,1');
    expect(formatByKind({ source: 'rate', kind: 'decimal', label: 'Cotação' }, '1234.5678')).toBe('1.234,5678');
  });

  it('shows money as R$ with two places, exactly beyond 2^53', () => {
    expect(formatMoney('1234.56')).toBe('R$ 1.234,56');
    expect(formatMoneyDigits('9999999999999.99')).toBe('9.999.999.999.999,99');
  });

  it("says what is wrong in the specification's words", () => {
    expect(decimalProblem('1.12345678901234', 'Cotação', RATE)).toBe('O campo Cotação deve conter no máximo 13 casas decimais.');
    expect(decimalProblem('12345678901234567890', 'Cotação', RATE)).toBe('O campo Cotação deve conter no maximo 19 casas inteiras.');
    expect(decimalProblem('0.5000000000000000', 'Cotação', RATE)).toBeUndefined();
    expect(decimalProblem('00012.5', 'Cotação', { integer: 2, fraction: 1 })).toBeUndefined();
    expect(decimalProblem('1,5', 'Cotação', RATE)).toBe('O campo Cotação deve ser um número.');
    expect(decimalProblem('100.01', 'Cotação', RATE, { maximum: 100 })).toBe('O campo Cotação deve ser no máximo 100.');
  });

  it('takes a JSON number only when whole and safe', () => {
    expect(exactText(5)).toBe('5');
    expect(exactText(0.1)).toBe(0.1);
    expect(exactText(2 ** 53)).toBe(2 ** 53);
  });
});
