import type { ExpressionBuilder } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { invalid, type FieldErrors } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import type { ComboParam } from '../../core/resources/registry.js';
import type { AnyTables } from '../../core/db/dynamic.js';

export const RANGE_REPEATED = 'Esta faixa de contribuição já está na categoria.';
export const NEXT_REPEATED = 'Esta situação já está entre as próximas.';
export const NEXT_IS_ITSELF = 'Uma situação não pode ser a próxima de si mesma.';

type Row = Record<string, unknown>;

/** Each sub-list row whose `field` repeats an earlier row's value, as errors on that row's field. */
function repeated(rows: unknown, list: string, field: string, message: string, errors: FieldErrors): void {
  if (!Array.isArray(rows)) return;
  const seen = new Set<unknown>();
  rows.forEach((row: Row, index) => {
    if (row?.[field] == null) return;
    if (seen.has(row[field])) errors[`${list}.${index}.${field}`] = [message];
    seen.add(row[field]);
  });
}

/** A category lists each contribution range once. */
export const categoryRanges: ModuleHooks<SpaceDatabase> = {
  beforeWrite(_trx, { body }) {
    const errors: FieldErrors = {};
    repeated(body.contribution_ranges, 'contribution_ranges', 'contribution_range_id', RANGE_REPEATED, errors);
    if (Object.keys(errors).length) throw invalid(errors);
  },
};

/** A situation's next situations are others, each once. */
export const nextSituations: ModuleHooks<SpaceDatabase> = {
  beforeWrite(_trx, { body, previous }) {
    const errors: FieldErrors = {};
    repeated(body.next_situations, 'next_situations', 'next_situation_id', NEXT_REPEATED, errors);
    if (previous && Array.isArray(body.next_situations)) {
      body.next_situations.forEach((row: Row, index) => {
        if (row?.next_situation_id === previous.id) errors[`next_situations.${index}.next_situation_id`] = [NEXT_IS_ITSELF];
      });
    }
    if (Object.keys(errors).length) throw invalid(errors);
  },
};

/** `GET /api/faixa_de_contribuicao/combos?category_id=3`: the ranges of that category, for a registration. */
export const rangesOfCategory: ComboParam = (categoryId) => (eb: ExpressionBuilder<AnyTables, string>) =>
  eb('id', 'in', eb.selectFrom('category_contribution_ranges').select('contribution_range_id').where('category_id', '=', categoryId));
