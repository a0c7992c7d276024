/**
 * The balance at a date (docs/RECEIVABLES.md §6): the worked examples B1–B10 line by line, B8's three
 * totalisations, then the business-day extension (a due date on a holiday), leap years, no principal,
 * a missing index, a day before a setting's first configuration and bad input.
 */
import { describe, expect, it } from 'vitest';
import { Exact } from '../../src/shared/finance/exact.js';
import { CalculationError, type ForfeitConfig } from '../../src/shared/finance/settings.js';
import { balanceAt, type BalanceInput, type BalanceLines } from '../../src/server/features/receivables/balance.js';
import { InvalidInput } from '../../src/server/features/receivables/input.js';
import type { AccountSettings } from '../../src/server/features/receivables/settings.js';
import { calendar, DISCOUNTS_2026, forfeit, interest, ipca, rounding, SINCE, singleForfeit, thrown } from './support.js';

const ANNUITY = { open_principal: '650.00', due_date: '2026-03-31', calendar, totalisation: 2 as const };
const balance = (date: string, settings: AccountSettings, more: Partial<BalanceInput> = {}) => balanceAt({ ...ANNUITY, date, settings, ...more });

const variable: ForfeitConfig = { since: SINCE, variable_percentage_rate: true, variable_percentage_rate_list: [{ from_day: 1, percentage_rate: '2' }, { from_day: 31, percentage_rate: '5' }, { from_day: 61, percentage_rate: '10' }] };
const B7: AccountSettings = { value_update: ipca(['2026-03-31', '7000.00000000'], ['2026-04-30', '7031.50000000']), interest: interest('1', 2), forfeit: forfeit(singleForfeit('2')) };

type Lines = Partial<BalanceLines>;
describe('§6 worked examples: 650,00 due Tue 31/03/2026, 2 places half up unless said', () => {
  it.each<[string, AccountSettings, string, number, Lines, string, Partial<BalanceInput>?]>([
    ['B1 interest 1 % ao mês', { interest: interest('1', 2) }, '2026-04-30', 30, { interest_on_principal: '6.50' }, '656.50'],
    ['B2 interest 0,033 % ao dia', { interest: interest('0.033', 1) }, '2026-04-30', 30, { interest_on_principal: '6.44' }, '656.44'],
    ['B2 always down', { interest: interest('0.033', 1), rounding: rounding(3) }, '2026-04-30', 30, { interest_on_principal: '6.43' }, '656.43'],
    ['B3 1 % ao mês, 0,5 % from 01/05/2026', { interest: interest('1', 2, { since: '2026-05-01', percentage_rate: '0.5', capitalization_period: 2 }) }, '2026-05-30', 60, { interest_on_principal: '9.75' }, '659.75'],
    ['B4 forfeit single 2 %', { forfeit: forfeit(singleForfeit('2')) }, '2026-04-01', 1, { forfeit: '13.00' }, '663.00'],
    ['B5 forfeit variable, day 45: 5 %', { forfeit: forfeit(variable) }, '2026-05-15', 45, { forfeit: '32.50' }, '682.50'],
    ['B6 forfeit 2 %, 10 % from 15/04: the one in force on 01/04', { forfeit: forfeit(singleForfeit('2'), { ...singleForfeit('10'), since: '2026-04-15' }) }, '2026-04-30', 30, { forfeit: '13.00' }, '663.00'],
    ['B7 IPCA, 1 % ao mês, 2 %', B7, '2026-04-30', 30, { principal: '650.00', correction: '2.93', interest_on_principal: '6.50', interest_on_correction: '0.03', forfeit: '13.06', discount: '0.00' }, '672.52'],
    ['B9 discount rows of §2', {}, '2026-02-02', 0, { principal: '650.00', discount: '-65.00' }, '585.00', { discounts: { exercise: 2026, standard_discounts: DISCOUNTS_2026 } }],
    ['B10 2025: 600,00 due 31/03/2025, series unchanged', { ...B7, value_update: ipca(['2025-01-01', '7000.00000000']) }, '2026-03-31', 365, { principal: '600.00', correction: '0.00', interest_on_principal: '73.00', interest_on_correction: '0.00', forfeit: '12.00' }, '685.00', { open_principal: '600.00', due_date: '2025-03-31' }],
  ])('%s', (_case, settings, date, daysLate, lines, total, more) => {
    const found = balance(date, settings, more);
    expect(found.days_late).toBe(daysLate);
    expect(found.lines).toMatchObject(lines);
    expect(found.total).toBe(total);
  });

  it.each([
    [1, [['Valor atualizado', '652.93'], ['Juros', '6.53'], ['Multa', '13.06'], ['Desconto', '0.00']]],
    [2, [['Principal', '650.00'], ['Correção', '2.93'], ['Juros', '6.53'], ['Multa', '13.06'], ['Desconto', '0.00']]],
    [3, [['Principal', '650.00'], ['Correção', '2.96'], ['Juros', '6.50'], ['Multa', '13.06'], ['Desconto', '0.00']]],
  ] as const)('B8 as B7, totalisation %s: the same 672,52 split differently', (totalisation, lines) => {
    const found = balance('2026-04-30', B7, { totalisation });
    expect(found.totalised.map(({ label, amount }) => [label, amount])).toEqual(lines);
    expect(found.total).toBe('672.52');
    expect(found.totalised.reduce((sum, line) => sum.plus(line.amount), new Exact(0)).toFixed(2)).toBe('672.52');
  });
});

describe('the balance at its edges', () => {
  // Tiradentes, Tue 21/04/2026, is a national holiday: honoured on Wednesday 22/04.
  const late = { interest: interest('1', 2), forfeit: forfeit(singleForfeit('2')) };
  it.each<[string, Partial<BalanceInput>, string, number, string, Lines?]>([
    ['due on a holiday, paid the next business day: no interest, no forfeit', { due_date: '2026-04-21' }, '2026-04-22', 0, '650.00'],
    ['due on a holiday, paid two days after: the delay counts from the holiday', { due_date: '2026-04-21' }, '2026-04-23', 2, '663.43', { interest_on_principal: '0.43', forfeit: '13.00' }],
    ['due on a Saturday (31/01/2026), paid on Monday', { due_date: '2026-01-31' }, '2026-02-02', 0, '650.00'],
    ['paid before the due date', {}, '2026-03-01', 0, '650.00'],
    ['paid on the due date', {}, '2026-03-31', 0, '650.00'],
    ['a year late across 29/02/2028: 366 days', { open_principal: '600.00', due_date: '2027-03-31' }, '2028-03-31', 366, '685.20', { interest_on_principal: '73.20', forfeit: '12.00' }],
    ['two days late across 29/02/2028', { due_date: '2028-02-28' }, '2028-03-01', 2, '663.43', { interest_on_principal: '0.43' }],
    ['no principal', { open_principal: '0.00' }, '2026-04-30', 30, '0.00', { principal: '0.00', interest_on_principal: '0.00', forfeit: '0.00' }],
    ['a discount is no longer taken once late', { discounts: { exercise: 2026, standard_discounts: DISCOUNTS_2026 }, due_date: '2026-02-15' }, '2026-02-20', 5, '664.08', { discount: '0.00' }],
  ])('%s', (_case, more, date, daysLate, total, lines) => {
    const found = balance(date, late, more);
    expect(found.days_late).toBe(daysLate);
    expect(found.total).toBe(total);
    if (lines) expect(found.lines).toMatchObject(lines);
  });

  it('answers the honoured due date', () => {
    expect(balance('2026-04-22', late, { due_date: '2026-04-21' }).business_due_date).toBe('2026-04-22');
  });

  it('a deflation corrects downwards, the interest on the correction with it', () => {
    const found = balance('2026-04-30', { ...B7, value_update: ipca(['2026-03-31', '7000'], ['2026-04-30', '6965']) });
    expect(found.lines).toMatchObject({ correction: '-3.25', interest_on_principal: '6.50', interest_on_correction: '-0.03', forfeit: '12.94' });
    expect(found.total).toBe('666.16');
  });

  it.each<[string, AccountSettings, string, CalculationError['part'], string]>([
    ['a missing index number', { value_update: ipca(['2026-05-01', '7000']) }, '2026-04-30', 'value_update', 'A série de indicador IPCA não tem número-índice até 31/03/2026.'],
    ['interest before its first configuration', { interest: { denomination: 'Juros de mora', configs: [{ since: '2019-04-02', percentage_rate: '1', capitalization_period: 2 }] } }, '2019-05-01', 'interest', 'A configuração de atualização de juros "Juros de mora" não tem configuração em vigor em 01/04/2019.'],
    ['a forfeit before its first configuration', { forfeit: forfeit({ ...singleForfeit('2'), since: '2019-04-15' }) }, '2019-05-01', 'forfeit', 'A configuração de atualização de multas "Multa de mora" não tem configuração em vigor em 01/04/2019.'],
    ['a value update before its first configuration', { value_update: { ...ipca(['2019-01-01', '100']), configs: [{ since: '2019-04-10', history: [] }] } }, '2019-05-01', 'value_update', 'A configuração de atualização de valor "IPCA" não tem configuração em vigor em 01/04/2019.'],
    ['rounding before its first configuration', { rounding: { denomination: 'Centavos', configs: [{ since: '2019-06-01', decimal_places_number: 2, rounding_method: 1 }] } }, '2019-05-01', 'rounding', 'A configuração de arredondamento de valor "Centavos" não tem configuração em vigor em 01/05/2019.'],
  ])('refuses %s', (_case, settings, date, part, message) => {
    // 31/03/2019 is a Sunday: honoured on Monday 01/04, the first day of delay when paid later.
    const error = thrown(() => balance(date, settings, { due_date: date.startsWith('2019') ? '2019-03-31' : '2026-03-31' }));
    expect(error).toBeInstanceOf(CalculationError);
    expect({ part: error.part, message: error.message }).toEqual({ part, message });
  });

  it('a setting not in force before the delay is not asked for', () => {
    expect(balance('2019-03-29', { interest: { denomination: 'Juros de mora', configs: [{ since: '2019-04-02', percentage_rate: '1', capitalization_period: 2 }] } }, { due_date: '2019-03-29' }).total).toBe('650.00');
  });

  it.each<[string, Partial<BalanceInput>, string, string]>([
    ['a negative principal', { open_principal: '-1.00' }, 'open_principal', 'O campo Valor original em aberto deve ser no mínimo 0.'],
    ['a principal as a JS number', { open_principal: 650 as unknown as string }, 'open_principal', 'O campo Valor original em aberto deve ser um número.'],
    ['a due date that does not exist', { due_date: '2026-02-29' }, 'due_date', 'O campo Vencimento deve ser uma data válida.'],
    ['a date that does not exist', { date: '2026-04-31' }, 'date', 'O campo Data deve ser uma data válida.'],
    ['a totalisation 4', { totalisation: 4 as 1 }, 'totalisation', 'O campo Totalização do saldo é inválido.'],
  ])('refuses %s', (_case, more, field, message) => {
    const error = thrown(() => balance('2026-04-30', late, more));
    expect(error).toBeInstanceOf(InvalidInput);
    expect({ field: error.field, message: error.message }).toEqual({ field, message });
  });
});
