import type { ExpressionBuilder } from 'kysely';
import { invalid, type FieldErrors } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import type { ComboParam } from '../../core/resources/registry.js';
import type { AnyTables } from '../../core/db/dynamic.js';

export const SECTOR_NOT_OF_EMPLOYER = 'O setor escolhido não é um dos setores do empregador.';

type Row = Record<string, unknown>;

/** The sectors an employer (a party) lists on its legal entity's form. */
const employerSectors = (employerId: number) => (eb: ExpressionBuilder<AnyTables, string>) =>
  eb.selectFrom('legal_entity_sectors as s').innerJoin('legal_entities as e', 'e.id', 's.legal_entity_id').select('s.sector_id').where('e.party_id', '=', employerId);

/** `GET /api/setores/combos?employer_id=7`: the sectors of that employer, for a work relation's Setor. */
export const sectorsOfEmployer: ComboParam = (employerId) => (eb) => eb('id', 'in', employerSectors(employerId)(eb));

/**
 * A work relation's sector is one of its employer's sectors. That it is required when the employer
 * has any (spec 001: 'sector required'; an employer without sectors, a person or an organization, has
 * none to choose from) the schema says (`"required-when-offered": true`), and the generic write checks
 * it with the sectors' combo (resources/offered-choices.ts), as the form does. Errors go on the row's
 * own field (`work_relations.0.sector_id`).
 */
export const workRelationSectors: ModuleHooks = {
  async beforeWrite(trx, { body }) {
    const relations = body.work_relations;
    if (!Array.isArray(relations)) return;
    const employers = [...new Set(relations.map((relation: Row) => relation.employer_id).filter((id): id is number => typeof id === 'number'))];
    if (employers.length === 0) return;
    const rows = await trx
      .selectFrom('legal_entity_sectors as s')
      .innerJoin('legal_entities as e', 'e.id', 's.legal_entity_id')
      .select(['e.party_id', 's.sector_id'])
      .where('e.party_id', 'in', employers)
      .execute();
    const sectorsOf = new Map<number, Set<number>>();
    for (const row of rows) {
      const employer = Number(row.party_id);
      sectorsOf.set(employer, (sectorsOf.get(employer) ?? new Set()).add(Number(row.sector_id)));
    }
    const errors: FieldErrors = {};
    relations.forEach((relation: Row, index) => {
      const sectors = sectorsOf.get(Number(relation.employer_id));
      if (relation.sector_id != null && !sectors?.has(Number(relation.sector_id))) errors[`work_relations.${index}.sector_id`] = [SECTOR_NOT_OF_EMPLOYER];
    });
    if (Object.keys(errors).length) throw invalid(errors);
  },
};
