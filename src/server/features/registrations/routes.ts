/**
 * The registration's own routes beside the generic ones (docs/API.md 'Registrations'):
 * - `GET /api/inscricao/{id}/situacoes`: the situations it went through, the newest first;
 * - `GET /api/inscricao/{id}/proximas_situacoes`: where its situation may move, the main one first;
 * - `GET /api/inscricao/categorias/{id}/faixas`: a category's contribution ranges, the main one first
 *   (the registration form's default range), for whoever inserts or edits registrations;
 * - `GET /api/inscricao/parte/{person_type}/{cpf_or_cnpj}`: the registrations of the person (1) or
 *   company (2) whose tax id was typed, with or without punctuation;
 * - `GET /api/pessoa_fisica/cpf/{cpf}/category/{category}/type/{type}` and
 *   `GET /api/pessoa_juridica/cnpj/{cnpj}/category/{category}/type/{type}`: the person or company, as
 *   the plain look-up answers it, and `open_registration`, its registration still open (Ativo or
 *   Pausado) in that category and type, or null (spec 001 §7: the look-up with category and type
 *   check); an unknown category or type answers 404.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Entity, Model } from '../../../../language/index.js';
import { dynamic } from '../../core/db/dynamic.js';
import { invalid, notFound } from '../../core/http/app-error.js';
import { findByTaxId, TAX_ID_LOOK_UPS } from '../../services/parties/routes.js';
import { operationAccess } from '../../core/resources/access.js';
import { parseId } from '../../core/resources/read.js';
import { nextSituationsOf, situationsOf } from './history.js';

export const REGISTRATION_NOT_FOUND = 'Inscrição não encontrada.';
export const CATEGORY_NOT_FOUND = 'Categoria não encontrada.';
export const REGISTRATION_TYPE_NOT_FOUND = 'Tipo de registro não encontrado.';
export const PERSON_TYPE_INVALID = 'O tipo de pessoa deve ser 1 (Pessoa Física) ou 2 (Pessoa Jurídica).';

const REGISTRATION_SUMMARY = ['r.id', 'r.formatted_number', 'r.category_id', 'c.denomination as category', 'r.registration_type_id', 'r.situation_id', 's.denomination as situation', 'r.status', 'r.registration_date'] as const;

export async function registrationRoutes(app: FastifyInstance, options: { model: Model }) {
  const allow = operationAccess(options.model, app.resources);
  const registrations = options.model.byModule.get('inscricao');
  if (!registrations) return;

  async function existing(db: Kysely<SpaceDatabase>, raw: unknown): Promise<number> {
    const id = parseId(raw, REGISTRATION_NOT_FOUND);
    if (!(await db.selectFrom('registrations').select('id').where('id', '=', id).executeTakeFirst())) throw notFound(REGISTRATION_NOT_FOUND);
    return id;
  }

  app.get<{ Params: { id: string } }>('/api/inscricao/:id/situacoes', async (request) => {
    const db = allow(request, registrations, 'show', 'show').db as Kysely<SpaceDatabase>;
    return { data: await situationsOf(db, await existing(db, request.params.id)) };
  });

  app.get<{ Params: { id: string } }>('/api/inscricao/:id/proximas_situacoes', async (request) => {
    const db = allow(request, registrations, 'show', 'show', 'update').db as Kysely<SpaceDatabase>;
    return { data: await nextSituationsOf(db, await existing(db, request.params.id)) };
  });

  app.get<{ Params: { id: string } }>('/api/inscricao/categorias/:id/faixas', async (request) => {
    const db = allow(request, registrations, 'list', 'store', 'update').db as Kysely<SpaceDatabase>;
    const category = parseId(request.params.id, CATEGORY_NOT_FOUND);
    if (!(await db.selectFrom('categories').select('id').where('id', '=', category).executeTakeFirst())) throw notFound(CATEGORY_NOT_FOUND);
    const rows = await db
      .selectFrom('category_contribution_ranges as c')
      .innerJoin('contribution_ranges as r', 'r.id', 'c.contribution_range_id')
      .select(['r.id', 'r.denomination as name', 'c.main'])
      .where('c.category_id', '=', category)
      .orderBy('c.main', 'desc')
      .orderBy('r.denomination')
      .execute();
    return { data: rows.map((row) => ({ id: Number(row.id), name: row.name, main: row.main === true })) };
  });

  app.get<{ Params: { type: string; number: string } }>('/api/inscricao/parte/:type/:number', async (request) => {
    const db = allow(request, registrations, 'list', 'index').db as Kysely<SpaceDatabase>;
    // Not an object's key lookup: `__proto__` would find Object.prototype.
    const lookUp = request.params.type === '1' ? TAX_ID_LOOK_UPS[0] : request.params.type === '2' ? TAX_ID_LOOK_UPS[1] : undefined;
    if (!lookUp) throw invalid({ person_type: [PERSON_TYPE_INVALID] });
    const party = await findByTaxId(dynamic(db), options.model.byModule.get(lookUp.module)!, lookUp, request.params.number);
    return { data: await registrationsOf(db, Number(party.party_id)) };
  });

  for (const lookUp of TAX_ID_LOOK_UPS) {
    const entity: Entity | undefined = options.model.byModule.get(lookUp.module);
    if (!entity) continue;
    app.get<{ Params: { number: string; category: string; type: string } }>(`/api/${lookUp.module}/${lookUp.kind}/:number/category/:category/type/:type`, async (request) => {
      const db = allow(request, entity, 'show', 'show').db as Kysely<SpaceDatabase>;
      const category = parseId(request.params.category, CATEGORY_NOT_FOUND);
      const type = parseId(request.params.type, REGISTRATION_TYPE_NOT_FOUND);
      if (!(await db.selectFrom('categories').select('id').where('id', '=', category).executeTakeFirst())) throw notFound(CATEGORY_NOT_FOUND);
      if (!(await db.selectFrom('registration_types').select('id').where('id', '=', type).executeTakeFirst())) throw notFound(REGISTRATION_TYPE_NOT_FOUND);
      const party = await findByTaxId(dynamic(db), entity, lookUp, request.params.number);
      const open = (await registrationsOf(db, Number(party.party_id), { category, type, open: true }))[0] ?? null;
      return { data: party, open_registration: open };
    });
  }
}

async function registrationsOf(db: Kysely<SpaceDatabase>, partyId: number, only: { category?: number; type?: number; open?: boolean } = {}) {
  let query = db
    .selectFrom('registrations as r')
    .innerJoin('categories as c', 'c.id', 'r.category_id')
    .innerJoin('situations as s', 's.id', 'r.situation_id')
    .select(REGISTRATION_SUMMARY)
    .where('r.party_id', '=', partyId);
  if (only.category !== undefined) query = query.where('r.category_id', '=', only.category);
  if (only.type !== undefined) query = query.where('r.registration_type_id', '=', only.type);
  if (only.open) query = query.where('r.status', 'in', [1, 3]);
  const rows = await query.orderBy('r.id', 'desc').execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), category_id: Number(row.category_id), registration_type_id: Number(row.registration_type_id), situation_id: Number(row.situation_id) }));
}
