import type { TaxIdLookupProvider } from '@kit/taxIdLookup';
import type { HttpClient } from '../http/client';

/** `GET /api/{module}/{by}/{number}` for the kit's look-up inputs (`x-lookup`); a 404 or 422 rejects with its status (HttpError). */
export function taxIdLookup(http: HttpClient): TaxIdLookupProvider {
  return {
    async lookUpTaxId(module, by, number) {
      const { json } = await http<{ data: Record<string, unknown> }>({ path: `/api/${module}/${by}/${encodeURIComponent(number)}` });
      return json.data;
    },
  };
}
