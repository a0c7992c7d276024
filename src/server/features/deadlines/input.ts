import { invalid, type FieldErrors } from '../../core/http/app-error.js';
import { isMoment, type Moment } from './moment.js';

/** The deadline operations (spec 002 §4, §7). */
export type DeadlineOperation = 'creation' | 'simulation' | 'alteration' | 'suspension' | 'reactivation' | 'completion' | 'cancellation';

/** Spec 002 §5: simulation, alteration and cancellation need amount and base_moment; suspension, reactivation and completion base_moment only. */
const NEEDS_AMOUNT: ReadonlySet<DeadlineOperation> = new Set(['creation', 'simulation', 'alteration', 'cancellation']);
const ON_A_DEADLINE: ReadonlySet<DeadlineOperation> = new Set(['alteration', 'suspension', 'reactivation', 'completion', 'cancellation']);

export const LABELS = {
  deadline_id: 'Prazo',
  deadline_type_id: 'Tipo de prazo',
  amount: 'Quantidade',
  base_moment: 'Momento base',
  uf_id: 'UF',
  city_id: 'Município',
  notes: 'Observações',
  document_id: 'Documento',
} as const;

export const MAX_AMOUNT = 9999;
export const MAX_NOTES = 2000;
export const MOMENT_MESSAGE = 'O campo Momento base deve ser uma data e hora válida no formato AAAA-MM-DD HH:mm:ss.';

/** What an operation's body says, read and checked. */
export interface DeadlineInput {
  deadline_id?: number;
  deadline_type_id?: number;
  amount?: number;
  base_moment: Moment;
  uf_id: number | null;
  city_id: number | null;
  notes: string | null;
  document_id: number | null;
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const required = (field: keyof typeof LABELS) => `O campo ${LABELS[field]} é obrigatório.`;
const invalidField = (field: keyof typeof LABELS) => `O campo ${LABELS[field]} é inválido.`;

/** An id as JSON or text sends it (`7`, `'7'`); undefined when it is none. */
function idOf(value: unknown): number | undefined {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id >= 1 ? id : undefined;
}

/**
 * Reads an operation's body: every field's problem at once, each on its field (422), in pt-BR.
 * @example readDeadlineInput('simulation', { deadline_type_id: 1, amount: 5, base_moment: '2026-03-02 10:00:00' })
 */
export function readDeadlineInput(operation: DeadlineOperation, body: Record<string, unknown>): DeadlineInput {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => {
    (errors[field] ??= []).push(message);
  };
  const id = (field: 'deadline_id' | 'deadline_type_id' | 'uf_id' | 'city_id' | 'document_id', needed: boolean): number | undefined => {
    if (blank(body[field])) {
      if (needed) fail(field, required(field));
      return undefined;
    }
    const value = idOf(body[field]);
    if (value === undefined) fail(field, invalidField(field));
    return value;
  };
  const input: DeadlineInput = { base_moment: '', uf_id: null, city_id: null, notes: null, document_id: null };
  if (ON_A_DEADLINE.has(operation)) input.deadline_id = id('deadline_id', true);
  else {
    input.deadline_type_id = id('deadline_type_id', true);
    input.uf_id = id('uf_id', false) ?? null;
    input.city_id = id('city_id', false) ?? null;
  }
  if (NEEDS_AMOUNT.has(operation)) {
    const raw = body.amount;
    const amount = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d{1,6}\s*$/.test(raw) ? Number(raw) : NaN;
    if (blank(raw)) fail('amount', required('amount'));
    else if (!Number.isSafeInteger(amount)) fail('amount', invalidField('amount'));
    else if (amount < 1) fail('amount', `O campo ${LABELS.amount} deve ser no mínimo 1.`);
    else if (amount > MAX_AMOUNT) fail('amount', `O campo ${LABELS.amount} deve ser no máximo ${MAX_AMOUNT}.`);
    else input.amount = amount;
  }
  const moment = typeof body.base_moment === 'string' ? body.base_moment.trim() : body.base_moment;
  if (blank(moment)) fail('base_moment', required('base_moment'));
  else if (!isMoment(moment)) fail('base_moment', MOMENT_MESSAGE);
  else input.base_moment = moment;
  if (!blank(body.notes)) {
    if (typeof body.notes !== 'string') fail('notes', invalidField('notes'));
    else if (body.notes.trim().length > MAX_NOTES) fail('notes', `O campo ${LABELS.notes} não pode ter mais de ${MAX_NOTES} caracteres.`);
    else input.notes = body.notes.trim();
  }
  if (operation === 'alteration') input.document_id = id('document_id', false) ?? null;
  if (Object.keys(errors).length) throw invalid(errors);
  return input;
}
