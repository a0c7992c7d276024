import type { SpaceDatabase } from '../../../../generated/database.js';
import { invalid } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';

export const CITY_OUTSIDE_UF = 'O município escolhido não pertence à UF informada.';

/** feriados: a municipal holiday's municipality lies in its UF (an edit may leave either out: the stored one counts). */
export const holidayPlace: ModuleHooks<SpaceDatabase> = {
  async beforeWrite(trx, { body, previous }) {
    const value = (field: string) => (field in body ? body[field] : previous?.[field]);
    const cityId = value('city_id');
    const ufId = value('uf_id');
    if (Number(value('type')) !== 3 || cityId == null || ufId == null) return;
    const city = await trx.selectFrom('cities').select('uf_id').where('id', '=', Number(cityId)).executeTakeFirst();
    if (city && Number(city.uf_id) !== Number(ufId)) throw invalid({ city_id: [CITY_OUTSIDE_UF] });
  },
};
