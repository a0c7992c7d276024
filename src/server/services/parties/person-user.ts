import { allows } from '../../core/http/session.js';
import type { ModuleAccessRule } from '../../core/resources/registry.js';

/** Who edits or views persons (`party.store`, `party.update`, `party.show`). */
const PERSON_PERMISSIONS = ['party.store', 'party.update', 'party.show'];

/**
 * A person's user (`pessoa_fisica.user_id`) is chosen, and named in the person's view, among the
 * users' options: whoever edits or views persons reads the users' options (`GET /api/usuarios/combos`:
 * id and name), and nothing else of the users, as the institution's settings read the parties'.
 */
export const personUserChoices: ModuleAccessRule = (request, entity, session) =>
  entity.module === 'usuarios' && request.routeOptions.url === '/api/usuarios/combos' && allows(session.permissions, PERSON_PERMISSIONS) ? true : undefined;
