import type { UseFormReturn } from 'react-hook-form';
import type { SublistRemoval } from '@kit/inputs/sublistRemoval';

type Values = Record<string, unknown>;
type Step = { workflow_phase_type_name?: unknown; step_number?: unknown; next_steps?: { step_number?: unknown }[] };

/** The spec's question (spec 002 §4 'Workflow type editing'), word for word. */
export const PHASE_IN_USE = 'A Fase que você está tentando excluir esta associada a uma ou mais etapas. Deseja realmente excluir?';

const same = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.trim().toLocaleLowerCase('pt-BR') === b.trim().toLocaleLowerCase('pt-BR') && a.trim() !== '';
const stepsOf = (values: Values) => (Array.isArray(values.step_types) ? (values.step_types as Step[]) : []);

/**
 * A workflow type's form: removing a phase that steps use asks first and clears it from them;
 * removing a step takes it out of the others' next steps. The server refuses a save that still names
 * either (docs/WORKFLOWS.md), so the form leaves nothing dangling to refuse.
 */
export const workflowTypeRemovals: Record<string, SublistRemoval> = {
  workflow_phase_types: {
    title: 'Excluir fase',
    question: (phase, form) => (stepsOf(form).some((step) => same(step.workflow_phase_type_name, phase.denomination)) ? PHASE_IN_USE : null),
    removed: (phase, form: UseFormReturn) => {
      stepsOf(form.getValues()).forEach((step, index) => {
        if (same(step.workflow_phase_type_name, phase.denomination)) form.setValue(`step_types.${index}.workflow_phase_type_name`, '', { shouldDirty: true });
      });
    },
  },
  step_types: {
    title: 'Excluir etapa',
    removed: (step, form: UseFormReturn) => {
      if (step.step_number == null || step.step_number === '') return;
      stepsOf(form.getValues()).forEach((other, index) => {
        const next = other.next_steps ?? [];
        const kept = next.filter((row) => Number(row.step_number) !== Number(step.step_number));
        if (kept.length !== next.length) form.setValue(`step_types.${index}.next_steps`, kept, { shouldDirty: true });
      });
    },
  },
};
