import { PARTY_TYPE_CODES } from '../../../shared/party-types.js';
import { invalid, type FieldErrors } from '../../core/http/app-error.js';
import type { BeforeWrite, ModuleHooks } from '../../core/resources/hooks.js';
import { scheduleErrors, type ExpedientRow } from './schedule.js';

type Row = Record<string, unknown>;

/**
 * A person's work relations keep a weekly schedule the specification's way (schedule.ts): each new
 * relation comes with at least one time, and every schedule sent is checked whole, its errors on the
 * row's own field (`work_relations.0.expedients.3.start`). A relation sent without its schedule keeps
 * the stored one.
 */
export const EMPLOYEE_WITHOUT_RELATION = 'Informe ao menos um vínculo empregatício do funcionário.';

/**
 * An employee (a person of the party type coded `funcionario`) works somewhere: at least one work
 * relation, with its schedule (spec 001: 'Employee work information also requires day, start, end…').
 */
/** The party type of a person written without a work relation (null when it has one, or no type). */
function typeWithoutRelation({ body, previous }: BeforeWrite): number | null {
  const relations = 'work_relations' in body ? body.work_relations : previous?.work_relations;
  if (Array.isArray(relations) && relations.length > 0) return null;
  const typeId = 'party_type_id' in body ? body.party_type_id : previous?.party_type_id;
  return typeId == null ? null : Number(typeId);
}

export const employeeRules: ModuleHooks = {
  async beforeWrite(trx, ctx) {
    const typeId = typeWithoutRelation(ctx);
    if (typeId === null) return;
    const type = await trx.selectFrom('party_types').select('code').where('id', '=', typeId).executeTakeFirst();
    if (type?.code === PARTY_TYPE_CODES.employee) throw invalid({ work_relations: [EMPLOYEE_WITHOUT_RELATION] });
  },
  async beforeWriteMany(trx, ctxs) {
    const typeIds = [...new Set(ctxs.map(typeWithoutRelation).filter((id): id is number => id !== null))];
    if (typeIds.length === 0) return;
    const employee = await trx.selectFrom('party_types').select('id').where('id', 'in', typeIds).where('code', '=', PARTY_TYPE_CODES.employee).executeTakeFirst();
    if (employee) throw invalid({ work_relations: [EMPLOYEE_WITHOUT_RELATION] });
  },
};

export const workScheduleRules: ModuleHooks = {
  beforeWrite(_trx, { body }) {
    const relations = body.work_relations;
    if (!Array.isArray(relations)) return;
    const errors: FieldErrors = {};
    relations.forEach((relation: Row, index) => {
      const path = `work_relations.${index}.expedients`;
      if (!Array.isArray(relation.expedients)) {
        if (relation.id == null) errors[path] = scheduleErrors([])[''];
        return;
      }
      for (const [key, messages] of Object.entries(scheduleErrors(relation.expedients as ExpedientRow[]))) {
        errors[key ? `${path}.${key}` : path] = messages;
      }
    });
    if (Object.keys(errors).length) throw invalid(errors);
  },
};
