import { invalid, type FieldErrors } from '../http/app-error.js';
import type { ModuleHooks } from '../resources/hooks.js';
import { scheduleErrors, type ExpedientRow } from './schedule.js';

type Row = Record<string, unknown>;

/**
 * A person's work relations keep a weekly schedule the specification's way (schedule.ts): each new
 * relation comes with at least one time, and every schedule sent is checked whole, its errors on the
 * row's own field (`work_relations.0.expedients.3.start`). A relation sent without its schedule keeps
 * the stored one.
 */
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
