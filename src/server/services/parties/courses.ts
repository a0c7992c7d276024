import { invalid, type FieldErrors } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';

export const COURSE_NOT_OF_INSTITUTION = 'O curso escolhido não é da instituição de ensino escolhida.';

type Row = Record<string, unknown>;

/**
 * A person's course relation names a course of the educational institution it names (a course
 * belongs to one institution: `cursos.educational_institution_id`; the form lists the chosen
 * institution's courses). Both are required in every row sent; the error goes on the row's own field
 * (`course_relations.0.course_id`).
 */
export const courseRelationInstitutions: ModuleHooks = {
  async beforeWrite(trx, { body }) {
    const relations = body.course_relations;
    if (!Array.isArray(relations) || relations.length === 0) return;
    const pairs = relations.map((relation: Row) => ({ course: relation.course_id, institution: relation.educational_institution_id }));
    const courseIds = [...new Set(pairs.map((pair) => pair.course).filter((id): id is number => typeof id === 'number'))];
    if (courseIds.length === 0) return;
    const rows = await trx.selectFrom('courses').select(['id', 'educational_institution_id']).where('id', 'in', courseIds).execute();
    const institutionOf = new Map(rows.map((row) => [Number(row.id), Number(row.educational_institution_id)]));
    const errors: FieldErrors = {};
    pairs.forEach(({ course, institution }, index) => {
      if (typeof course !== 'number' || institution == null || !institutionOf.has(course)) return;
      if (institutionOf.get(course) !== Number(institution)) errors[`course_relations.${index}.course_id`] = [COURSE_NOT_OF_INSTITUTION];
    });
    if (Object.keys(errors).length) throw invalid(errors);
  },
};
