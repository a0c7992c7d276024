import type { SpaceDatabase } from '../../../../generated/database.js';
import { invalid } from '../../core/http/app-error.js';
import { valueAfter, type ModuleHooks } from '../../core/resources/hooks.js';


export const dueDateOutsideYear = (year: number) => `O vencimento deve ser uma data do exercício de ${year}.`;

/**
 * A contribution's value of a year (docs/RECEIVABLES.md §2): its due date falls in that year. One
 * value per contribution, range, category and year, a value without category included, is the
 * unique index the schema declares (`nulls not distinct`).
 */
export const contributionValueRules: ModuleHooks<SpaceDatabase> = {
  beforeWrite(_trx, { body, previous }) {
    const year = valueAfter(body, previous, 'year');
    const due = valueAfter(body, previous, 'due_date');
    if (typeof year === 'number' && typeof due === 'string' && !due.startsWith(`${year}-`)) throw invalid({ due_date: [dueDateOutsideYear(year)] });
  },
};
