import { allows } from '../../core/http/session.js';
import type { ModuleAccessRule } from '../../core/resources/registry.js';
import { INSTITUTION_UPDATE } from './routes.js';

/**
 * Whoever sets the institution chooses it and its president among the parties: holders of
 * `institution.update` read the parties' options (`GET /api/partes/combos`), and nothing else of them.
 */
export const institutionChoosesParties: ModuleAccessRule = (request, entity, session) =>
  entity.module === 'partes' && request.routeOptions.url === '/api/partes/combos' && allows(session.permissions, [INSTITUTION_UPDATE]) ? true : undefined;
