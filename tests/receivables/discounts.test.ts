/**
 * The discount schedule (docs/RECEIVABLES.md §2): the rows of the annuity's year up to its due date,
 * the earliest date (honoured up to a business day) on or after the payment, that percentage of
 * the open principal rounded; §2's table, then rows of our own.
 */
import { describe, expect, it } from 'vitest';
import { balanceAt } from '../../src/server/features/receivables/balance.js';
import { discountOn, type StandardDiscount } from '../../src/server/features/receivables/discounts.js';
import { InvalidInput } from '../../src/server/features/receivables/input.js';
import { calendar, DISCOUNTS_2026, rounding, thrown } from './support.js';

const annuity = { year: 2026, due_date: '2026-03-31', open_principal: '650.00', calendar };

describe('§2: Anuidade PF 2026, R$ 650,00 due 31/03/2026, 10 % until 31/01, 5 % until 28/02', () => {
  it.each([
    // paid on, row taken, honoured until, discount, to pay
    ['2026-01-15', '2026-01-31', '2026-02-02', '65.00', '585.00'],
    ['2026-02-02', '2026-01-31', '2026-02-02', '65.00', '585.00'], // 31/01 is a Saturday
    ['2026-02-20', '2026-02-28', '2026-03-02', '32.50', '617.50'],
    ['2026-03-31', null, null, '0.00', '650.00'],
  ])('paid on %s takes the row of %s (until %s): discount %s, to pay %s', (paid, row, until, discount, toPay) => {
    const found = discountOn({ ...annuity, standard_discounts: DISCOUNTS_2026, payment_date: paid });
    expect(found).toEqual({ row: row && DISCOUNTS_2026.find((r) => r.date === row), honoured_until: until, amount: discount });
    const balance = balanceAt({ open_principal: '650.00', due_date: '2026-03-31', date: paid, calendar, settings: {}, discounts: { exercise: 2026, standard_discounts: DISCOUNTS_2026 }, totalisation: 1 });
    expect(balance.total).toBe(toPay);
  });
});

describe('the schedule at its edges', () => {
  const tiradentes: StandardDiscount[] = [{ date: '2026-04-21', percentage: '10' }];
  it.each<[string, Partial<Parameters<typeof discountOn>[0]>, string | null, string | null, string]>([
    ['the day after a Saturday row is honoured, the next row', { standard_discounts: DISCOUNTS_2026, payment_date: '2026-02-03' }, '2026-02-28', '2026-03-02', '32.50'],
    ['28/02 a Saturday: honoured on Monday 02/03', { standard_discounts: DISCOUNTS_2026, payment_date: '2026-03-02' }, '2026-02-28', '2026-03-02', '32.50'],
    ['after the last honoured date, none', { standard_discounts: DISCOUNTS_2026, payment_date: '2026-03-03' }, null, null, '0.00'],
    ['a row on a holiday (Tiradentes) is honoured the next day', { standard_discounts: tiradentes, due_date: '2026-04-30', payment_date: '2026-04-22' }, '2026-04-21', '2026-04-22', '65.00'],
    ['a row after the due date is ignored', { standard_discounts: DISCOUNTS_2026, due_date: '2026-02-15', payment_date: '2026-02-10' }, null, null, '0.00'],
    ['a row of another year is ignored', { standard_discounts: [{ date: '2025-12-31', percentage: '15' }, ...DISCOUNTS_2026], payment_date: '2025-12-20' }, '2026-01-31', '2026-02-02', '65.00'],
    ['rows in any order', { standard_discounts: [...DISCOUNTS_2026].reverse(), payment_date: '2026-01-15' }, '2026-01-31', '2026-02-02', '65.00'],
    ['half up: 10 % of 333,35', { standard_discounts: DISCOUNTS_2026, open_principal: '333.35', payment_date: '2026-01-15' }, '2026-01-31', '2026-02-02', '33.34'],
    ['always down: 10 % of 333,35', { standard_discounts: DISCOUNTS_2026, open_principal: '333.35', payment_date: '2026-01-15', rounding: rounding(3) }, '2026-01-31', '2026-02-02', '33.33'],
    ['the rounding in force on the payment date', { standard_discounts: DISCOUNTS_2026, open_principal: '333.35', payment_date: '2026-01-15', rounding: rounding(1, 2, { since: '2026-01-10', decimal_places_number: 0, rounding_method: 2 }) }, '2026-01-31', '2026-02-02', '34'],
    ['no principal, no discount', { standard_discounts: DISCOUNTS_2026, open_principal: '0.00', payment_date: '2026-01-15' }, '2026-01-31', '2026-02-02', '0.00'],
    ['no rows', { standard_discounts: [], payment_date: '2026-01-15' }, null, null, '0.00'],
  ])('%s', (_case, given, row, until, amount) => {
    const found = discountOn({ ...annuity, standard_discounts: [], payment_date: '2026-01-01', ...given });
    expect(found.row?.date ?? null).toBe(row);
    expect(found.honoured_until).toBe(until);
    expect(found.amount).toBe(amount);
  });

  it.each([
    ['open_principal', { open_principal: '-650.00' }, 'O campo Valor original em aberto deve ser no mínimo 0.'],
    ['open_principal', { open_principal: '650,00' }, 'O campo Valor original em aberto deve ser um número.'],
    ['payment_date', { payment_date: '2026-02-30' }, 'O campo Pagamento deve ser uma data válida.'],
    ['due_date', { due_date: '31/03/2026' }, 'O campo Vencimento deve ser uma data válida.'],
  ])('refuses a bad %s', (field, given, message) => {
    const error = thrown(() => discountOn({ ...annuity, standard_discounts: DISCOUNTS_2026, payment_date: '2026-01-15', ...given }));
    expect(error).toBeInstanceOf(InvalidInput);
    expect({ field: error.field, message: error.message }).toEqual({ field, message });
  });
});
