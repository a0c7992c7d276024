/** §5 'Leaving charges' points 2–5 as a table of the pure decision (docs/RECEIVABLES.md). */
import { describe, expect, it } from 'vitest';
import { leavingAction, type LeavingFlags } from '../../src/server/features/receivables/leaving-rules.js';

const all: LeavingFlags = { generateProportional: true, debtTypeProportional: true, situationProportional: true, beforeExpired: true, afterExpiration: true, rangeCancels: false, discharge: false };
const DUE = '2026-03-31';

describe('what leaving charges does to the annuity', () => {
  const cases: [string, Partial<LeavingFlags>, string, string][] = [
    ['every flag, before the due date', {}, '2026-03-31', 'reduce'],
    ['every flag, after the due date', {}, '2026-09-10', 'reduce'],
    ['before the due date without "Antes do vencimento"', { beforeExpired: false }, '2026-02-10', 'keep'],
    ['after the due date without "Proporcional após o vencimento"', { afterExpiration: false }, '2026-09-10', 'keep'],
    ['the revenue setting does not generate the proportional', { generateProportional: false }, '2026-09-10', 'keep'],
    ['the debt type is not proportional', { debtTypeProportional: false }, '2026-09-10', 'keep'],
    ['the situation is not proportional', { situationProportional: false }, '2026-09-10', 'keep'],
    ['the range cancels the proportional', { rangeCancels: true }, '2026-09-10', 'cancel'],
    ['the range cancels, but no proportional would apply', { rangeCancels: true, afterExpiration: false }, '2026-09-10', 'keep'],
    ['not proportional, the situation discharges the contribution', { situationProportional: false, discharge: true }, '2026-09-10', 'cancel'],
    ['proportional and discharging: reduced', { discharge: true }, '2026-09-10', 'reduce'],
  ];
  it.each(cases)('%s', (_, flags, exit, action) => {
    expect(leavingAction({ ...all, ...flags }, exit, DUE)).toBe(action);
  });
});
