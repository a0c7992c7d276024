import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MENU_AREAS, type Entity, type Model } from '../../../../language/index.js';
import { dynamic } from '../../core/db/dynamic.js';
import { anyObject, dataAnswer } from '../../../shared/contracts/parts.js';
import { allows, sessionOf } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { inPlatformSpace, isOperator } from '../platform/access.js';
import { platformOf } from '../platform/platform-db.js';
import { entityPermission } from '../../core/resources/permissions.js';
import type { ResourceRegistry } from '../../core/resources/registry.js';
import { countRecords } from './counts.js';
import { summariseMonitors } from './monitors.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';

/** Entries of the caller's own recent activity the dashboard shows. */
export const RECENT_ENTRIES = 10;

/**
 * The modules whose list the caller may open, as the list route decides it: the index permission
 * (or 'admin'); the platform's modules only in a platform space, the operators' modules for operators.
 * A list that answers for itself (the tenants', open to all) shows a customer only what its space
 * may see, so only operators count it.
 */
function listable(resources: ResourceRegistry, request: FastifyRequest, entity: Entity): boolean {
  if (!entity.screens || !entity.operations.list) return false;
  if (resources.openListOf(entity.module) && !isOperator(request)) return false;
  return resources.mayUse(request, entity, [entityPermission(entity, 'index')]);
}

const dashboard = {
  tags: ['dashboard'],
  summary: 'Painel: registros por área que a pessoa pode listar, situação dos monitores (espaço da plataforma), suas últimas alterações',
  response: { 200: dataAnswer('OK', anyObject) },
  errors: ['401'],
} as const;

/**
 * `GET /api/dashboard` (spec 000 §2): what the person may see at a glance — the records of each area
 * they may list, the monitors' statuses (platform space and monitor.index only), their own latest changes.
 */
export async function dashboardRoutes(app: FastifyInstance, options: { model: Model }) {
  app.withTypeProvider<ContractTypes>().get('/api/dashboard', { schema: dashboard }, async (request) => {
    const session = sessionOf(request);
    const visible = options.model.entities.filter((entity) => listable(app.resources, request, entity));
    const spaceEntities = visible.filter((entity) => entity.database !== 'platform');
    const platformEntities = visible.filter((entity) => entity.database === 'platform');
    const seesMonitors = inPlatformSpace(request) && allows(session.permissions, ['monitor.index']);
    const [spaceCounts, platformCounts, monitors, recent] = await Promise.all([
      countRecords(dynamic(spaceOf(request).db), spaceEntities),
      countRecords(dynamic(platformOf(request)), platformEntities),
      seesMonitors ? summariseMonitors(platformOf(request)) : null,
      spaceOf(request)
        .db.selectFrom('audits')
        .select(['id', 'event', 'module', 'record_id', 'created_at'])
        .where('user_id', '=', session.user.id)
        .orderBy('id', 'desc')
        .limit(RECENT_ENTRIES)
        .execute(),
    ]);
    const counts = new Map([...spaceCounts, ...platformCounts].map((count) => [count.module, count]));
    const areas = (Object.keys(MENU_AREAS) as (keyof typeof MENU_AREAS)[])
      .map((area) => {
        const modules = visible
          .filter((entity) => entity.area === area)
          .map((entity) => ({ ...counts.get(entity.module)!, label: entity.label.plural }));
        return { area, label: MENU_AREAS[area], total: modules.reduce((sum, m) => sum + m.count, 0), exact: modules.every((m) => m.exact), modules };
      })
      .filter((area) => area.modules.length > 0);
    const labelOf = (module: string) => options.model.byModule.get(module)?.label.plural ?? module;
    return {
      data: {
        areas,
        monitors,
        recent: recent.map((row) => ({ ...row, id: Number(row.id), record_id: Number(row.record_id), module_label: labelOf(String(row.module)) })),
      },
    };
  });
}
