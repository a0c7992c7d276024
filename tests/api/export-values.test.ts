import { describe, expect, it } from 'vitest';
import type { Field } from '../../language/index.js';
import { exportCell, exportNumberFormat, exportText } from '../../src/server/core/resources/export-values.js';

const field = (kind: string, extra: Record<string, unknown> = {}) => ({ name: 'f', label: 'F', column: 'f', kind, ...extra }) as unknown as Field;
const names = new Map([['uf', new Map([[35, 'SP - São Paulo']])]]);

describe('an exported value as a person reads it', () => {
  it('writes amounts, dates, yes/no, labels and references in pt-BR', () => {
    expect(exportText(field('money'), '1234.5', names)).toBe('1.234,50');
    expect(exportText(field('decimal', { digits: { integer: 6, fraction: 4 } }), '-1234.5678', names)).toBe('-1.234,5678');
    expect(exportText(field('boolean'), true, names)).toBe('Sim');
    expect(exportText(field('boolean'), false, names)).toBe('Não');
    expect(exportText(field('date'), '2024-03-05', names)).toBe('05/03/2024');
    expect(exportText(field('datetime'), new Date('2024-03-05T02:07:09Z'), names)).toBe('04/03/2024 23:07');
    const options = { enumOptions: [{ value: 'a', label: 'Ativo' }, { value: 'b', label: 'Baixado' }] };
    expect(exportText(field('enum', options), 'b', names)).toBe('Baixado');
    expect(exportText(field('choices', options), ['a', 'b'], names)).toBe('Ativo, Baixado');
    expect(exportText(field('reference', { reference: { module: 'uf' } }), 35, names)).toBe('SP - São Paulo');
    expect(exportText(field('text'), null, names)).toBe('');
  });

  it('keeps numbers as numbers and dates as dates in a spreadsheet, with pt-BR formats', () => {
    expect(exportCell(field('money'), '1234.56', names)).toBe(1234.56);
    expect(exportNumberFormat(field('money'))).toBe('#,##0.00');
    expect(exportCell(field('date'), '2024-03-05', names)).toEqual(new Date(Date.UTC(2024, 2, 5)));
    expect(exportCell(field('datetime'), '2024-03-05T02:07:09Z', names)).toEqual(new Date(Date.UTC(2024, 2, 4, 23, 7, 9)));
    expect(exportNumberFormat(field('datetime'))).toBe('dd/mm/yyyy hh:mm');
    expect(exportCell(field('boolean'), false, names)).toBe('Não');
  });
});
