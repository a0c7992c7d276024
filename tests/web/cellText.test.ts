import { describe, expect, it } from 'vitest';
import { cellText, referenceNeeds } from '../../src/web/kit/list/cellText';
import type { FieldSpec } from '../../src/web/kit/types';

const uf: FieldSpec = { source: 'uf_id', kind: 'reference', label: 'UF', reference: { module: 'uf' } };
const areas: FieldSpec = { source: 'areas', kind: 'references', label: 'Áreas', reference: { module: 'areas_atuacao' } };
const names = { uf: { '35': 'São Paulo', '33': 'Rio de Janeiro' }, areas_atuacao: { '1': 'Civil', '2': 'Elétrica' } };

describe('the list cells', () => {
  it('show scalars as a person reads them', () => {
    expect(cellText({ source: 'd', kind: 'date', label: 'Data' }, '2024-03-05', {})).toBe('05/03/2024');
    expect(cellText({ source: 'b', kind: 'boolean', label: 'Inativo' }, false, {})).toBe('Não');
    expect(cellText({ source: 'm', kind: 'money', label: 'Valor' }, '1234.56', {})).toBe('R$ 1.234,56');
  });

  it("show a moment on the council's clock (`x-moment`) as DD/MM/YYYY HH:mm, the digits as written, and other text as it is", () => {
    const deadline: FieldSpec = { source: 'deadline_moment', kind: 'text', label: 'Vencimento do prazo', moment: true };
    expect(cellText(deadline, '2026-11-27 23:59:59', {})).toBe('27/11/2026 23:59');
    expect(cellText(deadline, '2026-01-02 08:05:00', {})).toBe('02/01/2026 08:05');
    expect(cellText(deadline, null, {})).toBe('');
    expect(cellText({ source: 'n', kind: 'text', label: 'Nome' }, '2026-11-27 23:59:59', {})).toBe('2026-11-27 23:59:59');
  });

  it('name the values of a choices field by their labels, joined by commas', () => {
    const extensions: FieldSpec = { source: 'e', kind: 'choices', label: 'Extensões', choices: [{ id: 'pdf', name: 'PDF' }, { id: 'csvMeta', name: 'CSV (metadados)' }] };
    expect(cellText(extensions, ['pdf', 'csvMeta'], {})).toBe('PDF, CSV (metadados)');
    expect(cellText(extensions, [], {})).toBe('');
    expect(cellText(extensions, null, {})).toBe('');
    // A value the schema no longer lists is shown as it is stored.
    expect(cellText(extensions, ['pdf', 'odt'], {})).toBe('PDF, odt');
  });

  it("name references by the referenced module's combos, many joined by commas", () => {
    expect(cellText(uf, 35, names)).toBe('São Paulo');
    expect(cellText(uf, null, names)).toBe('');
    expect(cellText(areas, [2, 1], names)).toBe('Elétrica, Civil');
  });

  it('ask each referenced module once for all the ids on the page', () => {
    const rows = [
      { id: 1, uf_id: 35, areas: [1, 2] },
      { id: 2, uf_id: 35, areas: [2] },
      { id: 3, uf_id: 33, areas: [] },
    ];
    expect([...referenceNeeds([uf, areas], rows)]).toEqual([
      ['uf', ['33', '35']],
      ['areas_atuacao', ['1', '2']],
    ]);
    expect(referenceNeeds([uf], [{ id: 1, uf_id: null }]).size).toBe(0);
  });
});
