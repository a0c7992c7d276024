import type { PostalAddress, PostalCodeLookup } from '@kit/postalCode';
import type { HttpClient } from '../http/client';

/** `GET /api/cep/{cep}` for the kit's postal-code inputs; a 404 or 503 rejects with its status (HttpError). */
export function postalCodeLookup(http: HttpClient): PostalCodeLookup {
  return {
    async lookUpPostalCode(digits) {
      const { json } = await http<{ data: PostalAddress }>({ path: `/api/cep/${encodeURIComponent(digits)}` });
      return json.data;
    },
  };
}
