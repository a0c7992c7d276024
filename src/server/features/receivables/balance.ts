import { dayNumber } from '../../../shared/dates.js';
import { Exact } from '../../../shared/finance/exact.js';
import type { RoundingMethod } from '../../../shared/finance/rounding.js';
import { forfeitRateFor, indexRatio, interestRateDays } from '../../../shared/finance/settings.js';
import { discountOn, type StandardDiscount } from './discounts.js';
import { checkDate, checkMoney, InvalidInput, type BusinessDays } from './input.js';
import { configOn, rounderOn, type AccountSettings, type Setting } from './settings.js';

/**
 * The balance of an account at a date (docs/RECEIVABLES.md §6, 'The balance at a date'): the open
 * principal less the discount while the due date, honoured up to a business day, has not passed;
 * after it, corrected by the index, with simple interest and the forfeit, the delay counted from
 * the original due date. Each line is rounded by the rounding in force on the date and every total
 * is a sum of rounded lines; the totalisation only groups the lines.
 */

/** `configuracao_arrecadacao.balance_totalization_assembly_combination` ('Totalização do saldo'). */
export type Totalisation = 1 | 2 | 3;

export interface BalanceInput {
  open_principal: string;
  due_date: string;
  date: string;
  calendar: BusinessDays;
  settings: AccountSettings;
  /** The debt type's standard discounts and the account's exercise (§2); none: no discount. */
  discounts?: { exercise: number; standard_discounts: readonly StandardDiscount[] };
  totalisation: Totalisation;
}

/** The balance's lines, each rounded. */
export interface BalanceLines {
  principal: string;
  correction: string;
  interest_on_principal: string;
  interest_on_correction: string;
  forfeit: string;
  /** What the discount takes off, negative (zero without one). */
  discount: string;
}

export interface TotalisedLine {
  label: 'Valor atualizado' | 'Principal' | 'Correção' | 'Juros' | 'Multa' | 'Desconto';
  amount: string;
}

export interface Balance {
  /** The due date honoured: the next business day when it is none. */
  business_due_date: string;
  /** Days from the original due date, when paid after the honoured one; else 0. */
  days_late: number;
  places: number;
  rounding_method: RoundingMethod;
  lines: BalanceLines;
  discount_row: StandardDiscount | null;
  total: string;
  /** The lines as the totalisation shows them, summing to the total (§6 step 7). */
  totalised: TotalisedLine[];
}

const ZERO = new Exact(0);

/**
 * The balance of an account with open principal `open_principal` due on `due_date`, at `date`.
 * @example balanceAt({ open_principal: '650.00', due_date: '2026-03-31', date: '2026-04-30', calendar, settings: { interest: juros1AoMes }, totalisation: 2 }).total // '656.50'
 */
export function balanceAt(input: BalanceInput): Balance {
  const principal = checkMoney('open_principal', 'Valor original em aberto', input.open_principal);
  const due = checkDate('due_date', 'Vencimento', input.due_date);
  const date = checkDate('date', 'Data', input.date);
  if (![1, 2, 3].includes(input.totalisation)) throw new InvalidInput('totalisation', 'O campo Totalização do saldo é inválido.');
  const rounder = rounderOn(input.settings.rounding, date);
  const businessDue = input.calendar.nextBusinessDay(due);
  const late = dayNumber(date) > dayNumber(businessDue);

  const charges = late ? chargesOfDelay(principal, dayNumber(due), dayNumber(date), input.settings) : undefined;
  const discount = !late && input.discounts
    ? discountOn({ standard_discounts: input.discounts.standard_discounts, year: input.discounts.exercise, due_date: due, open_principal: input.open_principal, payment_date: date, calendar: input.calendar, rounding: input.settings.rounding })
    : undefined;
  const lines: BalanceLines = {
    principal: rounder.round(principal),
    correction: rounder.round(charges?.correction ?? ZERO),
    interest_on_principal: rounder.round(charges?.interestOnPrincipal ?? ZERO),
    interest_on_correction: rounder.round(charges?.interestOnCorrection ?? ZERO),
    forfeit: rounder.round(charges?.forfeit ?? ZERO),
    discount: rounder.round(new Exact(discount?.amount ?? 0).negated()),
  };
  const sum = (...amounts: string[]) => amounts.reduce((total, amount) => total.plus(amount), ZERO).toFixed(rounder.places);
  return {
    business_due_date: businessDue,
    days_late: late ? dayNumber(date) - dayNumber(due) : 0,
    places: rounder.places,
    rounding_method: rounder.method,
    lines,
    discount_row: discount?.row ?? null,
    total: sum(...Object.values(lines)),
    totalised: totalise(lines, input.totalisation, sum),
  };
}

interface Charges {
  correction: Exact;
  interestOnPrincipal: Exact;
  interestOnCorrection: Exact;
  forfeit: Exact;
}

/**
 * What the days `due + 1`..`date` add to the principal, each part one fraction divided once: the
 * correction C × (ratio − 1), interest on the principal and on the correction, and the forfeit on
 * the updated value at the rate in force on the first day of delay.
 */
function chargesOfDelay(principal: Exact, due: number, date: number, settings: AccountSettings): Charges {
  const first = due + 1;
  const { num, den } = indexRatio(configsInForceFrom('value_update', settings.value_update, first), first, date);
  const rates = interestRateDays(configsInForceFrom('interest', settings.interest, first), first, date);
  const forfeitRate = settings.forfeit ? forfeitRateFor(configOn('forfeit', settings.forfeit, first), date - due) : '0';
  const gain = num.minus(den);
  return {
    correction: principal.times(gain).div(den),
    interestOnPrincipal: principal.times(rates).div(3000),
    interestOnCorrection: principal.times(gain).times(rates).div(den.times(3000)),
    forfeit: principal.times(num).times(forfeitRate).div(den.times(100)),
  };
}

/**
 * A setting's configurations, refused when none is in force on `first`: a configuration once in
 * force stays so, so the first day of delay is the one that can lack it.
 */
function configsInForceFrom<C extends { since: string }>(part: keyof AccountSettings, setting: Setting<C> | undefined, first: number): readonly C[] {
  if (!setting) return [];
  configOn(part, setting, first);
  return setting.configs;
}

function totalise(lines: BalanceLines, totalisation: Totalisation, sum: (...amounts: string[]) => string): TotalisedLine[] {
  const interest = sum(lines.interest_on_principal, lines.interest_on_correction);
  const tail: TotalisedLine[] = [{ label: 'Multa', amount: lines.forfeit }, { label: 'Desconto', amount: lines.discount }];
  switch (totalisation) {
    case 1:
      return [{ label: 'Valor atualizado', amount: sum(lines.principal, lines.correction) }, { label: 'Juros', amount: interest }, ...tail];
    case 2:
      return [{ label: 'Principal', amount: lines.principal }, { label: 'Correção', amount: lines.correction }, { label: 'Juros', amount: interest }, ...tail];
    case 3:
      return [
        { label: 'Principal', amount: lines.principal },
        { label: 'Correção', amount: sum(lines.correction, lines.interest_on_correction) },
        { label: 'Juros', amount: lines.interest_on_principal },
        ...tail,
      ];
  }
}
