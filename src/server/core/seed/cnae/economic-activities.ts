import type { Selectable } from 'kysely';
import type { EconomicActivitiesTable } from '../../../../../generated/database.js';
import subclasses from './subclasses.json' with { type: 'json' };
import { CNAE_DIVISIONS, CNAE_SECTIONS } from './sections.js';

/** One row of `economic_activities`: a CNAE subclass with its whole hierarchy (the columns the database does not fill). */
export type EconomicActivityRow = Omit<Selectable<EconomicActivitiesTable>, 'id' | 'inactivated' | 'inactivated_at' | 'created_at' | 'updated_at'>;

/**
 * The 1,332 CNAE 2.3 subclasses with the hierarchy read from their codes (`6201501` is division 62,
 * group 62.0, class 62.01-5, subclass 6201-5/01). The package names only subclasses: a class
 * that has a single subclass `/00` bears its name (CNAE does not subdivide it); the other classes
 * and the groups carry their code as the name until the full CONCLA structure is loaded.
 */
export function economicActivityRows(): EconomicActivityRow[] {
  const entries = subclasses as [string, string][];
  const perClass = new Map<string, number>();
  for (const [code] of entries) perClass.set(code.slice(0, 5), (perClass.get(code.slice(0, 5)) ?? 0) + 1);
  return entries.map(([code, description]) => {
    const division = code.slice(0, 2);
    const section = sectionOf(Number(division));
    const groupCode = `${division}.${code[2]}`;
    const classCode = `${division}.${code.slice(2, 4)}-${code[4]}`;
    const undivided = perClass.get(code.slice(0, 5)) === 1 && code.endsWith('00');
    return {
      cnae_code: code,
      section_code: section.code,
      section_denomination: section.denomination,
      division_code: division,
      division_denomination: CNAE_DIVISIONS[division] ?? `DIVISÃO ${division}`,
      group_code: groupCode,
      group_denomination: `GRUPO ${groupCode}`,
      class_code: classCode,
      class_denomination: undivided ? description : `CLASSE ${classCode}`,
      subclass_code: `${code.slice(0, 4)}-${code[4]}/${code.slice(5)}`,
      subclass_denomination: description,
    };
  });
}

function sectionOf(division: number) {
  const section = CNAE_SECTIONS.find((s) => division >= s.divisions[0] && division <= s.divisions[1]);
  if (!section) throw new Error(`A divisão CNAE ${division} não pertence a nenhuma seção.`);
  return section;
}
