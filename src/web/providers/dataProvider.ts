import { HttpError, type DataProvider, type fetchUtils, type GetListParams, type Identifier } from 'ra-core';
import { loadChunk } from '../chunks';
import { firstMessages, type HttpClient, type HttpRequest } from '../http/client';
import { preloadedCombo } from './preloadedCombos';
import { systemAction } from './systemAction';
import { keepAnswer } from './saveAnswers';

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

/** Where the server speaks react-admin's simple-rest dialect over the same operations (`/api/rest/{module}`). */
export const REST_BASE = '/api/rest';

let stockCode: Promise<typeof import('ra-data-simple-rest')> | undefined;

/**
 * The stock provider's code: no part of the login, the shell or the lists (they use the contract's
 * methods), it loads with the first record screen (`lazyScreens` asks for it beside the screen).
 */
export function loadStockProvider(): Promise<typeof import('ra-data-simple-rest')> {
  return (stockCode ??= loadChunk(() => import('ra-data-simple-rest')).catch((error: unknown) => {
    stockCode = undefined;
    throw error;
  }));
}

/**
 * react-admin's `fetchJson`, as the stock simple-rest provider calls it, over the client's one HTTP
 * client: the same headers (token, `Tenant`, `Accept-Language`), connection state, 401/403 handling
 * and pt-BR errors as every other request.
 */
export function restFetch(http: HttpClient) {
  return async (url: string, options: fetchUtils.Options = {}) => {
    const { status, headers, body, json } = await http({
      method: (options.method ?? 'GET') as HttpRequest['method'],
      path: url,
      body: typeof options.body === 'string' ? JSON.parse(options.body) : undefined,
    });
    return { status, headers, body, json };
  };
}

/**
 * The react-admin data provider: react-admin's stock simple-rest provider (`ra-data-simple-rest`) on
 * the server's `/api/rest` dialect, through the client's HTTP client (`restFetch`), for one record
 * (read, insert, save, delete) and many by id. Three methods stay on the API contract
 * (shared/contract/API.md), because the dialect cannot carry what they need:
 * - lists (`getList`, `getManyReference`): `GET /api/{module}?page&per_page&sort&order&q&filter` →
 *   `{data, meta}`, whose `meta.estimated` says the total is an estimate ('cerca de …') and whose
 *   `meta.next_cursor` says whether a next page exists; simple-rest's `Content-Range` holds a total only;
 * - select options (`meta.combos` on `getList`/`getMany`): `/api/{module}/combos` (`{id, name}`), a route of
 *   the contract alone; the filter's `combo` and `limit` go as they are (`getMany` asks the named combo
 *   of `meta.combo`, so a chosen record is labelled as its options are), and the answer's `more` is
 *   `pageInfo.hasNextPage` (more options match than came); an external field's options (`meta.options`):
 *   the route it names, same shape;
 * - `deleteMany`: `DELETE /api/{module}/multiple_delete/{ids}` deletes a selection in one request and one
 *   transaction (all or none), where the stock provider sends one DELETE per record.
 * A save carries the version the form loaded (`withVersion`), so the server answers 409 to a save
 * made over someone else's change, on either dialect.
 */
export function createDataProvider(http: HttpClient, labelOf: (resource: string) => string = (resource) => resource): DataProvider {
  let stock: Promise<DataProvider> | undefined;
  const rest = () =>
    (stock ??= loadStockProvider().then(
      ({ default: simpleRestProvider }) => simpleRestProvider(REST_BASE, restFetch(http)),
      (error: unknown) => {
        stock = undefined;
        throw error;
      },
    ));
  const base = (resource: string) => `/api/${resource}`;

  const list = async (resource: string, params: Partial<GetListParams>) => {
    if (params.meta?.combos) return combos(resource, params.filter ?? {});
    if (typeof params.meta?.options === 'string') return options(resource, params.meta.options, params.filter?.q);
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

  /** An external field's options (`meta.options`: its route), narrowed here by the text typed. */
  const options = async (resource: string, path: string, text?: unknown) => {
    const { json } = await http<{ data: { id: number; name: string }[] }>({ path }).catch((error: unknown) => comboFailed(resource, labelOf, error));
    const typed = typeof text === 'string' ? text.trim().toLocaleLowerCase('pt-BR') : '';
    const data = typed ? json.data.filter((option) => option.name.toLocaleLowerCase('pt-BR').includes(typed)) : json.data;
    return { data, total: data.length };
  };

  const combos = async (resource: string, filter: Record<string, unknown>) => {
    const ready = preloadedCombo(resource, filter);
    if (ready) return { data: ready, total: ready.length, pageInfo: { hasNextPage: false, hasPreviousPage: false } };
    const { q, ...params } = filter;
    const { json } = await http<{ data: any[]; more?: boolean } | any[]>({
      path: `${base(resource)}/combos`,
      query: { ...stringValues(params), filter: typeof q === 'string' ? q : undefined },
    }).catch((error: unknown) => comboFailed(resource, labelOf, error));
    const data = Array.isArray(json) ? json : json.data;
    // `more`: the server returned only the first options of more that match; the input asks to type on.
    const more = !Array.isArray(json) && json.more === true;
    return { data, total: data.length, pageInfo: { hasNextPage: more, hasPreviousPage: false } };
  };

  /**
   * A document written attached to a record (`x-documents`): the record's store route takes it as a
   * batch of one; a refused row answers like a refused insert (422 with its field errors).
   */
  const attach = async (to: { module: string; id: number }, data: Record<string, unknown>) => {
    const { json } = await http<{ data: { success: boolean; data?: any; message?: string; errors?: Record<string, string[]> }[] }>({
      method: 'POST',
      path: `${base(to.module)}/${encodeURIComponent(String(to.id))}/documents/store`,
      body: { documents: [data] },
    });
    const [row] = json.data;
    if (!row?.success) throw new HttpError(row?.message ?? 'Os dados informados são inválidos.', 422, { message: row?.message, errors: firstMessages(row?.errors) });
    return { data: row.data };
  };

  return {
    getList: (resource, params) => list(resource, params),

    getManyReference: (resource, params) =>
      list(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),

    getOne: async (resource, params) => (await rest()).getOne(resource, params),

    getMany: async (resource, params) => {
      if (params.ids.length === 0) return { data: [] };
      if (typeof params.meta?.options === 'string') {
        const { data } = await options(resource, params.meta.options);
        return { data: data.filter((option) => params.ids.some((id) => String(id) === String(option.id))) };
      }
      if (!params.meta?.combos) return (await rest()).getMany(resource, params);
      // One call per id: combos fetch one option by `id`; react-admin already batches and de-duplicates.
      const found = await Promise.all(
        params.ids.map((id) =>
          http<{ data: any[] } | any[]>({ path: `${base(resource)}/combos`, query: { id: String(id), ...(params.meta.combo ? { combo: String(params.meta.combo) } : {}) } }).then(
            ({ json }) => (Array.isArray(json) ? json : json.data),
            (error: unknown) => comboFailed(resource, labelOf, error),
          ),
        ),
      );
      return { data: found.flat().filter((r) => params.ids.some((id) => String(id) === String(r.id))) };
    },

    create: async (resource, params) => {
      const attachTo = params.meta?.attachTo as { module: string; id: number } | undefined;
      if (attachTo) return attach(attachTo, params.data);
      return keepAnswer(resource, await (await rest()).create(resource, { ...params, data: systemAction.body(resource, params.data) })) as any;
    },

    update: async (resource, params) => keepAnswer(resource, await (await rest()).update(resource, { ...params, data: systemAction.body(resource, withVersion(params.data, params.previousData)) })) as any,

    updateMany: async (resource, params) => (await rest()).updateMany(resource, params),

    delete: async (resource, params) => (await rest()).delete(resource, params),

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
