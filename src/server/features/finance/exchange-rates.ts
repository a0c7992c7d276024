import Decimal from 'decimal.js';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Entity } from '../../../../language/index.js';
import { invalid } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';

export const RATE_NOT_POSITIVE = 'A cotação deve ser maior que zero: a cotação inversa é 1 dividido por ela.';

/** The rate and its inverse as the schema names them (`cotacoes_moedas`). */
const RATE = 'exchange_rate';
const INVERSE = 'exchange_rate_for_currency_one';

/** The inverse's field when the schema leaves it to the server (`readOnly`), with its places (`x-digits.fraction`). */
const inverseOf = (entity: Entity) => {
  const field = entity.fields.find((f) => f.name === INVERSE);
  return field?.kind === 'decimal' && field.readOnly ? { places: field.digits.fraction } : undefined;
};

/**
 * `1 / rate`, exact, rounded half up to `places`: decimal.js divides at a precision past every digit
 * the column keeps (a rate has at most 19 + 13 digits), so the rounding is of the true quotient.
 * @example inverseRate('5.25', 13) // '0.1904761904762'
 */
export function inverseRate(rate: string, places: number): string {
  const Exact = Decimal.clone({ precision: 100, rounding: Decimal.ROUND_HALF_UP });
  return new Exact(1).div(rate).toFixed(places, Decimal.ROUND_HALF_UP);
}

/**
 * An exchange rate's inverse (`exchange_rate_for_currency_one`, read-only on the form) is the server's:
 * `1 / exchange_rate` at the column's places, computed on every save from the rate the save leaves
 * (the body's, else the stored one). A rate of zero has no inverse: 422 on the rate.
 */
export const exchangeRateInverse: ModuleHooks<SpaceDatabase> = {
  transforms: [INVERSE],
  beforeWrite(_trx, { entity, body }) {
    const rate = body[RATE];
    if (inverseOf(entity) && typeof rate === 'string' && new Decimal(rate).lte(0)) throw invalid({ [RATE]: [RATE_NOT_POSITIVE] });
  },
  serverValues(_trx, { entity, body, previous }) {
    const inverse = inverseOf(entity);
    const rate = body[RATE] ?? previous?.[RATE];
    if (!inverse || typeof rate !== 'string' || new Decimal(rate).lte(0)) return {};
    return { [INVERSE]: inverseRate(rate, inverse.places) };
  },
};
