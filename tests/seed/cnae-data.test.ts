import { getCnae } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { economicActivityRows } from '../../src/server/core/seed/cnae/economic-activities.js';
import { listPackageSubclasses } from '../../src/server/core/seed/cnae/extract-subclasses.js';
import subclasses from '../../src/server/core/seed/cnae/subclasses.json' with { type: 'json' };

describe('CNAE subclasses kept for the seed', () => {
  it('are exactly the subclasses @brazilian-utils/brazilian-utils knows', () => {
    expect(subclasses).toHaveLength(1332);
    expect(listPackageSubclasses()).toEqual(subclasses);
  }, 60_000);

  it('each row carries the hierarchy its code spells', () => {
    const rows = economicActivityRows();
    expect(new Set(rows.map((r) => r.cnae_code)).size).toBe(1332);
    for (const row of rows) {
      expect(getCnae(row.cnae_code)?.description).toBe(row.subclass_denomination);
      expect(row.subclass_code.replace(/\D/g, '')).toBe(row.cnae_code);
      expect(row.class_code.replace(/\D/g, '')).toBe(row.cnae_code.slice(0, 5));
      expect(row.group_code.replace(/\D/g, '')).toBe(row.cnae_code.slice(0, 3));
      expect(row.division_denomination).not.toMatch(/^DIVISÃO/);
    }
    expect(new Set(rows.map((r) => r.section_code)).size).toBe(21);
    expect(new Set(rows.map((r) => r.division_code)).size).toBe(87);
  });

  it('names sections by the IBGE division ranges', () => {
    const sectionOf = (code: string) => economicActivityRows().find((r) => r.cnae_code === code)!;
    expect(sectionOf('4120400').section_code).toBe('F');
    expect(sectionOf('8630501').section_code).toBe('Q');
    expect(sectionOf('9700500').section_denomination).toBe('SERVIÇOS DOMÉSTICOS');
    expect(sectionOf('9900800').section_code).toBe('U');
  });
});
