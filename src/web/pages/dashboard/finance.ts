import { formatCents } from '../../../shared/decimals';

/** `GET /api/dashboard/financeiro?ano=` (the dashboard feature's finance routes). */
export interface FinanceMonth {
  month: number;
  billed: string;
  received: string;
}

export interface FinanceFigures {
  year: number;
  date: string;
  billed: string;
  received: string;
  open: string;
  overdue: string;
  months: FinanceMonth[];
}

export const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
export const MONTH_NAMES = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'];

/** 'R$ 1.234,56' from the API's exact text. */
export const reais = (value: string) => `R$ ${formatCents(value)}`;

/** Whoever may see control accounts sees the finance figures (the server refuses them to the others). */
export const seesFinance = (permissions: readonly string[] | undefined) =>
  (permissions ?? []).some((name) => name === 'admin' || name === 'controlAccount.index' || name === 'controlAccount.show');
