import { describe, expect, it } from 'vitest';
import { KIND_FACTS, kindHas, type Field } from '../../language/index.js';
import { isTrimmed } from '../../src/shared/text.js';

/** The field kinds' one table, and `Field` told apart by its kind. */
describe('field kinds', () => {
  it('says in one table which kinds are text, sorted as words and trimmed', () => {
    const kinds = (fact: 'text' | 'collated' | 'trimmed') => Object.keys(KIND_FACTS).filter((kind) => kindHas(kind, fact));
    expect(kinds('collated')).toEqual(['text', 'textarea', 'email', 'url']);
    expect(kinds('text')).toEqual(['text', 'textarea', 'richtext', 'email', 'url', 'cpf', 'cnpj', 'cep', 'phone', 'mask', 'color', 'password', 'permission']);
    expect(kindHas('nao_existe', 'text')).toBe(false);
    // Trimming reads the same table; a secret never is trimmed.
    expect(isTrimmed('cpf')).toBe(true);
    expect(isTrimmed('password')).toBe(false);
    expect(isTrimmed('text', true)).toBe(false);
  });

  it('gives the parts of its kind to a field narrowed by kind, and to no other', () => {
    const optionsOf = (field: Field) => (field.kind === 'enum' ? field.enumOptions.map((o) => o.label) : []);
    const tableOf = (field: Field) => (field.kind === 'references' ? field.join.table : null);
    const base = { name: 'x', label: 'X', column: 'x', required: false, nullable: true, readOnly: false, serverSet: false, writeOnly: false, unique: false, inForm: true };
    expect(optionsOf({ ...base, kind: 'enum', enumOptions: [{ value: 'a', label: 'A' }] })).toEqual(['A']);
    expect(tableOf({ ...base, kind: 'text' })).toBeNull();
    // @ts-expect-error an enum field without its options is no Field
    const enumWithoutOptions: Field = { ...base, kind: 'enum' };
    expect(enumWithoutOptions.kind).toBe('enum');
    // @ts-expect-error a choices field without its limits is no Field
    const choicesWithoutLimits: Field = { ...base, kind: 'choices', enumOptions: [{ value: 'pdf', label: 'PDF' }] };
    expect(choicesWithoutLimits.kind).toBe('choices');
    // @ts-expect-error a text field carries no options
    const textWithOptions: Field = { ...base, kind: 'text', enumOptions: [] };
    expect(textWithOptions.kind).toBe('text');
  });
});
