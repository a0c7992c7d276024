import { describe, expect, it } from 'vitest';
import { fieldChecks, inputLabel, onlyOneMainCheck } from '../../src/web/kit/validation';
import type { FieldSpec } from '../../src/web/kit/types';

const run = (spec: FieldSpec, value: unknown) => fieldChecks(spec).map((check) => check(value)).find(Boolean);

describe('client validation speaks the server words', () => {
  it('asks for required fields', () => {
    expect(run({ source: 'name', kind: 'text', label: 'Nome', required: true }, '')).toBe('O campo Nome é obrigatório.');
  });
  it('refuses a required text made only of spaces, as the server does', () => {
    expect(run({ source: 'name', kind: 'text', label: 'Nome', required: true }, '   ')).toBe('O campo Nome é obrigatório.');
    expect(run({ source: 'email', kind: 'email', label: 'E-mail', required: true }, ' \t ')).toBe('O campo E-mail é obrigatório.');
  });
  it('checks text trimmed, as the server stores it, but never trims a password', () => {
    expect(run({ source: 'name', kind: 'text', label: 'Nome', maxLength: 3 }, '  abc  ')).toBeUndefined();
    expect(run({ source: 'email', kind: 'email', label: 'E-mail' }, ' a@b.com ')).toBeUndefined();
    expect(run({ source: 'password', kind: 'password', label: 'Senha', required: true }, '   ')).toBeUndefined();
    expect(run({ source: 'password', kind: 'password', label: 'Senha', maxLength: 3 }, ' ab ')).toBe('O campo Senha não pode ter mais de 3 caracteres.');
  });
  it('holds a choices field to its list, its limits and its repeats, in the server\'s words', () => {
    const extensions: FieldSpec = { source: 'accepted_extensions', kind: 'choices', label: 'Extensões aceitas', required: true, uniqueItems: true, choices: [{ id: 'pdf', name: 'PDF' }, { id: 'png', name: 'PNG' }] };
    expect(run(extensions, [])).toBe('O campo Extensões aceitas é obrigatório.');
    expect(run(extensions, undefined)).toBe('O campo Extensões aceitas é obrigatório.');
    expect(run(extensions, ['png', 'pdf'])).toBeUndefined();
    expect(run(extensions, ['pdf', 'exe'])).toBe('O valor selecionado para o campo Extensões aceitas é inválido.');
    expect(run(extensions, ['pdf', 'pdf'])).toBe('O campo Extensões aceitas não pode ter valores repetidos.');
    expect(run(extensions, 'pdf')).toBe('O campo Extensões aceitas deve ser uma lista de valores.');
    const days: FieldSpec = { source: 'days', kind: 'choices', label: 'Dias', minItems: 2, maxItems: 3, choices: [1, 2, 3, 4].map((id) => ({ id, name: String(id) })) };
    expect(run(days, [])).toBeUndefined();
    expect(run(days, [1])).toBe('O campo Dias deve ter pelo menos 2 itens.');
    expect(run(days, [1, 2, 3, 4])).toBe('O campo Dias não pode ter mais de 3 itens.');
    expect(run({ ...days, messages: { maxItems: 'No máximo {n} dias.' } }, [1, 2, 3, 4])).toBe('No máximo 3 dias.');
  });
  it('limits the length', () => {
    expect(run({ source: 'name', kind: 'text', label: 'Nome', maxLength: 3 }, 'abcd')).toBe('O campo Nome não pode ter mais de 3 caracteres.');
  });
  it("rejects an invalid CPF with 'CPF Inválido' and accepts a valid one", () => {
    expect(run({ source: 'cpf', kind: 'cpf', label: 'CPF' }, '111.111.111-11')).toBe('CPF Inválido');
    expect(run({ source: 'cpf', kind: 'cpf', label: 'CPF' }, '529.982.247-25')).toBeUndefined();
  });
  it("rejects an invalid CNPJ with 'CNPJ Inválido'", () => {
    expect(run({ source: 'cnpj', kind: 'cnpj', label: 'CNPJ' }, '11.222.333/0001-80')).toBe('CNPJ Inválido');
    expect(run({ source: 'cnpj', kind: 'cnpj', label: 'CNPJ' }, '11.222.333/0001-81')).toBeUndefined();
  });
  it('leaves empty optional fields alone', () => {
    expect(run({ source: 'cpf', kind: 'cpf', label: 'CPF' }, null)).toBeUndefined();
  });
  it("marks optional labels with ' - Opcional'", () => {
    expect(inputLabel({ label: 'Nome', kind: 'text', required: false })).toBe('Nome - Opcional');
    expect(inputLabel({ label: 'Nome', kind: 'text', required: true })).toBe('Nome');
  });
  it('allows only one main item in a sub-list', () => {
    const check = onlyOneMainCheck('main', { item: 'telefone' });
    expect(check([{ main: true }, { main: true }])).toBe('Deve haver apenas um telefone principal');
    expect(check([{ main: true }, { main: false }])).toBeUndefined();
    expect(check([{ main: false }])).toBeUndefined();
  });
  it('asks for one main item, with the article of the noun, where the sub-list requires one', () => {
    const check = onlyOneMainCheck('main', { item: 'faixa de contribuição', gender: 'f', required: true });
    expect(check([{ main: false }, { main: false }])).toBe('Marque uma faixa de contribuição como principal.');
    expect(check([{ main: true }, { main: true }])).toBe('Deve haver apenas uma faixa de contribuição principal');
    expect(check([{ main: false }, { main: true }])).toBeUndefined();
    expect(check([])).toBeUndefined();
  });
});
