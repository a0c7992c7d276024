/**
 * The annual generation's classification (docs/RECEIVABLES.md §4), pure: §4's table line by line,
 * the first matching line winning, the value of the category before the one of every category, the
 * proportion of charges begun during the year (§5), and the day charges started read from a history.
 */
import { describe, expect, it } from 'vitest';
import { addToTotals, classify, emptyTotals, valueKey, type GenerationRules, type RegistrationToClassify } from '../../src/server/features/receivables/classification.js';
import { chargesStart } from '../../src/server/features/receivables/generation-read.js';

const FULL = 1;
const REDUCED = 2;
const TECHNICIAN = 7;

const rules: GenerationRules = {
  year: 2027,
  values: new Map([[valueKey(FULL, null), { amount: '680.00', due_date: '2027-03-31' }], [valueKey(FULL, TECHNICIAN), { amount: '408.00', due_date: '2027-03-31' }]]),
  proportion: { proportionality_percent: true, counting_way: 'M', counting_way_value: 15 },
  posting_date: '2026-11-20',
};

const active: RegistrationToClassify = {
  id: 1, party_id: 1, status: 1, category_id: 3, category: 'Engenheiro civil', contribution_range_id: FULL, range: 'Integral', situation: 'Ativa',
  initiates: true, interrupts: false, proportional_charge: true, exempt: false, cancel_prop_when_charges_start: false, charges_start: '2020-01-01', billed: false,
};

describe("the generation's classification", () => {
  it.each([
    ['cancelled', { status: 2 }, 'not_charged', 'Inscrição cancelada'],
    ['concluded', { status: 4 }, 'not_charged', 'Inscrição concluída'],
    ['interrupting (even when it also initiates)', { interrupts: true }, 'not_charged', 'Situação interrompe cobranças'],
    ['not initiating', { initiates: false }, 'not_charged', 'Situação não inicia cobranças'],
    ['charged from 2028 on', { charges_start: '2028-01-01' }, 'not_charged', 'Cobrança inicia após o exercício'],
    ['billed already (before the exempt range and the missing value)', { billed: true, exempt: true, contribution_range_id: REDUCED }, 'already_billed', 'Já lançada'],
    ['in an exempt range (before the missing value)', { exempt: true, contribution_range_id: REDUCED }, 'exempt', 'Faixa isenta'],
    ['in a range without value', { contribution_range_id: REDUCED }, 'blocked', 'Sem valor para a faixa'],
    ['cancelled and without value: the first line wins', { status: 2, contribution_range_id: REDUCED }, 'not_charged', 'Inscrição cancelada'],
  ] as const)('%s', (_, change, cls, reason) => {
    expect(classify({ ...active, ...change }, rules)).toMatchObject({ class: cls, reason });
  });

  it("bills the full value, the category's own row before the row of every category", () => {
    expect(classify(active, rules)).toEqual({ class: 'billed', reason: 'Valor integral', amount: '680.00', due_date: '2027-03-31', fraction: '1/1' });
    expect(classify({ ...active, category_id: TECHNICIAN }, rules)).toMatchObject({ class: 'billed', amount: '408.00' });
    expect(classify({ ...active, charges_start: '2027-01-01' }, rules)).toMatchObject({ class: 'billed', amount: '680.00' });
  });

  it('bills the proportion of charges begun during the year, when the debt type and the situation are proportional', () => {
    expect(classify({ ...active, charges_start: '2027-05-10' }, rules)).toEqual({ class: 'proportional', reason: 'Proporcional 8/12', amount: '453.33', due_date: '2027-03-31', fraction: '8/12' });
    expect(classify({ ...active, charges_start: '2027-05-10', proportional_charge: false }, rules)).toMatchObject({ class: 'billed', amount: '680.00' });
    expect(classify({ ...active, charges_start: '2027-05-10' }, { ...rules, proportion: { ...rules.proportion, proportionality_percent: false } })).toMatchObject({ class: 'billed', amount: '680.00' });
    expect(classify({ ...active, charges_start: '2027-05-10', cancel_prop_when_charges_start: true }, rules)).toMatchObject({ class: 'not_charged', reason: 'Faixa cancela o proporcional ao iniciar cobranças' });
    expect(classify({ ...active, charges_start: '2027-12-20' }, rules)).toMatchObject({ class: 'not_charged', reason: 'Proporcional 0/12: nada a cobrar' });
  });

  it('adds up counts and totals per class, reason, category and range', () => {
    const totals = addToTotals(emptyTotals(), [active, active, { ...active, contribution_range_id: REDUCED, range: 'Reduzida' }, { ...active, charges_start: '2027-05-10' }].map((registration) => ({ registration, result: classify(registration, rules) })));
    expect(totals).toEqual({
      registrations: 4,
      lines: [
        { class: 'billed', reason: 'Valor integral', category: 'Engenheiro civil', range: 'Integral', count: 2, total: '1360.00' },
        { class: 'proportional', reason: 'Proporcional 8/12', category: 'Engenheiro civil', range: 'Integral', count: 1, total: '453.33' },
        { class: 'blocked', reason: 'Sem valor para a faixa', category: 'Engenheiro civil', range: 'Reduzida', count: 1, total: '0.00' },
      ],
    });
  });

  it('reads the day charges started as the first of the latest run of situations initiating them', () => {
    const entry = (situation_date: string, initiates: boolean) => ({ situation_date, initiates });
    expect(chargesStart([entry('2020-01-01', true), entry('2022-03-01', true), entry('2024-03-01', false), entry('2026-05-10', true), entry('2026-08-01', true)], '2026-08-01')).toBe('2026-05-10');
    expect(chargesStart([entry('2020-01-01', true), entry('2022-03-01', true)], '2022-03-01')).toBe('2020-01-01');
    expect(chargesStart([], '2019-02-03')).toBe('2019-02-03');
  });
});
