import type { SpaceDatabase } from '../../../../generated/database.js';
import { invalid } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';

export const SINCE_REPEATED = 'Já existe uma configuração a partir desta data.';

/**
 * A versioned setting's configurations (`configs`): one per `since` date, since the configuration in
 * force on a day is the one of the latest `since` up to it (./in-force.ts), which two rows of the
 * same date would leave undecided. The list comes whole in the body (an edit that leaves it out keeps
 * the stored one); the second row of a date answers 422 on its own `since`.
 */
export const oneConfigPerDate: ModuleHooks<SpaceDatabase> = {
  beforeWrite(_trx, { body }) {
    if (!Array.isArray(body.configs)) return;
    const seen = new Set<string>();
    const errors: Record<string, string[]> = {};
    for (const [i, config] of (body.configs as Record<string, unknown>[]).entries()) {
      const since = typeof config?.since === 'string' ? config.since : undefined;
      if (since === undefined) continue;
      if (seen.has(since)) errors[`configs.${i}.since`] = [SINCE_REPEATED];
      seen.add(since);
    }
    if (Object.keys(errors).length) throw invalid(errors);
  },
};

export const RATES_REQUIRED = 'O campo Taxas pelos dias de atraso é obrigatório.';
export const FROM_DAY_REPEATED = 'Já existe uma taxa a partir deste dia de atraso.';

/**
 * A forfeit setting's variable rates (docs/FINANCE.md 'Forfeit'): a configuration of variable rate
 * needs its list (a stored row sent without it keeps its stored one), one rate per day of delay it
 * starts on, since the rate of a delay is the one of the latest day reached.
 */
export const forfeitRates: ModuleHooks<SpaceDatabase> = {
  beforeWrite(_trx, { body }) {
    if (!Array.isArray(body.configs)) return;
    const errors: Record<string, string[]> = {};
    for (const [i, config] of (body.configs as Record<string, unknown>[]).entries()) {
      if (config?.variable_percentage_rate !== true) continue;
      const list = config.variable_percentage_rate_list;
      if (Array.isArray(list) ? list.length === 0 : config.id === undefined || config.id === null) {
        errors[`configs.${i}.variable_percentage_rate_list`] = [RATES_REQUIRED];
        continue;
      }
      const seen = new Set<number>();
      for (const [j, rate] of ((list ?? []) as Record<string, unknown>[]).entries()) {
        const day = Number(rate?.from_day);
        if (seen.has(day)) errors[`configs.${i}.variable_percentage_rate_list.${j}.from_day`] = [FROM_DAY_REPEATED];
        seen.add(day);
      }
    }
    if (Object.keys(errors).length) throw invalid(errors);
  },
};
