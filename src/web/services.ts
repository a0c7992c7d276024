import { createHttpClient, type HttpClient, type HttpRequest, type HttpResponse } from './http/client';
import { apiBaseUrl, storageSession } from './http/session';
import { createConnectionStatus } from './http/status';
import { createDataProvider } from './providers/dataProvider';
import { createAuthProvider } from './providers/authProvider';
import { guardOf, resourceNamed } from './resources/catalog';
import { loadPermissionCatalogue } from './providers/permissionCatalogue';
import { createFileTransfers } from './providers/files';
import { postalCodeLookup } from './providers/postalCode';
import { taxIdLookup } from './providers/taxIdLookup';
import { institutionSettings } from './providers/institution';
import { deadlineSimulation } from './providers/deadlines';
import { recordOccurrences } from './providers/occurrences';
import { recordHistory } from './providers/recordHistory';
import { savedViews } from './providers/savedViews';
import { sheetImports } from './providers/imports';

/** The browser's single instances: one session, one connection state, one HTTP client. */
export const session = storageSession(window.localStorage);
export const connection = createConnectionStatus();
const baseUrl = apiBaseUrl(window.location);
const direct = createHttpClient({ baseUrl, session, status: connection });
// Requests started ahead of the screen that needs them report to no one: a refusal is met again, and
// reported, when the screen asks for itself.
const ahead = createHttpClient({ baseUrl, session, status: createConnectionStatus() });

const primed = new Map<string, Promise<HttpResponse>>();
let priming = false;
const keyOf = ({ path, query }: HttpRequest) =>
  `${path}?${new URLSearchParams(Object.entries(query ?? {}).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]]))).toString()}`;

/** The HTTP client: a GET started ahead of time (`primeGet`) is handed, once, to the first identical GET. */
export const http = ((request: HttpRequest) => {
  if ((request.method ?? 'GET') !== 'GET') return direct(request);
  const key = keyOf(request);
  if (priming) {
    const started = ahead(request);
    primed.set(key, started);
    started.catch(() => primed.delete(key));
    setTimeout(() => primed.delete(key), 20_000);
    return started;
  }
  const early = primed.get(key);
  if (!early) return direct(request);
  primed.delete(key);
  return early.catch(() => direct(request));
}) as HttpClient;

/** Runs `start`, keeping the GET requests it sends for the screen that will ask for them. */
export function primeGet(start: () => Promise<unknown>) {
  priming = true;
  try {
    start().catch(() => undefined);
  } finally {
    priming = false;
  }
}

// The permission pickers of the kit ask the data provider for the catalogue, its file inputs for
// uploads and downloads, its postal-code inputs for the address of a code, its look-ups by CPF or CNPJ
// for the record; the person form and the institution's page, for the institution's settings; the
// deadline simulation page, for a deadline's end; the record forms, for their occurrences and history; the lists, for their saved views.
export const dataProvider = {
  ...createDataProvider(http, (name) => resourceNamed(name)?.label.plural ?? name),
  permissionCatalogue: () => loadPermissionCatalogue(http),
  ...createFileTransfers(baseUrl, session),
  ...postalCodeLookup(http),
  ...taxIdLookup(http),
  ...institutionSettings(http),
  ...deadlineSimulation(http),
  ...recordOccurrences(http),
  ...recordHistory(http),
  ...savedViews(http),
  ...sheetImports(http, baseUrl, session),
};
export const authProvider = createAuthProvider({
  http,
  session,
  guardOf,
  currentPath: () => window.location.pathname + window.location.search,
});
