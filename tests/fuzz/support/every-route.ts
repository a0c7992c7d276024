/**
 * Hostile shapes sent to every route the server has (its routes as registered, not a list kept by
 * hand), each shape once per route rather than once per field:
 * - every route that reads a body gets a value nested 10,000 levels;
 * - every route that may read a list (a list field in its body rules or its OpenAPI body, or a body
 *   nothing describes) gets 100,000 ids in each of them, and every `{ids}` path segment 100,000 ids;
 * - every route whose body or query names a date gets days that do not exist ('0000-00-00',
 *   '2026-00-10', '2026-02-30') in all of them at once; a generic list, in its date filters.
 * The nested and the long bodies never reach a handler (the JSON reader refuses their shape), so they
 * are sent to routes whose handlers act too; the dates only where the route is known to read them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Entity, Model } from '../../../language/index.js';
import { ROOT } from '../../api/support/server.js';
import type { Sent } from './harness.js';

export interface RouteRequest { sent: Sent; knows: (path: string) => boolean }
type Doc = Record<string, any>;
type Props = Record<string, Doc>;

const DEPTH = 10_000;
const LIST = 100_000;
const BAD_DATES = ['0000-00-00', '2026-00-10', '2026-02-30'];
const BAD_MOMENTS = ['0000-00-00 00:00:00', '2026-00-10T10:00:00Z', '2026-02-30 12:00:00'];

const deepText = `${'['.repeat(DEPTH / 2)}${'{"a":'.repeat(DEPTH / 2)}1${'}'.repeat(DEPTH / 2)}${']'.repeat(DEPTH / 2)}`;
const listText = JSON.stringify(Array.from({ length: LIST }, (_, i) => i + 1));
const listPath = Array.from({ length: LIST }, (_, i) => i + 1).join(',');

const types = (rule: Doc): string[] => [].concat(rule?.type ?? []);
const isList = (rule: Doc) => types(rule).includes('array');
const isDate = (rule: Doc) => rule?.['x-kind'] === 'date' || rule?.format === 'date';
const isMoment = (rule: Doc) => rule?.['x-kind'] === 'datetime' || rule?.format === 'date-time';

/** The properties a route's body is known to have: the module's body rules, else its OpenAPI body; null when nothing says. */
function bodyProps(method: string, url: string, model: Model, doc: Doc): Props | null {
  const generic = /^\/api\/(?:rest\/)?(\w+)(\/:id)?$/.exec(url);
  const entity: Entity | undefined = generic ? model.byModule.get(generic[1]) : undefined;
  if (entity && method === 'POST' && !generic![2]) return entity.rules.create.properties as Props;
  if (entity && method === 'PUT' && generic![2]) return entity.rules.edit.properties as Props;
  const operation = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  if (!operation) return null;
  let schema = operation.requestBody?.content?.['application/json']?.schema;
  if (!schema) return {};
  if (schema.$ref) schema = doc.components.schemas[String(schema.$ref).split('/').pop()!];
  return (schema?.properties ?? {}) as Props;
}

/** The dated query parameters an OpenAPI GET documents. */
function dateQuery(url: string, doc: Doc): string[] {
  const operation = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.get;
  return ((operation?.parameters ?? []) as Doc[]).filter((p) => p.in === 'query' && (isDate(p.schema) || isMoment(p.schema))).map((p) => p.name);
}

const fieldsOf = (names: Iterable<string>) => {
  const known = new Set(names);
  return (path: string) => path === '_' || known.has(path.split('.')[0]);
};

/**
 * One request of each hostile shape a route can take, for every route of the server.
 * @param ids the module's records the suite made, for a route's `:id` (a route of a record that exists reads its body)
 * @param tokenFor the session each route is called with (a logout ends the one it is given)
 */
export function everyRouteRequests(routes: readonly { method: string; url: string }[], model: Model, ids: ReadonlyMap<string, number>, tokenFor: (url: string) => string): RouteRequest[] {
  const doc = JSON.parse(readFileSync(join(ROOT, 'generated/openapi.json'), 'utf8')) as Doc;
  const requests: RouteRequest[] = [];
  const seen = new Set<string>();
  for (const { method, url } of routes) {
    if (method === 'HEAD' || method === 'OPTIONS' || seen.has(`${method} ${url}`)) continue;
    seen.add(`${method} ${url}`);
    const module = /^\/api\/(?:rest\/)?(\w+)/.exec(url)?.[1] ?? '';
    const recordId = String(ids.get(module) ?? 1);
    const path = (idList: string) => url.replace(/\*$/, 'x').replace(/:(\w+)/g, (_, name: string) => (name === 'ids' ? idList : name === 'id' ? recordId : '1'));
    const send = (sent: Omit<Sent, 'token'>, knows: RouteRequest['knows']) => requests.push({ sent: { ...sent, token: tokenFor(url) }, knows });

    if (url.includes(':ids')) send({ method: method as Sent['method'], url: path(listPath) }, fieldsOf(['ids']));
    if (method === 'GET') {
      const entity = model.byModule.get(module);
      const generic = entity && (url === `/api/${module}` || url === `/api/rest/${module}`);
      const dated = generic ? entity.fields.filter((f) => f.column !== null && (f.kind === 'date' || f.kind === 'datetime')).map((f) => f.name) : [];
      if (dated.length) {
        const filter = Object.fromEntries(dated.flatMap((name, i) => [[name, BAD_DATES[i % 3]], [`${name}_gte`, BAD_DATES[(i + 1) % 3]]]));
        send({ method: 'GET', url: `${path('1')}?filter=${encodeURIComponent(JSON.stringify(filter))}` }, fieldsOf([]));
      }
      const named = dateQuery(url, doc);
      if (named.length) send({ method: 'GET', url: `${path('1')}?${named.map((name, i) => `${name}=${BAD_DATES[i % 3]}`).join('&')}` }, fieldsOf(named));
      continue;
    }
    if (!['POST', 'PUT', 'DELETE', 'PATCH'].includes(method)) continue;
    const verb = method as Sent['method'];
    const props = bodyProps(method, url, model, doc);
    const names = Object.keys(props ?? {});
    const first = names[0] ?? 'valor';
    send({ method: verb, url: path('1'), payload: `{${JSON.stringify(first)}:${deepText}}` }, fieldsOf([first, ...names]));

    const lists = props === null ? ['ids'] : names.filter((name) => isList(props[name]));
    if (lists.length) send({ method: verb, url: path('1'), payload: `{${lists.map((name) => `${JSON.stringify(name)}:${listText}`).join(',')}}` }, fieldsOf([...lists, ...names]));

    const dates = names.filter((name) => isDate(props![name]) || isMoment(props![name]));
    if (dates.length) {
      const body = Object.fromEntries(dates.map((name, i) => [name, (isMoment(props![name]) ? BAD_MOMENTS : BAD_DATES)[i % 3]]));
      send({ method: verb, url: path('1'), payload: JSON.stringify(body) }, fieldsOf(names));
    }
  }
  return requests;
}
