import type { SpaceDatabase } from '../../../generated/database.js';
import { invalid } from '../http/app-error.js';
import type { ModuleHooks } from '../resources/hooks.js';

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
