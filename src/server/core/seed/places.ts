import { getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { idsBy, insertMissing } from './insert.js';

/** The 27 federative units and the IBGE municipalities, each tied to its unit. */
export async function seedPlaces(db: Kysely<SpaceDatabase>): Promise<{ states: number; cities: number }> {
  const states = await insertMissing(
    db,
    'states',
    getStates().map((state) => ({ initials: state.code, name: state.name, ibge_code: state.ibgeCode })),
  );
  const stateIds = await idsBy(db, 'states', 'initials');
  const cities = await insertMissing(
    db,
    'cities',
    getMunicipalities().map((city) => ({ name: city.name, uf_id: stateIds.get(city.stateCode), ibge_code: Number(city.code) })),
  );
  return { states, cities };
}
