import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { ProviderAddress } from './providers.js';

export interface Place {
  ufId: number | null;
  cityId: number | null;
  /** The municipality's name as the space's `cities` has it, else as the provider gave it. */
  city: string;
}

/**
 * The space's UF (`states`, by its initials) and municipality (`cities`) of an address. With an
 * IBGE code the municipality is the one holding that code, never one found by name, so a name
 * written differently (or a city renamed) cannot pick another. A provider without the code
 * (BrasilAPI v1) is matched by UF and name, ignoring case and accents ('SAO PAULO' is São Paulo),
 * and only when one municipality of the UF has that name.
 */
export async function placeOf(db: Kysely<SpaceDatabase>, address: ProviderAddress): Promise<Place> {
  const state = await db.selectFrom('states').select('id').where('initials', '=', address.uf).executeTakeFirst();
  const ufId = state ? Number(state.id) : null;
  const cities = db.selectFrom('cities').select(['id', 'name']);
  let city: { id: number; name: string } | undefined;
  if (address.ibgeCode !== null) {
    city = await cities.where('ibge_code', '=', address.ibgeCode).executeTakeFirst();
  } else if (ufId !== null) {
    const named = await cities
      .where('uf_id', '=', ufId)
      .where(sql<string>`immutable_unaccent(lower(name))`, '=', sql<string>`immutable_unaccent(lower(${address.city}))`)
      .limit(2)
      .execute();
    if (named.length === 1) city = named[0];
  }
  return { ufId, cityId: city ? Number(city.id) : null, city: city?.name ?? address.city };
}
