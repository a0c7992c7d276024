import type { FinanceFigures } from '../../../shared/contracts/receivables';
import { formatCents } from '../../../shared/decimals';

export type { FinanceFigures };

export const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
export const MONTH_NAMES = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'];

/** 'R$ 1.234,56' from the API's exact text. */
export const reais = (value: string) => `R$ ${formatCents(value)}`;

/** Whoever may see control accounts sees the finance figures (the server refuses them to the others). */
export const seesFinance = (permissions: readonly string[] | undefined) =>
  (permissions ?? []).some((name) => name === 'admin' || name === 'controlAccount.index' || name === 'controlAccount.show');
