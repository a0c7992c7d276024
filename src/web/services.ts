import { createHttpClient } from './http/client';
import { apiBaseUrl, storageSession } from './http/session';
import { createConnectionStatus } from './http/status';
import { createDataProvider } from './providers/dataProvider';
import { createAuthProvider } from './providers/authProvider';
import { guardOf } from './resources/catalog';
import { loadPermissionCatalogue } from './providers/permissionCatalogue';

/** The browser's single instances: one session, one connection state, one HTTP client. */
export const session = storageSession(window.localStorage);
export const connection = createConnectionStatus();
export const http = createHttpClient({ baseUrl: apiBaseUrl(window.location), session, status: connection });
// The permission pickers of the kit ask the data provider for the catalogue.
export const dataProvider = { ...createDataProvider(http), permissionCatalogue: () => loadPermissionCatalogue(http) };
export const authProvider = createAuthProvider({
  http,
  session,
  guardOf,
  currentPath: () => window.location.pathname + window.location.search,
});
