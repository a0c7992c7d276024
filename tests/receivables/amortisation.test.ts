/**
 * Payments and amortisation (docs/RECEIVABLES.md §7): §7's examples (oldest first, spread, a partial
 * payment and the balance a month later, an overpayment's credit on the next annuity), then the
 * discount only on settling, the order of the accounts, roundings that leave pennies, refusals.
 */
import { describe, expect, it } from 'vitest';
import { amortise, AMOUNT_NOT_POSITIVE, type AccountToPay, type PaymentInput } from '../../src/server/features/receivables/amortisation.js';
import { Exact } from '../../src/shared/finance/exact.js';
import { balanceAt, type BalanceInput } from '../../src/server/features/receivables/balance.js';
import { InvalidInput } from '../../src/server/features/receivables/input.js';
import { calendar, DISCOUNTS_2026, forfeit, interest, rounding, singleForfeit, thrown } from './support.js';

const SETTINGS = { interest: interest('1', 2), forfeit: forfeit(singleForfeit('2')) };
const balance = (open_principal: string, due_date: string, date: string, more: Partial<BalanceInput> = {}) =>
  balanceAt({ open_principal, due_date, date, calendar, settings: SETTINGS, totalisation: 2, ...more });
const account = (number: string, open_principal: string, due_date: string, date: string, more: Partial<BalanceInput> = {}): AccountToPay =>
  ({ number, due_date, open_principal, balance: balance(open_principal, due_date, date, more) });

const ON_31_03 = '2026-03-31';
/** B10: 2025, 600,00 due 31/03/2025, balance 685,00 on 31/03/2026. */
const A1 = account('ANU-000001/2025', '600.00', '2025-03-31', ON_31_03);
/** 2026, 650,00 due 31/03/2026, balance 650,00 (the discounts have passed). */
const A2 = account('ANU-000002/2026', '650.00', '2026-03-31', ON_31_03, { discounts: { exercise: 2026, standard_discounts: DISCOUNTS_2026 } });

/** [number, applied, principal share, open principal, settled] */
type Row = [string, string, string, string, boolean];
const rows = (input: PaymentInput) => {
  const paid = amortise(input);
  return { accounts: paid.accounts.map((a): Row => [a.number, a.applied, a.principal_share, a.open_principal, a.settled]), credit: paid.credit };
};

describe('§7 examples: A1 balance 685,00 and A2 balance 650,00 on 31/03/2026', () => {
  it('the balances the examples start from', () => {
    expect([A1.balance.total, A2.balance.total]).toEqual(['685.00', '650.00']);
  });

  it.each<[string, string, 1 | 2, AccountToPay[], Row[], string]>([
    ['700,00, oldest first', '700.00', 1, [A1, A2], [['ANU-000001/2025', '685.00', '600.00', '0.00', true], ['ANU-000002/2026', '15.00', '15.00', '635.00', false]], '0.00'],
    ['700,00, spread: A1 700 × 685/1.335', '700.00', 2, [A1, A2], [['ANU-000001/2025', '359.18', '314.61', '285.39', false], ['ANU-000002/2026', '340.82', '340.82', '309.18', false]], '0.00'],
    ['342,50 on A1 alone: half the balance', '342.50', 1, [A1], [['ANU-000001/2025', '342.50', '300.00', '300.00', false]], '0.00'],
    ['700,00 on A2 alone: the rest is credit', '700.00', 1, [A2], [['ANU-000002/2026', '650.00', '650.00', '0.00', true]], '50.00'],
  ])('%s', (_case, amount, priority, accounts, expected, credit) => {
    expect(rows({ amount, date: ON_31_03, priority, accounts })).toEqual({ accounts: expected, credit });
  });

  it('342,50 on A1 pays half of every part; on 30/04/2026 (395 days) the 300,00 left owes 345,50', () => {
    const [paid] = amortise({ amount: '342.50', date: ON_31_03, priority: 1, accounts: [A1] }).accounts;
    // principal 300,00 + juros 36,50 (half of 73,00) + multa 6,00 (half of 12,00)
    expect([A1.balance.lines.interest_on_principal, A1.balance.lines.forfeit]).toEqual(['73.00', '12.00']);
    expect(new Exact(paid!.applied).minus(paid!.principal_share).toFixed(2)).toBe(new Exact('36.50').plus('6.00').toFixed(2));
    const later = balance(paid!.open_principal, '2025-03-31', '2026-04-30');
    expect([later.days_late, later.lines.interest_on_principal, later.lines.forfeit, later.total]).toEqual([395, '39.50', '6.00', '345.50']);
  });

  it('the 50,00 credit on the 2027 annuity of 680,00 posted 15/11/2026: open principal 630,00, 567,00 with 10 % until 31/01/2027', () => {
    const discounts = { exercise: 2027, standard_discounts: [{ date: '2027-01-31', percentage: '10' }] };
    const posted = account('ANU-000003/2026', '680.00', '2027-03-31', '2026-11-15', { discounts });
    expect(posted.balance.total).toBe('612.00');
    const { accounts, credit } = amortise({ amount: '50.00', date: '2026-11-15', priority: 1, accounts: [posted] });
    expect(accounts).toEqual([{ number: 'ANU-000003/2026', applied: '50.00', principal_share: '50.00', discount: '0.00', open_principal: '630.00', settled: false }]);
    expect(credit).toBe('0.00');
    expect(balance('630.00', '2027-03-31', '2026-11-15', { discounts }).total).toBe('567.00');
  });
});

describe('amortisation at its edges', () => {
  const onTime = account('ANU-000002/2026', '650.00', '2026-03-31', '2026-01-15', { discounts: { exercise: 2026, standard_discounts: DISCOUNTS_2026 } });
  const hundred = (number: string) => account(number, '100.00', '2026-03-31', ON_31_03);
  const noBalance = account('ANU-000009/2026', '0.00', '2026-03-31', ON_31_03);

  it.each<[string, Partial<PaymentInput>, Row[], string, string?]>([
    ['the accounts in any order: oldest first by due date', { accounts: [A2, A1] }, [['ANU-000001/2025', '685.00', '600.00', '0.00', true], ['ANU-000002/2026', '15.00', '15.00', '635.00', false]], '0.00'],
    ['the same due date: by number', { amount: '150.00', accounts: [hundred('ANU-000011/2026'), hundred('ANU-000010/2026')] }, [['ANU-000010/2026', '100.00', '100.00', '0.00', true], ['ANU-000011/2026', '50.00', '50.00', '50.00', false]], '0.00'],
    ['less than the oldest: the others untouched', { amount: '100.00', accounts: [A1, A2] }, [['ANU-000001/2025', '100.00', '87.59', '512.41', false], ['ANU-000002/2026', '0.00', '0.00', '650.00', false]], '0.00'],
    ['settling on time takes the discount', { amount: '585.00', date: '2026-01-15', accounts: [onTime] }, [['ANU-000002/2026', '585.00', '650.00', '0.00', true]], '0.00', '-65.00'],
    ['more than the discounted balance: the rest is credit', { amount: '600.00', date: '2026-01-15', accounts: [onTime] }, [['ANU-000002/2026', '585.00', '650.00', '0.00', true]], '15.00', '-65.00'],
    ['a partial payment on time takes no discount', { amount: '500.00', date: '2026-01-15', accounts: [onTime] }, [['ANU-000002/2026', '500.00', '500.00', '150.00', false]], '0.00', '0.00'],
    ['spread of more than every balance: all settled, the rest credit', { amount: '1400.00', priority: 2, accounts: [A1, A2] }, [['ANU-000001/2025', '685.00', '600.00', '0.00', true], ['ANU-000002/2026', '650.00', '650.00', '0.00', true]], '65.00'],
    ['spread rounded always down: the penny the newest cannot take goes oldest first', { amount: '299.99', priority: 2, rounding: rounding(3), accounts: [hundred('A'), hundred('B'), hundred('C')] }, [['A', '100.00', '100.00', '0.00', true], ['B', '99.99', '99.99', '0.01', false], ['C', '100.00', '100.00', '0.00', true]], '0.00'],
    ['spread rounded always up: no share more than what is left', { amount: '0.01', priority: 2, rounding: rounding(2), accounts: [hundred('A'), hundred('B'), hundred('C')] }, [['A', '0.01', '0.01', '99.99', false], ['B', '0.00', '0.00', '100.00', false], ['C', '0.00', '0.00', '100.00', false]], '0.00'],
    ['an account with nothing to pay is settled with nothing', { amount: '10.00', accounts: [noBalance] }, [['ANU-000009/2026', '0.00', '0.00', '0.00', true]], '10.00'],
  ])('%s', (_case, given, expected, credit, discount) => {
    const input = { amount: '700.00', date: ON_31_03, priority: 1 as const, accounts: [], ...given };
    expect(rows(input)).toEqual({ accounts: expected, credit });
    if (discount) expect(amortise(input).accounts[0]!.discount).toBe(discount);
  });

  it.each<[string, Partial<PaymentInput>, string, string]>([
    ['no amount', { amount: '0.00' }, 'amount', AMOUNT_NOT_POSITIVE],
    ['a negative amount', { amount: '-10.00' }, 'amount', AMOUNT_NOT_POSITIVE],
    ['an amount as a JS number', { amount: 10 as unknown as string }, 'amount', AMOUNT_NOT_POSITIVE],
    ['an unknown priority', { priority: 3 as 1 }, 'priority', 'O campo Prioridade da amortização é inválido.'],
    ['a date that does not exist', { date: '2026-02-30' }, 'date', 'O campo Pagamento deve ser uma data válida.'],
    ['an account with a negative principal', { accounts: [{ ...A2, open_principal: '-1.00' }] }, 'open_principal', 'O campo Valor original em aberto deve ser no mínimo 0.'],
  ])('refuses %s', (_case, given, field, message) => {
    const error = thrown(() => amortise({ amount: '700.00', date: ON_31_03, priority: 1, accounts: [A1], ...given }));
    expect(error).toBeInstanceOf(InvalidInput);
    expect({ field: error.field, message: error.message }).toEqual({ field, message });
  });
});
