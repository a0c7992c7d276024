import { describe, expect, it } from 'vitest';
import { applyMask, formatBoolean, formatDate, formatMoney, KIND_MASKS, parseTypedMoney, phoneMask } from '../../src/web/kit/format';
import { parseTypedDate, parseTypedDateTime } from '../../src/web/kit/inputs/DateTextInput';
import { recordName } from '../../src/web/kit/formatKind';

describe('money', () => {
  it('shows R$ 1.234,56', () => {
    expect(formatMoney('1234.56')).toBe('R$ 1.234,56');
    expect(formatMoney(1000000)).toBe('R$ 1.000.000,00');
    expect(formatMoney(null)).toBe('');
  });
  it('takes typed digits from the cents upwards and sends the decimal form', () => {
    expect(parseTypedMoney('1')).toBe('0.01');
    expect(parseTypedMoney('123456')).toBe('1234.56');
    expect(parseTypedMoney('1.234,567')).toBe('12345.67');
    expect(parseTypedMoney('')).toBeNull();
  });
});

describe('masks', () => {
  it('formats a CPF as 000.000.000-00 while typing', () => {
    expect(applyMask(KIND_MASKS.cpf, '1234')).toBe('123.4');
    expect(applyMask(KIND_MASKS.cpf, '12345678901')).toBe('123.456.789-01');
    expect(applyMask(KIND_MASKS.cpf, '123456789012345')).toBe('123.456.789-01');
  });
  it('formats a CNPJ, letters allowed in the first twelve places, in upper case', () => {
    expect(applyMask(KIND_MASKS.cnpj, '11222333000181')).toBe('11.222.333/0001-81');
    expect(applyMask(KIND_MASKS.cnpj, '12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });
  it('formats a CEP and landline or mobile phones', () => {
    expect(applyMask(KIND_MASKS.cep, '01001000')).toBe('01001-000');
    expect(applyMask(phoneMask('1133334444'), '1133334444')).toBe('(11) 3333-4444');
    expect(applyMask(phoneMask('11933334444'), '11933334444')).toBe('(11) 93333-4444');
  });
});

describe('dates', () => {
  it('shows DD/MM/YYYY and sends YYYY-MM-DD', () => {
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
    expect(parseTypedDate('05032024')).toBe('2024-03-05');
    expect(parseTypedDate('05/03')).toBe('05/03');
    expect(parseTypedDate('31/02/2024')).toBe('31/02/2024');
  });
  it('sends datetimes as YYYY-MM-DD HH:mm:ss', () => {
    expect(parseTypedDateTime('050320241407')).toBe('2024-03-05 14:07:00');
  });
  it('says Sim and Não', () => {
    expect(formatBoolean(true)).toBe('Sim');
    expect(formatBoolean(false)).toBe('Não');
  });
});

describe('a record named in a title', () => {
  it('reads its label field by kind, and falls back to its id when the field is empty or unknown', () => {
    expect(recordName({ source: 'date', kind: 'date', label: 'Data' }, { id: 7, date: '2026-11-03' })).toBe('03/11/2026');
    expect(recordName({ source: 'since', kind: 'date', label: 'Desde' }, { id: 7, since: '2026-11-03T00:00:00.000Z' })).toBe('03/11/2026');
    expect(recordName({ source: 'deadline_moment', kind: 'text', label: 'Prazo', moment: true }, { id: 7, deadline_moment: '2026-11-03 14:05:00' })).toBe('03/11/2026 14:05');
    expect(recordName({ source: 'amount', kind: 'money', label: 'Valor' }, { id: 7, amount: '1234.5' })).toBe('R$ 1.234,50');
    expect(recordName({ source: 'denomination', kind: 'text', label: 'Denominação' }, { id: 7, denomination: 'Solteiro(a)' })).toBe('Solteiro(a)');
    expect(recordName({ source: 'date', kind: 'date', label: 'Data' }, { id: 7, date: null })).toBe('7');
    expect(recordName(undefined, { id: 7 })).toBe('7');
  });
});
