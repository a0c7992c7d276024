import type { Plan } from '../plan.js';
import { emitCreateScreen, emitEditScreen, emitShowScreen } from './web-forms.js';
import { emitChoicesFile } from './web-choices.js';
import { emitScreensIndex } from './web-index.js';
import { emitFormSpecs, emitInputsScreen } from './web-inputs.js';
import { emitListScreen } from './web-list.js';

/** Every `generated/web/<module>/*` file, for the entities that have screens. */
export function emitWebScreens(plan: Plan): Map<string, string> {
  const files = new Map<string, string>();
  for (const entityPlan of plan.entities) {
    if (!entityPlan.entity.screens) continue;
    const dir = `generated/web/${entityPlan.entity.module}`;
    const { listOnly } = entityPlan.entity;
    const operations = listOnly ? { create: false, update: false } : entityPlan.entity.operations;
    // A module the API does not let create or update (the audit log) gets no form to do so; a
    // list-only one (reference data people browse) gets its list alone.
    if (operations.create) files.set(`${dir}/Create.tsx`, emitCreateScreen(entityPlan));
    if (operations.update) files.set(`${dir}/Edit.tsx`, emitEditScreen(entityPlan));
    if (operations.create || operations.update) {
      files.set(`${dir}/form.ts`, emitFormSpecs(entityPlan));
      files.set(`${dir}/Inputs.tsx`, emitInputsScreen(entityPlan));
    }
    files.set(`${dir}/List.tsx`, emitListScreen(entityPlan));
    const choices = emitChoicesFile(entityPlan);
    if (choices) files.set(`${dir}/choices.ts`, choices);
    if (!listOnly) files.set(`${dir}/Show.tsx`, emitShowScreen(entityPlan));
    files.set(`${dir}/index.ts`, emitScreensIndex(entityPlan));
  }
  return files;
}
