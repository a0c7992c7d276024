import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND, brandStylesheet, cssVariable, faviconSvg, type BrandColour } from '../../src/web/kit/brand';
import { theme } from '../../src/web/kit/material/theme';

const root = resolve(import.meta.dirname, '../..');
const webFiles = readdirSync(join(root, 'src/web'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(ts|tsx|css|html|svg)$/.test(file))
  .map((file) => `src/web/${file}`);

/** Files whose colours are data or drawings, not the brand: they may match a brand colour by chance. */
const NOT_BRAND = {
  'src/web/kit/format.ts': "the colour kind's options, values people store",
  'src/web/kit/inputs/imageChecks.ts': "the default avatar's drawing",
};

describe('the brand colours', () => {
  it('are spelt in brand.ts alone', () => {
    const spelt = webFiles.filter((file) => {
      if (file === 'src/web/kit/brand.ts' || file in NOT_BRAND) return false;
      const text = readFileSync(join(root, file), 'utf8').toLowerCase();
      return Object.values(BRAND).some((colour) => text.includes(colour));
    });
    expect(spelt).toEqual([]);
    expect(readFileSync(join(root, 'vite.config.ts'), 'utf8')).not.toMatch(/#[0-9a-f]{6}\b/i);
  });

  it('reach the stylesheet as custom properties, and the stylesheet reads none it does not have', () => {
    const brand = brandStylesheet();
    expect(brand).toContain(`  --primary: ${BRAND.primary};\n`);
    expect(brand).toContain(`  --primary-dark: ${BRAND.primaryDark};\n`);
    expect(cssVariable('errorDark')).toBe('--error-dark');
    const css = brand + readFileSync(join(root, 'src/web/styles.css'), 'utf8');
    const declared = new Set([...css.matchAll(/^\s*(--[a-z-]+):/gm)].map((m) => m[1]));
    const read = new Set([...css.matchAll(/var\((--[a-z-]+)\)/g)].map((m) => m[1]));
    expect([...read].filter((name) => !declared.has(name))).toEqual([]);
  });

  it('are the MUI theme’s and the icon’s', () => {
    const palette = theme.palette as Record<string, { main?: string }>;
    const expected: Record<string, BrandColour> = { primary: 'primary', secondary: 'secondary', error: 'errorDark', warning: 'warning', info: 'info', success: 'success' };
    for (const [key, colour] of Object.entries(expected)) expect(palette[key].main).toBe(BRAND[colour]);
    expect(faviconSvg()).toContain(`fill="${BRAND.primary}"`);
  });
});
