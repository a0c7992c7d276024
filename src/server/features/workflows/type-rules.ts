/**
 * What a workflow type's schema cannot say (docs/WORKFLOWS.md), checked on the tree the save leaves
 * (the body's lists, and the stored ones it leaves out), each refusal a 422 on the row's field:
 * - one first step exactly, once the type has steps;
 * - step numbers and phase denominations each once within the type;
 * - a step's phase one of the type's phases;
 * - next steps are other steps of the same type (by number), each once;
 * - every step reachable from the first through next steps;
 * - a task's action one of the system actions or checklist (system-actions.ts).
 */
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { invalid, type FieldErrors } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import { systemActions } from './system-actions.js';

type Row = Record<string, any>;

export const FIRST_MISSING = 'Marque uma etapa como a primeira etapa.';
export const FIRST_REPEATED = 'Deve haver apenas uma primeira etapa.';
export const STEP_NUMBER_REPEATED = 'Já existe uma etapa com este número neste tipo de fluxo.';
export const PHASE_REPEATED = 'Já existe uma fase com esta denominação neste tipo de fluxo.';
export const PHASE_UNKNOWN = 'A fase deve ser uma das fases deste tipo de fluxo.';
export const NEXT_UNKNOWN = 'A próxima etapa deve ser uma etapa deste tipo de fluxo.';
export const NEXT_ITSELF = 'Uma etapa não pode ser a próxima etapa dela mesma.';
export const NEXT_REPEATED = 'Esta etapa já está entre as próximas etapas.';
export const UNREACHABLE = 'Esta etapa não é alcançada a partir da primeira etapa.';
export const ACTION_UNKNOWN = 'A ação selecionada não é uma ação do sistema nem checklist.';

const list = (value: unknown): Row[] => (Array.isArray(value) ? value.filter((row) => row !== null && typeof row === 'object') : []);
const key = (text: unknown) => (typeof text === 'string' ? text.trim().toLocaleLowerCase('pt-BR') : null);

/** The steps the save leaves: the body's rows, each missing nested list taken from the stored row of its id. */
function stepsAfter(body: Readonly<Row>, previous: Readonly<Row> | undefined): Row[] {
  const stored = list(previous?.step_types);
  if (!('step_types' in body)) return stored;
  const byId = new Map(stored.map((row) => [Number(row.id), row]));
  return list(body.step_types).map((row) => {
    const before = row.id == null ? undefined : byId.get(Number(row.id));
    return {
      ...row,
      next_steps: 'next_steps' in row ? row.next_steps : before?.next_steps ?? [],
      task_types: 'task_types' in row ? row.task_types : before?.task_types ?? [],
    };
  });
}

export function workflowTypeRules(model: Model): ModuleHooks<SpaceDatabase> {
  const actions = new Set(systemActions(model).map((action) => action.id));
  return {
    beforeWrite(_trx, { body, previous }) {
      const errors: FieldErrors = {};
      const add = (path: string, message: string) => { errors[path] ??= [message]; };
      const phases = 'workflow_phase_types' in body ? list(body.workflow_phase_types) : list(previous?.workflow_phase_types);
      const phaseNames = new Set<string>();
      phases.forEach((phase, index) => {
        const name = key(phase.denomination);
        if (name === null) return;
        if (phaseNames.has(name) && 'workflow_phase_types' in body) add(`workflow_phase_types.${index}.denomination`, PHASE_REPEATED);
        phaseNames.add(name);
      });

      const steps = stepsAfter(body, previous);
      // A refusal names the row by its place in the list (the body's, or the stored one the body left out).
      const path = (index: number, field: string) => `step_types.${index}.${field}`;
      const numbers = new Map<number, number>();
      let firstIndex = null as number | null;
      steps.forEach((step, index) => {
        const number = step.step_number;
        if (Number.isSafeInteger(number)) {
          if (numbers.has(number)) add(path(index, 'step_number'), STEP_NUMBER_REPEATED);
          else numbers.set(number, index);
        }
        if (step.first === true) {
          if (firstIndex === null) firstIndex = index;
          else add(path(index, 'first'), FIRST_REPEATED);
        }
        const phase = key(step.workflow_phase_type_name);
        if (phase !== null && !phaseNames.has(phase)) add(path(index, 'workflow_phase_type_name'), PHASE_UNKNOWN);
        list(step.task_types).forEach((task, taskIndex) => {
          if (typeof task.action === 'string' && !actions.has(task.action)) add(path(index, `task_types.${taskIndex}.action`), ACTION_UNKNOWN);
        });
      });
      if (steps.length > 0 && firstIndex === null) add('step_types', FIRST_MISSING);

      const next = new Map<number, number[]>();
      let linksSound = true;
      steps.forEach((step, index) => {
        const seen = new Set<number>();
        const targets: number[] = [];
        list(step.next_steps).forEach((link, linkIndex) => {
          const target = link.step_number;
          if (!Number.isSafeInteger(target)) return;
          const at = path(index, `next_steps.${linkIndex}.step_number`);
          if (target === step.step_number) { add(at, NEXT_ITSELF); linksSound = false; }
          else if (!numbers.has(target)) { add(at, NEXT_UNKNOWN); linksSound = false; }
          else if (seen.has(target)) add(at, NEXT_REPEATED);
          else targets.push(numbers.get(target)!);
          seen.add(target);
        });
        next.set(index, targets);
      });

      // Reachability is judged only on a sound graph: one first step and links to steps of the type.
      if (firstIndex !== null && linksSound && Object.keys(errors).length === 0) {
        const reached = new Set<number>([firstIndex]);
        const queue = [firstIndex];
        while (queue.length) for (const target of next.get(queue.shift()!) ?? []) if (!reached.has(target)) { reached.add(target); queue.push(target); }
        steps.forEach((_step, index) => { if (!reached.has(index)) add(path(index, 'step_number'), UNREACHABLE); });
      }
      if (Object.keys(errors).length) throw invalid(errors);
    },
  };
}
