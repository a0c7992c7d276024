import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dynamic } from '../../core/db/dynamic.js';
import type { Entity } from '../../../../language/index.js';
import { anyObject, dataAnswer, integer, text } from '../../../shared/contracts/parts.js';
import { sessionOf } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { findRecord } from '../../core/resources/read.js';
import { listRecords, type ListResult } from '../../core/resources/list.js';
import { isOperator, requireOperator } from './access.js';
import { platformOf } from './platform-db.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';

/** The database drivers a space may use: `value` is stored in `db_type`, `label` is shown. */
export const AVAILABLE_DRIVERS = [
  { value: 'pglite', label: 'Embarcado (PGlite)' },
  { value: 'pgsql', label: 'PostgreSQL' },
];

const contracts = {
  drivers: {
    tags: ['clientes'],
    summary: 'Bancos de dados em que um espaço pode ser criado (operador da plataforma)',
    response: { 200: dataAnswer('OK', { type: 'array', items: anyObject }) },
    errors: ['401', '403'],
  },
  configs: {
    tags: ['clientes'],
    summary: 'Os espaços da instalação, por nome (operador da plataforma)',
    response: { 200: dataAnswer('OK', { type: 'array', items: { type: 'object', properties: { id: integer, tenant_name: text }, required: ['id', 'tenant_name'], additionalProperties: false } }) },
    errors: ['401', '403'],
  },
} as const;

/** Spec 000 §7: the tenants' extra routes (the driver combo and the list of spaces). */
export async function platformRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ContractTypes>();
  routes.get('/api/clientes/available_drivers', { schema: contracts.drivers }, async (request) => {
    requireOperator(request);
    return { data: AVAILABLE_DRIVERS };
  });
  routes.get('/api/clientes/configs', { schema: contracts.configs }, async (request) => {
    requireOperator(request);
    const rows = await platformOf(request).selectFrom('tenant_configs').select(['id', 'tenant_name']).orderBy('tenant_name').execute();
    return { data: rows.map((row) => ({ id: Number(row.id), tenant_name: row.tenant_name })) };
  });
}

/** What a space may know of its own tenant: who it is, never where its database lives. */
const ownTenant = (record: Record<string, unknown>) => ({ id: record.id, name: record.name, initials: record.initials, active: record.active });

/**
 * The tenants list, open to every signed-in user ('any'): an operator of the platform sees every
 * tenant; anyone else sees only the name of the tenant the request's space belongs to (none from
 * the default space).
 */
export async function listTenants(request: FastifyRequest, entity: Entity, query = request.query as Record<string, unknown>): Promise<ListResult> {
  const db = platformOf(request);
  const space = spaceOf(request);
  if (isOperator(request, sessionOf(request))) return listRecords(dynamic(db), entity, query);
  const own = space.isDefault === false
    ? await db.selectFrom('tenant_configs').select('tenant_id').where('tenant_name', '=', space.name).executeTakeFirst()
    : undefined;
  const data = own ? [ownTenant(await findRecord(dynamic(db), entity, Number(own.tenant_id)))] : [];
  const perPage = Number(query.per_page) > 0 ? Number(query.per_page) : 25;
  return { data, meta: { total: data.length, page: 1, per_page: perPage } };
}
