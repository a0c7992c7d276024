import { HttpError, type DataProvider, type GetListParams, type Identifier } from 'ra-core';
import type { HttpClient } from '../http/client';

/** Spec 000 §8: what a field shows when its options could not be loaded ('… de UF', '… de Sequências'). */
export const comboFailure = (label: string) => `Não foi possível carregar a lista de ${label}`;

/**
 * A combo that did not load: the status is logged (spec 000 §8), the field says which list failed
 * (react-admin's reference inputs show the error's message under the field).
 */
function comboFailed(resource: string, labelOf: (resource: string) => string, error: unknown): never {
  const status = error instanceof HttpError ? error.status : 0;
  console.warn(`combos de ${resource}: ${status || 'sem resposta'} ${(error as Error)?.message ?? ''}`.trim());
  throw new HttpError(comboFailure(labelOf(resource)), status, error instanceof HttpError ? error.body : {});
}

/**
 * The react-admin data provider over the API contract (shared/contract/API.md):
 * lists `GET /api/{module}?page&per_page&sort&order&q&filter` → `{data, meta: {total}}` (an estimated
 * total comes with `meta.estimated`, and the next page is known by `meta.next_cursor`), one record in
 * `{data}`, `DELETE /api/{module}/multiple_delete/{ids}`, and `/api/{module}/combos` when a query's
 * `meta.combos` asks for select options (`{id, name}`).
 */
export function createDataProvider(http: HttpClient, labelOf: (resource: string) => string = (resource) => resource): DataProvider {
  const base = (resource: string) => `/api/${resource}`;

  const list = async (resource: string, params: Partial<GetListParams>) => {
    if (params.meta?.combos) return combos(resource, params.filter ?? {});
    const { json } = await http<{ data: any[]; meta?: { total?: number; estimated?: boolean; next_cursor?: string } }>({
      path: base(resource),
      query: listQuery(params),
    });
    const total = json.meta?.total ?? json.data.length;
    if (!json.meta?.estimated) return { data: json.data, total };
    // An estimated total may be short of the rows there are: a full page (one with a next_cursor) has a next.
    const page = params.pagination?.page ?? 1;
    return { data: json.data, total, meta: { estimated: true }, pageInfo: { hasNextPage: json.meta.next_cursor !== undefined, hasPreviousPage: page > 1 } };
  };

  const combos = async (resource: string, filter: Record<string, unknown>) => {
    const { q, ...params } = filter;
    const { json } = await http<{ data: any[] } | any[]>({
      path: `${base(resource)}/combos`,
      query: { ...stringValues(params), filter: typeof q === 'string' ? q : undefined },
    }).catch((error: unknown) => comboFailed(resource, labelOf, error));
    const data = Array.isArray(json) ? json : json.data;
    return { data, total: data.length };
  };

  return {
    getList: (resource, params) => list(resource, params),

    getOne: async (resource, params) => {
      const { json } = await http({ path: `${base(resource)}/${encodeURIComponent(params.id)}` });
      return { data: json.data };
    },

    getMany: async (resource, params) => {
      if (params.ids.length === 0) return { data: [] };
      if (params.meta?.combos) {
        // One call per id: combos fetch one option by `id`; react-admin already batches and de-duplicates.
        const found = await Promise.all(
          params.ids.map((id) =>
            http<{ data: any[] } | any[]>({ path: `${base(resource)}/combos`, query: { id: String(id) } }).then(
              ({ json }) => (Array.isArray(json) ? json : json.data),
              (error: unknown) => comboFailed(resource, labelOf, error),
            ),
          ),
        );
        return { data: found.flat().filter((r) => params.ids.some((id) => String(id) === String(r.id))) };
      }
      const { data } = await list(resource, {
        pagination: { page: 1, perPage: Math.max(params.ids.length, 1) },
        filter: { id: params.ids },
      });
      return { data };
    },

    getManyReference: (resource, params) =>
      list(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),

    create: async (resource, params) => {
      const { json } = await http({ method: 'POST', path: base(resource), body: params.data });
      return { data: json.data };
    },

    update: async (resource, params) => {
      const body = withVersion(params.data, params.previousData);
      const { json } = await http({ method: 'PUT', path: `${base(resource)}/${encodeURIComponent(params.id)}`, body });
      return { data: json.data };
    },

    updateMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => http({ method: 'PUT', path: `${base(resource)}/${encodeURIComponent(id)}`, body: params.data })));
      return { data: params.ids };
    },

    delete: async (resource, params) => {
      await http({ method: 'DELETE', path: `${base(resource)}/${encodeURIComponent(params.id)}` });
      return { data: params.previousData ?? ({ id: params.id } as any) };
    },

    deleteMany: async (resource, params) => {
      const ids = params.ids.map((id: Identifier) => encodeURIComponent(String(id))).join(',');
      await http({ method: 'DELETE', path: `${base(resource)}/multiple_delete/${ids}` });
      return { data: params.ids };
    },
  };
}

/**
 * The body of a save with the version the form opened (`updated_at` of the record it loaded), so the
 * server refuses it (409) when someone else changed the record since. Without a loaded version the
 * body goes as it is (last write wins).
 */
export function withVersion(data: Record<string, unknown>, previous: Record<string, unknown> | undefined): Record<string, unknown> {
  const version = previous?.updated_at ?? data.updated_at;
  return version == null ? data : { ...data, updated_at: version };
}

/** react-admin's list parameters → the API's query string values. */
export function listQuery(params: Partial<GetListParams>): Record<string, string | number | undefined> {
  const { q, ...filter } = (params.filter ?? {}) as Record<string, unknown>;
  const cleaned = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '' && v !== null));
  return {
    page: params.pagination?.page ?? 1,
    per_page: params.pagination?.perPage ?? 25,
    sort: params.sort?.field || undefined,
    order: params.sort?.field ? params.sort.order.toLowerCase() : undefined,
    q: typeof q === 'string' && q.trim() !== '' ? q.trim() : undefined,
    filter: Object.keys(cleaned).length > 0 ? JSON.stringify(cleaned) : undefined,
  };
}

function stringValues(params: Record<string, unknown>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v == null || v === '' ? undefined : String(v)]));
}
