import { brDate, dateOfDay, dayNumber } from '../../../shared/dates.js';
import type { Exact } from '../../../shared/finance/exact.js';
import { roundValue, type RoundingMethod } from '../../../shared/finance/rounding.js';
import {
  CalculationError, inForceOn,
  type ForfeitConfig, type InterestConfig, type RoundingConfig, type ValueUpdateConfig,
} from '../../../shared/finance/settings.js';

/**
 * An account's settings as the engine reads them (docs/RECEIVABLES.md, Conventions: 'Settings in
 * force' and 'A day with no configuration'): each a denomination and its versioned configurations.
 * A day that needs a configuration before the setting's first `since` is refused, naming the setting.
 */

export interface Setting<C extends { since: string }> {
  denomination: string;
  configs: readonly C[];
}

/** The four settings copied to an account at posting (§3); a setting left out adds nothing. */
export interface AccountSettings {
  value_update?: Setting<ValueUpdateConfig>;
  interest?: Setting<InterestConfig>;
  forfeit?: Setting<ForfeitConfig>;
  rounding?: Setting<RoundingConfig>;
}

type Part = keyof AccountSettings;

const SETTING_NAMES: Record<Part, string> = {
  value_update: 'A configuração de atualização de valor',
  interest: 'A configuração de atualização de juros',
  forfeit: 'A configuração de atualização de multas',
  rounding: 'A configuração de arredondamento de valor',
};

/**
 * The configuration of `setting` in force on `day`; none: 422 on the setting.
 * @example configOn('interest', juros, dayNumber('2019-04-01')) // throws 'A configuração de atualização de juros "Juros de mora" não tem configuração em vigor em 01/04/2019.'
 */
export function configOn<C extends { since: string }>(part: Part, setting: Setting<C>, day: number): C {
  const config = inForceOn(setting.configs, day);
  if (!config) throw new CalculationError(part, `${SETTING_NAMES[part]} "${setting.denomination}" não tem configuração em vigor em ${brDate(dateOfDay(day))}.`);
  return config;
}

/** Rounds money to the places and by the method of a rounding configuration. */
export interface Rounder {
  places: number;
  method: RoundingMethod;
  round(value: Exact): string;
}

const TWO_PLACES_HALF_UP = { decimal_places_number: 2, rounding_method: 1 };

/** The rounding in force on `date`: the setting's configuration then, or two places half up without a setting. */
export function rounderOn(setting: Setting<RoundingConfig> | undefined, date: string): Rounder {
  const config = setting ? configOn('rounding', setting, dayNumber(date)) : TWO_PLACES_HALF_UP;
  const places = config.decimal_places_number;
  const method = config.rounding_method as RoundingMethod;
  return { places, method, round: (value) => roundValue(value.toFixed(), places, method) };
}
