export { authGuard } from './guard.js';
export { authRoutes } from './routes.js';
export { ensureAdministrator, findUserByEmail, publicUser, type PublicUser } from './users.js';
export { issueToken, findTokenUser, revokeToken, hashToken } from './tokens.js';
export { effectivePermissions } from './grants.js';
