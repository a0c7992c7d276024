import { defineFeature } from '../../core/feature.js';
import { mailSettings } from '../../core/mail/settings.js';
import { authGuard } from './guard.js';
import { passwordPolicy } from './password-policy.js';
import { recoveryRoutes } from './recovery-routes.js';
import { authRoutes } from './routes.js';
import { revokeSessionsOnChange } from './users.js';

/** Sign-in and its sessions: the guard every `/api` route is behind, login, logout, password recovery, the users' password rules. */
export const authFeature = defineFeature({
  name: 'auth',
  migrations: [new URL('migrations', import.meta.url), new URL('recovery-migrations', import.meta.url)],
}, async (app, { model, config }) => {
  await app.register(authGuard);
  app.resources.hooks('usuarios', passwordPolicy, revokeSessionsOnChange);
  await app.register(authRoutes, { model, version: config.version, tokenTtlSeconds: config.tokenTtlSeconds, systemName: config.systemName });
  await app.register(recoveryRoutes, { mail: mailSettings(process.env, config.dataDir) });
});
