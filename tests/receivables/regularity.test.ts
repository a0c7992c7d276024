/**
 * Regularity (docs/RECEIVABLES.md §8) as a table of the pure function: em débito while an account is
 * Aberta and its due date, extended to the next business day of the council's calendar, is before
 * the date; the other states never count; the total and the oldest due date as the screen shows them,
 * and the certidão's wording for one debt and for several.
 */
import { describe, expect, it } from 'vitest';
import { debtsReason, regularity, type RegularityAccount } from '../../src/server/features/receivables/regularity.js';
import { calendar } from './support.js';

const open = (due_date: string, total = '650.00', status = 1): RegularityAccount => ({ status, due_date, total });

describe('regularity of a party at a date', () => {
  const cases: [string, RegularityAccount[], string, string][] = [
    ['no account', [], '2026-04-30', 'Em dia'],
    ['due today', [open('2026-03-31')], '2026-03-31', 'Em dia'],
    ['a day late', [open('2026-03-31', '650.00')], '2026-04-01', 'Em débito: R$ 650,00 desde 31/03/2026'],
    ['due on a Saturday, on the Monday after', [open('2026-01-31')], '2026-02-02', 'Em dia'],
    ['due on a Saturday, on the Tuesday after', [open('2026-01-31', '585.00')], '2026-02-03', 'Em débito: R$ 585,00 desde 31/01/2026'],
    ['due on Good Friday, on the Monday after', [open('2026-04-03')], '2026-04-06', 'Em dia'],
    ['due on Good Friday, on the Tuesday after', [open('2026-04-03', '651.30')], '2026-04-07', 'Em débito: R$ 651,30 desde 03/04/2026'],
    ['paid, cancelled, in an agreement, broken or awaiting confirmation', [2, 3, 4, 5, 6].map((status) => open('2025-03-31', '685.00', status)), '2026-04-30', 'Em dia'],
    ['two overdue and one not yet due', [open('2026-03-31', '549.56'), open('2025-03-31', '685.00'), open('2026-12-31', '100.00')], '2026-04-30', 'Em débito: R$ 1.234,56 desde 31/03/2025'],
  ];
  it.each(cases)('%s', (_, accounts, date, label) => {
    expect(regularity(accounts, date, calendar).label).toBe(label);
  });

  it('counts the debts, sums their balances and names the oldest due date', () => {
    const state = regularity([open('2026-03-31', '549.56'), open('2025-03-31', '685.00'), open('2026-12-31', '100.00')], '2026-04-30', calendar);
    expect(state).toEqual({ regular: false, debts: 2, total: '1234.56', since: '2025-03-31', label: 'Em débito: R$ 1.234,56 desde 31/03/2025' });
    expect(regularity([open('2026-12-31')], '2026-04-30', calendar)).toEqual({ regular: true, debts: 0, total: '0.00', since: null, label: 'Em dia' });
  });

  it("words the certidão's refusal for one debt and for several", () => {
    expect(debtsReason(regularity([open('2026-03-31', '549.56'), open('2025-03-31', '685.00')], '2026-04-30', calendar))).toBe('há 2 débitos vencidos, no total de R$ 1.234,56 atualizado até hoje');
    expect(debtsReason(regularity([open('2026-03-31', '656.50')], '2026-04-30', calendar))).toBe('há 1 débito vencido, de R$ 656,50 atualizado até hoje');
    expect(debtsReason(regularity([], '2026-04-30', calendar))).toBeNull();
  });
});
