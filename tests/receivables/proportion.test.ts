/**
 * The proportion of an annuity (docs/RECEIVABLES.md §5, 'The proportion'): a fixed percentage of the
 * entries or leaves first, else the counting way's fraction of the year, kept a rational; the value
 * times it rounded once by the rounding in force on the posting date. §5's table in its three
 * roundings, then leap years, weekdays, months without the day and refusals.
 */
import { describe, expect, it } from 'vitest';
import { InvalidInput } from '../../src/server/features/receivables/input.js';
import { proportion, type CountingWay, type ProportionInput, type ProportionRules } from '../../src/server/features/receivables/proportion.js';
import { rounding, thrown } from './support.js';

const way = (counting_way: CountingWay, counting_way_value: number, more: Partial<ProportionRules> = {}): ProportionRules => ({ proportionality_percent: true, counting_way, counting_way_value, ...more });
const run = (rules: ProportionRules, event: 'entry' | 'exit', date: string, more: Partial<ProportionInput> = {}) =>
  proportion({ value: '650.00', year: Number(date.slice(0, 4)), event, date, rules, posting_date: date, ...more });

describe('§5: value 650,00', () => {
  it.each<[string, ProportionRules, 'entry' | 'exit', string, string, string, string, string]>([
    // case, rules, event, date, fraction, half up, always up, always down
    ['M, d = 15, entry 10/05/2026 (May counts)', way('M', 15), 'entry', '2026-05-10', '8/12', '433.33', '433.34', '433.33'],
    ['M, d = 15, entry 20/05/2026 (from June)', way('M', 15), 'entry', '2026-05-20', '7/12', '379.17', '379.17', '379.16'],
    ['D, n = 365, entry 10/05/2026 (236 days)', way('D', 365), 'entry', '2026-05-10', '236/365', '420.27', '420.28', '420.27'],
    ['A, m = 6, entry 20/05/2026', way('A', 6), 'entry', '2026-05-20', '1/1', '650.00', '650.00', '650.00'],
    ['A, m = 6, entry 15/07/2026: nothing', way('A', 6), 'entry', '2026-07-15', '0/1', '0.00', '0.00', '0.00'],
    ['M, d = 15, exit 10/09/2026 (Jan–Aug)', way('M', 15), 'exit', '2026-09-10', '8/12', '433.33', '433.34', '433.33'],
    ['entry 10/08/2026 with an entries row 01/07/2026 50 %', way('M', 15, { proportionality_entries: [{ date: '2026-07-01', percentage: '50' }] }), 'entry', '2026-08-10', '50/100', '325.00', '325.00', '325.00'],
  ])('%s: %s', (_case, rules, event, date, fraction, halfUp, alwaysUp, alwaysDown) => {
    const amounts = ([1, 2, 3] as const).map((method) => run(rules, event, date, { rounding: rounding(method) }));
    expect(amounts.map(({ numerator, denominator }) => `${numerator}/${denominator}`)).toEqual([fraction, fraction, fraction]);
    expect(amounts.map((found) => found.amount)).toEqual([halfUp, alwaysUp, alwaysDown]);
  });
});

describe('the proportion at its edges', () => {
  const rows = { proportionality_entries: [{ date: '2026-03-01', percentage: '80' }, { date: '2026-07-01', percentage: '50' }, { date: '2025-12-01', percentage: '10' }] };
  it.each<[string, ProportionRules, 'entry' | 'exit', string, string, string, string?]>([
    // case, rules, event, date, fraction, amount (half up), what gave it
    ['D in a leap year: 366 days registered, at most the whole', way('D', 365), 'entry', '2028-01-01', '365/365', '650.00'],
    ['D, entry 28/02/2028 counts 29/02', way('D', 365), 'entry', '2028-02-28', '308/365', '548.49'],
    ['D, entry 28/02/2027', way('D', 365), 'entry', '2027-02-28', '307/365', '546.71'],
    ['D, exit 01/03/2028: 01/01 to 29/02', way('D', 365), 'exit', '2028-03-01', '60/365', '106.85'],
    ['D, n = 360', way('D', 360), 'entry', '2026-05-10', '236/360', '426.11'],
    ['D, exit on 01/01: nothing registered', way('D', 365), 'exit', '2026-01-01', '0/365', '0.00'],
    ['M, d = 31 holds on February\'s last day', way('M', 31), 'entry', '2026-02-15', '11/12', '595.83'],
    ['M, d = 31, entry 29/02/2028 (leap): February counts', way('M', 31), 'entry', '2028-02-29', '11/12', '595.83'],
    ['M, d = 15, entry on the 15th: that month counts', way('M', 15), 'entry', '2026-05-15', '8/12', '433.33'],
    ['M, d = 15, exit on the 15th: that month does not', way('M', 15), 'exit', '2026-09-15', '8/12', '433.33'],
    ['M, d = 15, exit 16/09: September counts', way('M', 15), 'exit', '2026-09-16', '9/12', '487.50'],
    ['S, Mondays from Sunday 10/05/2026: 34 of 52', way('S', 1), 'entry', '2026-05-10', '34/52', '425.00'],
    ['S, Thursdays of 2026: 53 in the year', way('S', 4), 'entry', '2026-01-01', '53/53', '650.00'],
    ['S, Sundays up to the day before a Monday exit', way('S', 7), 'exit', '2026-01-05', '1/52', '12.50'],
    ['A, m = 6, exit 15/07/2026: whole', way('A', 6), 'exit', '2026-07-15', '1/1', '650.00'],
    ['A, m = 6, exit 10/06/2026: nothing', way('A', 6), 'exit', '2026-06-10', '0/1', '0.00'],
    ['the latest entries row of the year up to the date', way('M', 15, rows), 'entry', '2026-08-10', '50/100', '325.00', 'percentage'],
    ['an earlier row', way('M', 15, rows), 'entry', '2026-05-10', '80/100', '520.00', 'percentage'],
    ['no row of the year yet: the counting way', way('M', 15, rows), 'entry', '2026-02-10', '11/12', '595.83', 'counting_way'],
    ['entries rows do not apply on exit', way('M', 15, rows), 'exit', '2026-09-10', '8/12', '433.33', 'counting_way'],
    ['a leaves row on exit, with places', way('M', 15, { proportionality_leaves: [{ date: '2026-09-01', percentage: '12.5' }] }), 'exit', '2026-09-10', '125/1000', '81.25', 'percentage'],
    ['not proportional: the whole value', { ...way('M', 15), proportionality_percent: false }, 'entry', '2026-05-10', '1/1', '650.00', 'whole'],
  ])('%s: %s', (_case, rules, event, date, fraction, amount, by) => {
    const found = run(rules, event, date);
    expect(`${found.numerator}/${found.denominator}`).toBe(fraction);
    expect(found.amount).toBe(amount);
    if (by) expect(found.by).toBe(by);
  });

  it('rounds by the configuration in force on the posting date', () => {
    const setting = rounding(1, 2, { since: '2026-06-01', decimal_places_number: 0, rounding_method: 3 });
    expect(run(way('M', 15), 'entry', '2026-05-10', { rounding: setting, posting_date: '2026-05-31' }).amount).toBe('433.33');
    expect(run(way('M', 15), 'entry', '2026-05-10', { rounding: setting, posting_date: '2026-06-01' }).amount).toBe('433');
  });

  it.each<[string, Partial<ProportionInput>, string, string]>([
    ['a negative value', { value: '-650.00' }, 'value', 'O campo Valor deve ser no mínimo 0.'],
    ['a value that is no number', { value: 'R$ 650' }, 'value', 'O campo Valor deve ser um número.'],
    ['a date outside the year', { year: 2027 }, 'date', 'O campo Data deve ser uma data do exercício 2027.'],
    ['a date that does not exist', { date: '2026-02-29', year: 2026 }, 'date', 'O campo Data deve ser uma data válida.'],
    ['a month 13 for the yearly way', { rules: way('A', 13) }, 'counting_way_value', 'O campo Valor da contagem é inválido.'],
    ['no days for the daily way', { rules: way('D', 0) }, 'counting_way_value', 'O campo Valor da contagem é inválido.'],
  ])('refuses %s', (_case, given, field, message) => {
    const error = thrown(() => run(way('M', 15), 'entry', '2026-05-10', given));
    expect(error).toBeInstanceOf(InvalidInput);
    expect({ field: error.field, message: error.message }).toEqual({ field, message });
  });
});
