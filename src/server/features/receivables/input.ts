import { isCalendarDate } from '../../../shared/dates.js';
import type { Calendar } from '../../services/holidays/calendar.js';
import { decimalMessages, isApiDecimal } from '../../../shared/decimals.js';
import { Exact } from '../../../shared/finance/exact.js';

/**
 * What the receivables engine is given, checked (docs/RECEIVABLES.md, Conventions: money is text of
 * exact decimals, dates `YYYY-MM-DD`, bad input 422 on the field in pt-BR). The routes check their
 * bodies first; the engine still refuses what would make its arithmetic lie.
 */

/** The calendar the engine asks: the council's holiday calendar (docs/DEADLINES.md). */
export type BusinessDays = Pick<Calendar, 'nextBusinessDay'>;

/** Input the engine refuses, on its field (422). */
export class InvalidInput extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** `value` as a calendar date, or refused on `field`. */
export function checkDate(field: string, label: string, value: string): string {
  if (!isCalendarDate(value)) throw new InvalidInput(field, `O campo ${label} deve ser uma data válida.`);
  return value;
}

/** `value` as money of at least zero (more than zero when `positive`), or refused on `field`. */
export function checkMoney(field: string, label: string, value: string, { positive = false } = {}): Exact {
  if (!isApiDecimal(value)) throw new InvalidInput(field, decimalMessages.notANumber(label));
  const money = new Exact(value);
  if (money.isNegative() && !money.isZero()) throw new InvalidInput(field, decimalMessages.minimum(label, '0'));
  if (positive && money.isZero()) throw new InvalidInput(field, `O campo ${label} deve ser maior que zero.`);
  return money;
}
