import { describe, expect, it } from 'vitest';
import { isTaxIdStart, searchHint } from '../../src/shared/search.js';

/** What the list screen says of a search it reads by a start, in the words of src/shared/search.ts's rule. */
describe("the search box's hint", () => {
  it('names the words of one or two characters, searched at the start of the words', () => {
    expect(searchHint('a', [])).toBe('“a” tem menos de 3 caracteres: é procurado no início das palavras.');
    expect(searchHint('maria de souza', [])).toBe('“de” tem menos de 3 caracteres: é procurado no início das palavras.');
    expect(searchHint('a de', [])).toBe('“a” e “de” têm menos de 3 caracteres: são procurados no início das palavras.');
  });

  it('says a number is searched at the start of the CPF or CNPJ where the list searches one', () => {
    expect(searchHint('529982', ['CPF'])).toBe('O CPF é procurado pelo início do número.');
    expect(searchHint('11.222', ['CNPJ'])).toBe('O CNPJ é procurado pelo início do número.');
    expect(searchHint('maria 52', ['CPF'])).toBe('“52” tem menos de 3 caracteres: é procurado no início das palavras. O CPF é procurado pelo início do número.');
    expect(searchHint('529982', [])).toBeNull();
    expect(searchHint('maria', ['CPF'])).toBeNull();
  });

  it('says nothing while every word is searched anywhere', () => {
    expect(searchHint('', [])).toBeNull();
    expect(searchHint('  asad  casa ', [])).toBeNull();
  });

  it('reads digits with or without marks as the start of a number, and a name as none', () => {
    expect(['529982', '529.98', '12abc', '0001-8'].filter((word) => !isTaxIdStart(word))).toEqual([]);
    expect(['maria', 'abc', '-', '112223330001819'].filter(isTaxIdStart)).toEqual([]);
  });
});
