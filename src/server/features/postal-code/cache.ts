import type { Kysely, Selectable } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { ProviderAddress } from './providers.js';
import type { PostalCodeCacheTable } from './tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long an answer is used without asking again: an address for 30 days, an unknown code for one. */
export const KEPT_MS = { found: 30 * DAY_MS, notFound: DAY_MS } as const;

export type CachedAnswer = Selectable<PostalCodeCacheTable>;

export async function readCached(db: Kysely<SpaceDatabase>, digits: string): Promise<CachedAnswer | undefined> {
  return db.selectFrom('postal_code_cache').selectAll().where('postal_code', '=', digits).executeTakeFirst();
}

/** Whether an answer is young enough to be given without asking a provider. */
export function isFresh(cached: CachedAnswer, now: Date): boolean {
  const age = now.getTime() - new Date(cached.looked_up_at).getTime();
  return age >= 0 && age < (cached.found ? KEPT_MS.found : KEPT_MS.notFound);
}

/** The address in the cached row's words. */
export function cachedAddress(cached: CachedAnswer): ProviderAddress {
  return { uf: cached.uf ?? '', ibgeCode: cached.ibge_code, city: cached.city ?? '', neighborhood: cached.neighborhood, street: cached.street, complement: cached.complement };
}

/** Keeps a code's answer (an address, or `null` when no provider knew the code), replacing the one before. */
export async function remember(db: Kysely<SpaceDatabase>, digits: string, answer: { provider: string; address: ProviderAddress } | null, now: Date): Promise<void> {
  const address = answer?.address;
  const row = {
    found: answer !== null,
    provider: answer?.provider ?? null,
    uf: address?.uf ?? null,
    ibge_code: address?.ibgeCode ?? null,
    city: address?.city ?? null,
    neighborhood: address?.neighborhood ?? null,
    street: address?.street ?? null,
    complement: address?.complement ?? null,
    looked_up_at: now,
  };
  await db
    .insertInto('postal_code_cache')
    .values({ postal_code: digits, ...row })
    .onConflict((oc) => oc.column('postal_code').doUpdateSet(row))
    .execute();
}
