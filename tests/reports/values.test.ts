/** Values as a person reads them in a report, and the pure parts of the formats. */
import { describe, expect, it } from 'vitest';
import type { Field } from '../../language/index.js';
import { csvNumber } from '../../src/server/features/reports/builtin/csv.js';
import { reportFileName } from '../../src/server/features/reports/builtin/engine.js';
import { dateTimeText, moneyText, valueText } from '../../src/server/features/reports/builtin/values.js';
import { sheetName, sheetValue } from '../../src/server/features/reports/builtin/xlsx.js';

const field = (kind: string, extra: Record<string, unknown> = {}) => ({ name: 'x', label: 'X', kind, column: 'x', ...extra }) as unknown as Field;

describe('report values', () => {
  it('reads each kind as a person does', () => {
    expect(valueText(field('boolean'), true)).toBe('Sim');
    expect(valueText(field('boolean'), false)).toBe('Não');
    expect(valueText(field('enum', { enumOptions: [{ value: 1, label: 'Baixa' }, { value: 2, label: 'Média' }] }), 2)).toBe('Média');
    expect(valueText(field('choices', { enumOptions: [{ value: 'pdf', label: 'PDF' }, { value: 'png', label: 'PNG' }] }), ['pdf', 'png'])).toBe('PDF, PNG');
    expect(valueText(field('reference'), 7, (id) => (id === 7 ? 'São Paulo' : undefined))).toBe('São Paulo');
    expect(valueText(field('date'), '2026-03-09')).toBe('09/03/2026');
    expect(valueText(field('money'), '1234.5')).toBe('R$ 1.234,50');
    expect(valueText(field('money'), '-0.5')).toBe('-R$ 0,50');
    expect(valueText(field('decimal'), '1234.5678000')).toBe('1.234,5678');
    expect(valueText(field('richtext'), '<p>Olá &amp; <b>adeus</b></p>')).toBe('Olá & adeus');
    expect(valueText(field('text'), null)).toBe('');
    expect(moneyText('0')).toBe('R$ 0,00');
  });

  it('writes moments in the council time zone', () => {
    expect(dateTimeText(new Date('2026-01-05T03:00:00Z'))).toBe('05/01/2026 00:00:00');
  });

  it('writes CSV numbers with a comma, money with its two places', () => {
    expect(csvNumber('-1234.5', true)).toBe('-1234,50');
    expect(csvNumber('1234', true)).toBe('1234,00');
    expect(csvNumber('0.0000000000001', false)).toBe('0,0000000000001');
    expect(csvNumber('42', false)).toBe('42');
  });

  it('keeps a spreadsheet number only when a double holds it exactly', () => {
    expect(sheetValue('1234.56', 'R$ 1.234,56')).toBe(1234.56);
    expect(sheetValue('9999999999999999999.9999999999999', '9.999.999.999.999.999.999,9999999999999')).toBe('9.999.999.999.999.999.999,9999999999999');
    expect(sheetValue(null, '')).toBeNull();
    expect(sheetName('Relatório: a/b [teste] com um título longo demais para uma aba')).toBe('Relatório  a b  teste  com um t');
  });

  it('names the file by the title in plain letters', () => {
    expect(reportFileName('Municípios por UF', 'pdf')).toBe('municipios-por-uf.pdf');
    expect(reportFileName('***', 'csv')).toBe('relatorio.csv');
  });
});
