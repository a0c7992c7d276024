import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles, unalias } from './support';

function violations(dir: string, allowed: (target: string) => boolean): string[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(file).local
      .filter((target) => !allowed(target))
      .map((target) => `${file} → ${target}`),
  );
}

const inside = (...prefixes: string[]) => (target: string) => prefixes.some((p) => target === p || target.startsWith(`${p}/`));

describe('import directions', () => {
  it('resolves path aliases, so aliased imports are checked as relative ones are', () => {
    expect(unalias('@kit')).toBe('src/web/kit/index.ts');
    expect(unalias('@kit/list')).toBe('src/web/kit/list');
    expect(unalias('@generated/web/registry')).toBe('generated/web/registry');
    expect(importsOf('generated/web/estados_civis/List.tsx').local).toContain('src/web/kit/list');
    expect(violations('src/web/screens', inside('src/web/kit'))).toContain('src/web/screens/monitores/Edit.tsx → generated/web/monitores/Edit');
  });

  it('generated screens import only the widget kit and each other', () => {
    expect(violations('generated/web', inside('generated/web', 'src/web/kit'))).toEqual([]);
  });

  it('the widget kit imports nothing of the application', () => {
    expect(violations('src/web/kit', inside('src/web/kit', 'src/shared', 'generator/language/model', 'generator/language/icons'))).toEqual([]);
  });

  it('the web client never imports the server or the generator', () => {
    expect(violations('src/web', inside('src/web', 'src/shared', 'generated/web', 'generated/types', 'generator/language/model', 'generator/language/icons'))).toEqual([]);
  });

  it('the server never imports the web client', () => {
    expect(violations('src/server', (t) => !inside('src/web', 'generated/web')(t))).toEqual([]);
  });

  it('the generator never reads src/', () => {
    expect(violations('generator', (t) => !inside('src')(t))).toEqual([]);
  });

  it('shared code imports only shared code', () => {
    expect(violations('src/shared', inside('src/shared'))).toEqual([]);
  });
});
