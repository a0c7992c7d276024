/**
 * `x-lookup` in the model: a work relation's employer is found by the CNPJ typed beside it, and a
 * failed look-up clears the row's other fields back to their defaults (the schedule, a sub-list, stays).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../language/index.js';

describe('a reference found by a tax id (x-lookup)', () => {
  const model = loadModel(resolve(import.meta.dirname, '../..'));
  const relation = model.byModule.get('pessoa_fisica')!.fields.find((f) => f.name === 'work_relations')!.sublist!;
  const employer = relation.fields.find((f) => f.name === 'employer_id')!;

  it('asks the legal entities by CNPJ and takes the party of the one found', () => {
    expect(employer.lookup).toMatchObject({ module: 'pessoa_juridica', by: 'cnpj', answer: 'party_id', label: 'CNPJ do empregador' });
  });

  it('clears every other field of the row a person fills, to its default, but the schedule', () => {
    const clears = employer.lookup!.clears;
    expect(clears).toMatchObject({ employee_register_id: null, admission_date: null, sector_id: null, technical_manager: false, responsible_sector: false });
    expect(Object.keys(clears)).not.toContain('employer_id');
    expect(Object.keys(clears)).not.toContain('expedients');
    expect(Object.keys(clears).sort()).toEqual(relation.fields.filter((f) => f.inForm && f.kind !== 'id' && f.kind !== 'sublist' && f !== employer).map((f) => f.name).sort());
  });
});
