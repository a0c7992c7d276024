export { authGuard, requireAny, sessionOf, type Session } from './guard.js';
export { authRoutes } from './routes.js';
export { ensureAdministrator, findUserByEmail, publicUser, type PublicUser } from './users.js';
export { hashPassword, verifyPassword } from './passwords.js';
export { issueToken, findTokenUser, revokeToken, hashToken } from './tokens.js';
export { effectivePermissions, permissionCatalogue, allows, entityPermission, ADMIN, type PermissionEntry } from './permissions.js';

