import { describe, expect, it } from 'vitest';
import { MENU_ICONS } from '../../language/icons';
import { iconPath } from '../../src/web/resources/icons';
import { resources } from '../../generated/web/registry';

describe('the menu icons', () => {
  it('draws every name of the closed list the schema checker enforces, each its own drawing', () => {
    const paths = MENU_ICONS.map((name) => iconPath(name));
    expect(paths.every((d) => /^[Mm]/.test(d))).toBe(true);
    expect(new Set(paths).size).toBe(MENU_ICONS.length);
  });

  it('gives every module the icon its schema names (the monitors their heart monitor)', () => {
    expect(resources.find((r) => r.name === 'monitores')?.icon).toBe('MonitorHeart');
    for (const resource of resources) expect(MENU_ICONS).toContain(resource.icon);
  });
});
