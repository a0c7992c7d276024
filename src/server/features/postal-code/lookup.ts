import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { AppError, notFound } from '../../core/http/app-error.js';
import { cachedAddress, isFresh, readCached, remember, type CachedAnswer } from './cache.js';
import { formatPostalCode, postalCodeDigits, POSTAL_CODE_MESSAGES } from './code.js';
import { placeOf } from './places.js';
import type { PostalCodeProvider, ProviderAddress } from './providers.js';

/** An address in the product's fields, what `GET /api/cep/{cep}` answers. */
export interface PostalAddress {
  /** `01001-000`. */
  postal_code: string;
  /** The space's `states` row of the UF; null when it has none with those initials. */
  uf_id: number | null;
  uf: string;
  /** The space's `cities` row (by IBGE code, or by UF and name without one); null when none matches. */
  city_id: number | null;
  city: string;
  neighborhood: string | null;
  street_address: string | null;
  address_complement: string | null;
}

export interface LookupOptions {
  /** Asked in order, each until one knows the code. */
  providers: readonly PostalCodeProvider[];
  /** The time each provider has to answer. */
  timeoutMs: number;
  now?: Date;
  /** Told of each provider that could not answer (the route logs it). */
  onProviderFailure?: (provider: string, error: unknown) => void;
}

/**
 * The address of a postal code (`01001-000`, `01001000`). A fresh cached answer is given without
 * asking (an address for 30 days, an unknown code for one); otherwise the providers are asked in
 * order: the first that knows the code gives the address, which is kept. When every provider says
 * the code does not exist, that is kept and answered 404; when some say so and the others could not
 * answer, 404 without keeping it. When none could answer, the last answer kept is given however old,
 * and without one it is 503. A malformed code is 422 on `cep`.
 */
export async function lookUpPostalCode(db: Kysely<SpaceDatabase>, text: string, options: LookupOptions): Promise<PostalAddress> {
  const digits = postalCodeDigits(text);
  const now = options.now ?? new Date();
  const cached = await readCached(db, digits);
  if (cached && isFresh(cached, now)) return answerFromCache(db, digits, cached);

  let unknown = 0;
  for (const provider of options.providers) {
    try {
      const answer = await provider.lookUp(digits, AbortSignal.timeout(options.timeoutMs));
      if (answer.found) {
        await remember(db, digits, { provider: provider.name, address: answer.address }, now);
        return answerOf(db, digits, answer.address);
      }
      unknown += 1;
    } catch (error) {
      options.onProviderFailure?.(provider.name, error);
    }
  }
  if (unknown > 0 && unknown === options.providers.length) {
    await remember(db, digits, null, now);
    throw notFound(POSTAL_CODE_MESSAGES.notFound);
  }
  if (unknown > 0) throw notFound(POSTAL_CODE_MESSAGES.notFound);
  if (cached) return answerFromCache(db, digits, cached);
  throw new AppError(503, POSTAL_CODE_MESSAGES.unavailable);
}

async function answerFromCache(db: Kysely<SpaceDatabase>, digits: string, cached: CachedAnswer): Promise<PostalAddress> {
  if (!cached.found) throw notFound(POSTAL_CODE_MESSAGES.notFound);
  return answerOf(db, digits, cachedAddress(cached));
}

async function answerOf(db: Kysely<SpaceDatabase>, digits: string, address: ProviderAddress): Promise<PostalAddress> {
  const place = await placeOf(db, address);
  return {
    postal_code: formatPostalCode(digits),
    uf_id: place.ufId,
    uf: address.uf,
    city_id: place.cityId,
    city: place.city,
    neighborhood: address.neighborhood,
    street_address: address.street,
    address_complement: address.complement,
  };
}
