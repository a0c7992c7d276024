import { isApiDecimal } from '../../../shared/decimals.js';
import { Exact } from '../../../shared/finance/exact.js';
import type { RoundingConfig } from '../../../shared/finance/settings.js';
import type { BalanceLines } from './balance.js';
import { checkDate, checkMoney, InvalidInput } from './input.js';
import { rounderOn, type Rounder, type Setting } from './settings.js';

/**
 * A payment amortising a party's accounts (docs/RECEIVABLES.md §7, 'Payments (baixa) and
 * amortisation'). Between accounts, oldest first (each settled in turn at its balance) or spread in
 * proportion to the balances (rounded, the newest taking the remainder). Within an account the
 * amount pays the same fraction of every part: the principal's share is amount × C / balance,
 * rounded; an amount reaching the balance settles it, discount included, while a partial payment's
 * fraction is of the balance without discount. What is left over is the party's credit.
 */

/** `amortization_amount_priority` of the oldest account's amortisation setting in force on the date: 1 oldest first, 2 spread. */
export type AmortisationPriority = 1 | 2;

export interface AccountToPay {
  /** The formatted number: after the due date, it orders the accounts. */
  number: string;
  due_date: string;
  open_principal: string;
  /** Its balance on the payment date (balanceAt). */
  balance: { lines: BalanceLines; total: string };
}

export interface PaymentInput {
  amount: string;
  date: string;
  priority: AmortisationPriority;
  rounding?: Setting<RoundingConfig>;
  accounts: readonly AccountToPay[];
}

export interface AccountAmortisation {
  number: string;
  applied: string;
  principal_share: string;
  /** The discount the payment took (negative), zero when it did not settle the account. */
  discount: string;
  open_principal: string;
  settled: boolean;
}

export interface PaymentAmortisation {
  /** Oldest first: by due date, then number. */
  accounts: AccountAmortisation[];
  credit: string;
}

export const AMOUNT_NOT_POSITIVE = 'O valor do pagamento deve ser maior que zero.';

/**
 * How a payment amortises its accounts.
 * @example amortise({ amount: '700.00', date: '2026-03-31', priority: 1, accounts: [a1, a2] }) // A1 settled, A2 open principal '635.00', credit '0.00'
 */
export function amortise(input: PaymentInput): PaymentAmortisation {
  if (!isApiDecimal(input.amount) || !new Exact(input.amount).greaterThan(0)) throw new InvalidInput('amount', AMOUNT_NOT_POSITIVE);
  if (input.priority !== 1 && input.priority !== 2) throw new InvalidInput('priority', 'O campo Prioridade da amortização é inválido.');
  const amount = new Exact(input.amount);
  const rounder = rounderOn(input.rounding, checkDate('date', 'Pagamento', input.date));
  for (const account of input.accounts) {
    checkMoney('open_principal', 'Valor original em aberto', account.open_principal);
    checkDate('due_date', 'Vencimento', account.due_date);
  }
  const accounts = [...input.accounts].sort((a, b) => compare(a.due_date, b.due_date) || compare(a.number, b.number));
  const balances = accounts.map((account) => new Exact(account.balance.total));
  const shares = input.priority === 1 ? oldestFirst(amount, balances) : spread(amount, balances, rounder);
  const applied = shares.reduce((sum, share) => sum.plus(share), new Exact(0));
  return {
    accounts: accounts.map((account, i) => amortiseAccount(account, shares[i]!, rounder)),
    credit: money(amount.minus(applied), rounder),
  };
}

/** Exact money as text with at least the rounding's places: shares of an amount are never rounded again. */
const money = (value: Exact, rounder: Rounder) => value.toFixed(Math.max(rounder.places, value.decimalPlaces()));
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const min = (...values: Exact[]) => values.reduce((least, value) => (value.lessThan(least) ? value : least));

/** Each balance settled in turn while the amount lasts. */
function oldestFirst(amount: Exact, balances: readonly Exact[]): Exact[] {
  let left = amount;
  return balances.map((balance) => {
    const share = min(left, balance);
    left = left.minus(share);
    return share;
  });
}

/**
 * The amount in proportion to the balances, each share rounded and the newest taking the remainder.
 * No share passes its balance or what is left; a penny rounding leaves over goes oldest first.
 */
function spread(amount: Exact, balances: readonly Exact[], rounder: Rounder): Exact[] {
  const sum = balances.reduce((total, balance) => total.plus(balance), new Exact(0));
  if (amount.greaterThanOrEqualTo(sum)) return [...balances];
  let left = amount;
  const shares = balances.map((balance, i) => {
    const proportional = i < balances.length - 1 ? new Exact(rounder.round(amount.times(balance).div(sum))) : left;
    const share = min(proportional, balance, left);
    left = left.minus(share);
    return share;
  });
  return shares.map((share, i) => {
    const more = min(left, balances[i]!.minus(share));
    left = left.minus(more);
    return share.plus(more);
  });
}

function amortiseAccount(account: AccountToPay, share: Exact, rounder: Rounder): AccountAmortisation {
  const principal = new Exact(account.open_principal);
  const zero = money(new Exact(0), rounder);
  if (share.greaterThanOrEqualTo(account.balance.total)) {
    const { discount } = account.balance.lines;
    return { number: account.number, applied: money(share, rounder), principal_share: money(principal, rounder), discount, open_principal: zero, settled: true };
  }
  const withoutDiscount = new Exact(account.balance.total).minus(account.balance.lines.discount);
  const principalShare = min(new Exact(rounder.round(share.times(principal).div(withoutDiscount))), principal);
  return {
    number: account.number,
    applied: money(share, rounder),
    principal_share: money(principalShare, rounder),
    discount: zero,
    open_principal: money(principal.minus(principalShare), rounder),
    settled: false,
  };
}
