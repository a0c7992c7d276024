/**
 * The data sets a design may name (`source.dataset`, docs/REPORTS.md 'Data sets'), each computed by
 * the feature that knows its rules.
 */
import { collectionDataset } from '../../receivables/collection-report.js';
import { openDebtsDataset } from '../../receivables/open-debts-report.js';
import type { ReportDataset } from './dataset.js';

export const REPORT_DATASETS: Readonly<Record<string, ReportDataset>> = {
  /** The accounts Aberta with their balances on a date (docs/RECEIVABLES.md §9). */
  debitos_em_aberto: openDebtsDataset,
  /** The payments received in a period (docs/RECEIVABLES.md §9). */
  arrecadacao_por_periodo: collectionDataset,
};
