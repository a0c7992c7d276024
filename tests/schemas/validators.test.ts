import { describe, expect, it } from 'vitest';
import { taxIdPrefix } from '../../src/shared/search.js';
import { isCnpj, isCpf, isMoney, parseMoney } from '../../src/shared/validators.js';

describe('shared validators', () => {
  it('CPF: valid check digits with or without punctuation; wrong digits and repeated digits rejected', () => {
    expect(isCpf('529.982.247-25')).toBe(true);
    expect(isCpf('52998224725')).toBe(true);
    expect(isCpf('529.982.247-24')).toBe(false);
    expect(isCpf('111.111.111-11')).toBe(false);
    expect(isCpf('5299822472')).toBe(false);
  });

  it('CNPJ: numeric and the alphanumeric form, with or without punctuation', () => {
    expect(isCnpj('11.222.333/0001-81')).toBe(true);
    expect(isCnpj('11222333000181')).toBe(true);
    expect(isCnpj('11.222.333/0001-80')).toBe(false);
    expect(isCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isCnpj('12ABC34501DE35')).toBe(true);
    expect(isCnpj('12.ABC.345/01DE-34')).toBe(false);
    expect(isCnpj('00.000.000/0000-00')).toBe(false);
  });

  it('writes the start of a CPF or CNPJ typed as digits, with or without punctuation, as it is stored', () => {
    expect(taxIdPrefix('cpf', '529982')).toBe('529.982');
    expect(taxIdPrefix('cpf', '529.98.2')).toBe('529.982');
    expect(taxIdPrefix('cpf', '5299822')).toBe('529.982.2');
    expect(taxIdPrefix('cpf', '52998224725')).toBe('529.982.247-25');
    expect(taxIdPrefix('cnpj', '112223330001')).toBe('11.222.333/0001');
    expect(taxIdPrefix('cnpj', '12abc345/01de35')).toBe('12.ABC.345/01DE-35');
    for (const [kind, typed] of [['cpf', '529982247251'], ['cpf', 'maria'], ['cpf', '12a'], ['cpf', '.-/'], ['cnpj', 'abc'], ['cnpj', '12ABC34501DE3X']] as const) {
      expect(taxIdPrefix(kind, typed), `${kind} ${typed}`).toBeNull();
    }
  });

  it('money: comma decimals as typed, or the plain decimal form', () => {
    for (const ok of ['1.234,56', '1234,56', '0,50', '1234.56', '10', 1234.5]) expect(isMoney(ok), String(ok)).toBe(true);
    for (const bad of ['12,5', '1.23,45', 'abc', '1234.567', 10.555]) expect(isMoney(bad), String(bad)).toBe(false);
    expect(parseMoney('1.234,56')).toBe('1234.56');
    expect(parseMoney(10)).toBe('10.00');
  });
});
