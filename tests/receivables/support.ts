/**
 * What the receivables tables share: a real council calendar with the national holidays the examples
 * meet, and the settings of docs/RECEIVABLES.md's examples (2 places, half up unless said).
 */
import { Calendar, type CalendarHoliday } from '../../src/server/services/holidays/calendar.js';
import type { ForfeitConfig, InterestConfig, RoundingConfig, ValueUpdateConfig } from '../../src/shared/finance/settings.js';
import type { Setting } from '../../src/server/features/receivables/settings.js';

const national = (date: string, every_year = true): CalendarHoliday => ({ date, type: 1, every_year, uf_id: null, city_id: null });

/** Confraternização, Tiradentes, Dia do Trabalho, Natal every year; Sexta-feira Santa of 2026. */
export const calendar = new Calendar([national('2026-01-01'), national('2026-04-21'), national('2026-05-01'), national('2026-12-25'), national('2026-04-03', false)]);

export const SINCE = '2000-01-01';

export const interest = (percentage_rate: string, capitalization_period: 1 | 2, ...later: InterestConfig[]): Setting<InterestConfig> => ({
  denomination: 'Juros de mora',
  configs: [{ since: SINCE, percentage_rate, capitalization_period }, ...later],
});

export const singleForfeit = (rate: string): ForfeitConfig => ({ since: SINCE, variable_percentage_rate: false, single_percentage_rate: rate });
export const forfeit = (...configs: ForfeitConfig[]): Setting<ForfeitConfig> => ({ denomination: 'Multa de mora', configs });

export const ipca = (...history: [string, string][]): Setting<ValueUpdateConfig> => ({
  denomination: 'IPCA',
  configs: [{ since: SINCE, series: 'IPCA', history: history.map(([date, index_number]) => ({ date, index_number })) }],
});

export const rounding = (rounding_method: 1 | 2 | 3, decimal_places_number = 2, ...later: RoundingConfig[]): Setting<RoundingConfig> => ({
  denomination: 'Arredondamento',
  configs: [{ since: SINCE, decimal_places_number, rounding_method }, ...later],
});

/** §2: 10 % until 31/01/2026 (a Saturday), 5 % until 28/02/2026 (a Saturday). */
export const DISCOUNTS_2026 = [{ date: '2026-01-31', percentage: '10' }, { date: '2026-02-28', percentage: '5' }];

/** What `run` throws (the test fails when it throws nothing). */
export function thrown(run: () => unknown): Error & { field?: string; part?: string } {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('nothing was thrown');
}
