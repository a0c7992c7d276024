import { defineFeature } from '../../core/feature.js';
import { spaceOf } from '../../core/http/space.js';
import { platformModuleAccess } from './access.js';
import { platformOf } from './platform-db.js';
import { listTenants, platformRoutes } from './routes.js';
import { spaceLifecycle } from './spaces/lifecycle.js';
import { systemToken } from './system-token.js';
import { readUserSpaces, userSpaces } from './memberships/hooks.js';
import { userSpacesRoutes } from './memberships/routes.js';
import { dynamic } from '../../core/db/dynamic.js';

/**
 * The platform: its modules live in the platform database and answer only in a platform space;
 * tenants make and detach their spaces' databases, systems get their token, everyone may read
 * their own tenant. The tenancy plugin itself is given to `buildApp` (`tenancy`), before any feature.
 */
export const platformFeature = defineFeature({ name: 'platform', platformMigrations: [new URL('migrations', import.meta.url)] }, async (app) => {
  // The audit rows of the platform database name users of the default space only (its users table).
  app.resources.database('platform', { db: (request) => dynamic(platformOf(request)), knowsCaller: (request) => spaceOf(request).isDefault !== false });
  app.resources.accessRule(platformModuleAccess);
  app.resources.openList('clientes', listTenants);
  app.resources.hooks('clientes', spaceLifecycle(app.hasDecorator('spaces') ? app.spaces : null));
  app.resources.hooks('sistemas', systemToken);
  // A user's spaces: memberships in the platform database, an account in each space's own.
  app.resources.hooks('usuarios', userSpaces(app.hasDecorator('spaces') ? app.spaces : null));
  app.resources.external('usuarios', 'tenant_configs', readUserSpaces);
  await app.register(platformRoutes);
  await app.register(userSpacesRoutes);
});
