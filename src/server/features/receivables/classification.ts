import { Exact } from '../../../shared/finance/exact.js';
import type { RoundingConfig } from '../../../shared/finance/settings.js';
import { proportion, type ProportionRules } from './proportion.js';
import type { Setting } from './settings.js';

/**
 * How the annual generation sees one registration (docs/RECEIVABLES.md §4): the first line of §4's
 * table that matches wins. Pure: the registration as read on the run's day, the year's values and
 * the debt type's proportion rules in; the class, the reason and, when billed, the amount out.
 */

export type GenerationClass = 'not_charged' | 'already_billed' | 'exempt' | 'blocked' | 'proportional' | 'billed';

export const CLASS_LABELS: Record<GenerationClass, string> = {
  not_charged: 'Não cobradas',
  already_billed: 'Já lançadas',
  exempt: 'Isentas',
  blocked: 'Bloqueadas',
  proportional: 'Proporcionais',
  billed: 'Lançadas',
};

export const REASONS = {
  cancelled: 'Inscrição cancelada',
  concluded: 'Inscrição concluída',
  interrupts: 'Situação interrompe cobranças',
  notInitiating: 'Situação não inicia cobranças',
  startsAfter: 'Cobrança inicia após o exercício',
  alreadyBilled: 'Já lançada',
  exempt: 'Faixa isenta',
  noValue: 'Sem valor para a faixa',
  firstYearFree: 'Faixa cancela o proporcional ao iniciar cobranças',
  nothingDue: (fraction: string) => `Proporcional ${fraction}: nada a cobrar`,
  proportional: (fraction: string) => `Proporcional ${fraction}`,
  full: 'Valor integral',
} as const;

/** A registration as the generation reads it. */
export interface RegistrationToClassify {
  id: number;
  party_id: number;
  /** 1 Ativo, 2 Cancelado, 3 Pausado, 4 Concluído. */
  status: number | null;
  category_id: number | null;
  category: string;
  contribution_range_id: number | null;
  range: string;
  situation: string;
  initiates: boolean;
  interrupts: boolean;
  /** The situation's 'Cobrança proporcional'. */
  proportional_charge: boolean;
  /** The range's 'Isenta' and 'Cancelar proporcional ao iniciar cobranças'. */
  exempt: boolean;
  cancel_prop_when_charges_start: boolean;
  /** The day the current run of situations initiating charges began (§4). */
  charges_start: string | null;
  /** A live annuity of this registration, debt type and year exists. */
  billed: boolean;
}

/** A year's value of the contribution for a range and category (§2). */
export interface YearValue {
  amount: string;
  due_date: string;
}

/** What the generation of one year knows beside the registration. */
export interface GenerationRules {
  year: number;
  /** The values of the year by `range:category` (category '' for the row of every category). */
  values: ReadonlyMap<string, YearValue>;
  proportion: ProportionRules;
  rounding?: Setting<RoundingConfig>;
  /** The posting date: the rounding in force on it rounds a proportional amount. */
  posting_date: string;
}

export interface Classified {
  class: GenerationClass;
  reason: string;
  /** What is billed (billed and proportional only). */
  amount?: string;
  due_date?: string;
  /** '8/12', or '1/1' for the whole value. */
  fraction?: string;
}

export const valueKey = (rangeId: number, categoryId: number | null) => `${rangeId}:${categoryId ?? ''}`;

/** The value of a registration: the row of its category, else the row without category (§2). */
export function valueOf(values: ReadonlyMap<string, YearValue>, rangeId: number | null, categoryId: number | null): YearValue | undefined {
  if (rangeId == null) return undefined;
  return values.get(valueKey(rangeId, categoryId)) ?? values.get(valueKey(rangeId, null));
}

/**
 * The class of a registration in year `rules.year`.
 * @example classify({ ...registration, charges_start: '2027-05-10' }, rules) // { class: 'proportional', reason: 'Proporcional 8/12', amount: '453.33', … }
 */
export function classify(registration: RegistrationToClassify, rules: GenerationRules): Classified {
  const { year } = rules;
  if (registration.status === 2) return { class: 'not_charged', reason: REASONS.cancelled };
  if (registration.status === 4) return { class: 'not_charged', reason: REASONS.concluded };
  if (registration.interrupts) return { class: 'not_charged', reason: REASONS.interrupts };
  if (!registration.initiates) return { class: 'not_charged', reason: REASONS.notInitiating };
  if (registration.charges_start != null && registration.charges_start > `${year}-12-31`) return { class: 'not_charged', reason: REASONS.startsAfter };
  if (registration.billed) return { class: 'already_billed', reason: REASONS.alreadyBilled };
  if (registration.exempt) return { class: 'exempt', reason: REASONS.exempt };
  const value = valueOf(rules.values, registration.contribution_range_id, registration.category_id);
  if (!value) return { class: 'blocked', reason: REASONS.noValue };
  const start = registration.charges_start;
  if (start != null && start > `${year}-01-01` && start <= `${year}-12-31`) return proportional(registration, value, start, rules);
  return { class: 'billed', reason: REASONS.full, amount: new Exact(value.amount).toFixed(2), due_date: value.due_date, fraction: '1/1' };
}

/**
 * Charges that began during the year (§5 'Entering charges'): the proportion when the debt type is
 * proportional and the situation charges proportionally, else the whole value; a range that cancels
 * the proportional on entering bills nothing for the year.
 */
function proportional(registration: RegistrationToClassify, value: YearValue, start: string, rules: GenerationRules): Classified {
  const applies = rules.proportion.proportionality_percent && registration.proportional_charge;
  if (!applies) return { class: 'billed', reason: REASONS.full, amount: new Exact(value.amount).toFixed(2), due_date: value.due_date, fraction: '1/1' };
  if (registration.cancel_prop_when_charges_start) return { class: 'not_charged', reason: REASONS.firstYearFree };
  const part = proportion({ value: value.amount, year: rules.year, event: 'entry', date: start, rules: rules.proportion, posting_date: rules.posting_date, rounding: rules.rounding });
  const fraction = `${part.numerator}/${part.denominator}`;
  if (!new Exact(part.amount).greaterThan(0)) return { class: 'not_charged', reason: REASONS.nothingDue(fraction) };
  return { class: 'proportional', reason: REASONS.proportional(fraction), amount: part.amount, due_date: value.due_date, fraction };
}

/** One line of a run's totals: a class and reason, in a category and range. */
export interface TotalsLine {
  class: GenerationClass;
  reason: string;
  category: string;
  range: string;
  count: number;
  total: string;
}

export interface Totals {
  registrations: number;
  lines: TotalsLine[];
}

export const emptyTotals = (): Totals => ({ registrations: 0, lines: [] });

const CLASS_ORDER: GenerationClass[] = ['billed', 'proportional', 'already_billed', 'exempt', 'blocked', 'not_charged'];

/** `totals` with the classified registrations added, lines in class, reason, category and range order. */
export function addToTotals(totals: Totals, classified: readonly { registration: RegistrationToClassify; result: Classified }[]): Totals {
  const lines = new Map(totals.lines.map((line) => [lineKey(line), { ...line }]));
  for (const { registration, result } of classified) {
    const key = lineKey({ class: result.class, reason: result.reason, category: registration.category, range: registration.range });
    const line = lines.get(key) ?? { class: result.class, reason: result.reason, category: registration.category, range: registration.range, count: 0, total: '0.00' };
    line.count += 1;
    if (result.amount) line.total = new Exact(line.total).plus(result.amount).toFixed(2);
    lines.set(key, line);
  }
  const sorted = [...lines.values()].sort((a, b) =>
    CLASS_ORDER.indexOf(a.class) - CLASS_ORDER.indexOf(b.class) || a.reason.localeCompare(b.reason, 'pt-BR') || a.category.localeCompare(b.category, 'pt-BR') || a.range.localeCompare(b.range, 'pt-BR'));
  return { registrations: totals.registrations + classified.length, lines: sorted };
}

const lineKey = (line: Pick<TotalsLine, 'class' | 'reason' | 'category' | 'range'>) => JSON.stringify([line.class, line.reason, line.category, line.range]);
