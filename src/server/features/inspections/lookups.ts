import type { SpaceDatabase } from '../../../../generated/database.js';
import { PARTY_TYPE_CODES } from '../../../shared/party-types.js';
import { invalid, type FieldErrors } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';

type Row = Record<string, unknown>;

export const NOT_AN_EMPLOYEE = 'A parte selecionada não é um funcionário.';
export const EMPLOYEE_REPEATED = 'Este funcionário já está na equipe.';
export const ONE_RAPPORTEUR = 'A equipe deve ter apenas um relator.';
export const ONE_COORDINATOR = 'A equipe deve ter apenas um coordenador.';
export const DEADLINE_AMOUNT_MISSING = 'Informe a quantidade do prazo do tipo de prazo escolhido.';
export const DEADLINE_TYPE_MISSING = 'Informe o tipo de prazo desta quantidade.';

/**
 * An inspection team's employees (`equipe_fiscalizacao`): each a party of the employee party type
 * (code `funcionario`), each once; at most one rapporteur and at most one coordinator (one employee
 * may be both). Errors on the row's own field.
 */
export const teamEmployees: ModuleHooks<SpaceDatabase> = {
  async beforeWrite(trx, { body }) {
    const rows = body.employees;
    if (!Array.isArray(rows)) return;
    const errors: FieldErrors = {};
    const ids = [...new Set(rows.map((row: Row) => Number(row?.party_id)).filter((id) => Number.isSafeInteger(id) && id > 0))];
    const employees = ids.length === 0 ? [] : await trx
      .selectFrom('parties as p')
      .innerJoin('party_types as t', 't.id', 'p.party_type_id')
      .select('p.id')
      .where('p.id', 'in', ids)
      .where('t.code', '=', PARTY_TYPE_CODES.employee)
      .execute();
    const isEmployee = new Set(employees.map((row) => Number(row.id)));
    const seen = new Set<number>();
    let rapporteurs = 0;
    let coordinators = 0;
    rows.forEach((row: Row, index) => {
      const party = Number(row?.party_id);
      if (row?.party_id != null && !isEmployee.has(party)) errors[`employees.${index}.party_id`] = [NOT_AN_EMPLOYEE];
      else if (seen.has(party)) errors[`employees.${index}.party_id`] = [EMPLOYEE_REPEATED];
      seen.add(party);
      if (row?.rapporteur === true && ++rapporteurs > 1) errors[`employees.${index}.rapporteur`] = [ONE_RAPPORTEUR];
      if (row?.coordinator === true && ++coordinators > 1) errors[`employees.${index}.coordinator`] = [ONE_COORDINATOR];
    });
    if (Object.keys(errors).length) throw invalid(errors);
  },
};

/** A pendency type's deadline (`tipos_pendencias`): its deadline type and amount go together, or neither. */
export const pendencyTypeDeadline: ModuleHooks<SpaceDatabase> = {
  beforeWrite(_trx, { body, previous }) {
    const after = (field: string) => (field in body ? body[field] : previous?.[field]) ?? null;
    const type = after('deadline_type_id');
    const amount = after('deadline_amount');
    if (type !== null && amount === null) throw invalid({ deadline_amount: [DEADLINE_AMOUNT_MISSING] });
    if (type === null && amount !== null) throw invalid({ deadline_type_id: [DEADLINE_TYPE_MISSING] });
  },
};
