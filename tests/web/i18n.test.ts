import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { raPortuguese } from '../../src/web/i18n/ra-pt-BR';

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === 'object') leaves(child, path).forEach((v, k) => out.set(k, v));
    else out.set(path, String(child));
  }
  return out;
}

describe('the pt-BR bundle', () => {
  const english = leaves(englishMessages);
  const portuguese = leaves(raPortuguese);
  it('has every key of react-admin', () => {
    expect([...english.keys()].filter((key) => !portuguese.has(key))).toEqual([]);
  });
  it('keeps no English sentence', () => {
    const untranslated = [...english].filter(([key, text]) => /[a-z]{3}/i.test(text.replace(/%\{\w+\}/g, '')) && portuguese.get(key) === text);
    expect(untranslated).toEqual([]);
  });
  it('keeps the placeholders of each message', () => {
    for (const [key, text] of english) {
      const placeholders = (text.match(/%\{\w+\}/g) ?? []).sort();
      const translated = (portuguese.get(key)!.match(/%\{\w+\}/g) ?? []).filter((p, i, all) => all.indexOf(p) === i).sort();
      expect(translated, key).toEqual([...new Set(placeholders)].sort());
    }
  });
});
