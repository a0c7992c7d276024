import { fileURLToPath } from 'node:url';

export { authGuard, requireAny, sessionOf, type Session } from './guard.js';
export { authRoutes } from './routes.js';
export { ensureAdministrator, findUserByEmail, publicUser, type PublicUser } from './users.js';
export { hashPassword, verifyPassword } from './passwords.js';
export { issueToken, findTokenUser, revokeToken, hashToken } from './tokens.js';
export { effectivePermissions, permissionCatalogue, allows, entityPermission, ADMIN, type PermissionEntry } from './permissions.js';

/** Migration files of the users, tokens and grants tables, run with the space database's other migrations. */
export const AUTH_MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
