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
import { dynamic, spaceTables } from '../../core/db/dynamic.js';
import { invalid, notFound } from '../../core/http/app-error.js';
import { findByTaxId, TAX_ID_LOOK_UPS } from '../../services/parties/routes.js';
import { operationAccess } from '../../core/resources/access.js';
import { parseId } from '../../core/resources/read.js';
import { nextSituationsOf, situationsOf } from './history.js';
import { anyObject, boolean, dataAnswer, idParams, integer, pathOf, text } from '../../../shared/contracts/parts.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';

export const REGISTRATION_NOT_FOUND = 'Inscrição não encontrada.';
export const CATEGORY_NOT_FOUND = 'Categoria não encontrada.';
export const REGISTRATION_TYPE_NOT_FOUND = 'Tipo de registro não encontrado.';
export const PERSON_TYPE_INVALID = 'O tipo de pessoa deve ser 1 (Pessoa Física) ou 2 (Pessoa Jurídica).';

const REGISTRATION_SUMMARY = ['r.id', 'r.formatted_number', 'r.category_id', 'c.denomination as category', 'r.registration_type_id', 'r.situation_id', 's.denomination as situation', 'r.status', 'r.registration_date'] as const;

const tags = ['inscricao'];
const list = (description: string) => dataAnswer(description, { type: 'array', items: anyObject });
const contracts = {
  situations: { tags, summary: 'As situações da inscrição, da mais recente (permissão `registration.show`)', params: idParams, response: { 200: list('As situações') }, errors: ['401', '403', '404'] },
  nextSituations: { tags, summary: 'As situações a que a inscrição pode passar da atual (permissão `registration.show` ou `.update`)', params: idParams, response: { 200: list('As próximas situações') }, errors: ['401', '403', '404'] },
  ranges: {
    tags, summary: 'As faixas de contribuição da categoria, a principal primeiro, por denominação (permissão de incluir ou alterar inscrições)',
    params: pathOf({ id: 'A categoria' }),
    response: { 200: dataAnswer('As faixas', { type: 'array', items: { type: 'object', properties: { id: integer, name: text, main: boolean }, required: ['id', 'name', 'main'] } }) },
    errors: ['401', '403', '404'],
  },
  ofParty: {
    tags, summary: 'As inscrições de uma pessoa pelo CPF (tipo 1) ou CNPJ (tipo 2) (permissão `registration.index`)',
    params: pathOf({ type: '1: pessoa física; 2: pessoa jurídica', number: 'O CPF ou o CNPJ, com ou sem pontuação' }),
    response: { 200: list('As inscrições') },
    errors: ['401', '403', '404', '422'],
  },
} as const;
const openRegistration = (module: string, kind: string) => ({
  tags: [module],
  summary: `A pessoa de um ${kind.toUpperCase()} com a sua inscrição aberta na categoria e no tipo (permissão \`party.show\`)`,
  params: pathOf({ number: `O ${kind.toUpperCase()}, com ou sem pontuação`, category: 'A categoria', type: 'O tipo de inscrição' }),
  response: { 200: { description: 'A pessoa e a inscrição aberta (null quando não há)', type: 'object', properties: { data: anyObject, open_registration: anyObject }, required: ['data', 'open_registration'] } },
  errors: ['401', '403', '404', '422'],
}) as const;

export async function registrationRoutes(app: FastifyInstance, options: { model: Model }) {
  const allow = operationAccess(options.model, app.resources);
  const registrations = options.model.byModule.get('inscricao');
  if (!registrations) return;
  const routes = app.withTypeProvider<ContractTypes>();

  async function existing(db: Kysely<SpaceDatabase>, raw: unknown): Promise<number> {
    const id = parseId(raw, REGISTRATION_NOT_FOUND);
    if (!(await db.selectFrom('registrations').select('id').where('id', '=', id).executeTakeFirst())) throw notFound(REGISTRATION_NOT_FOUND);
    return id;
  }

  routes.get('/api/inscricao/:id/situacoes', { schema: contracts.situations }, async (request) => {
    const db = spaceTables(allow(request, registrations, 'show', 'show').db);
    return { data: await situationsOf(db, await existing(db, request.params.id)) };
  });

  routes.get('/api/inscricao/:id/proximas_situacoes', { schema: contracts.nextSituations }, async (request) => {
    const db = spaceTables(allow(request, registrations, 'show', 'show', 'update').db);
    return { data: await nextSituationsOf(db, await existing(db, request.params.id)) };
  });

  routes.get('/api/inscricao/categorias/:id/faixas', { schema: contracts.ranges }, async (request) => {
    const db = spaceTables(allow(request, registrations, 'list', 'store', 'update').db);
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

  routes.get('/api/inscricao/parte/:type/:number', { schema: contracts.ofParty }, async (request) => {
    const db = spaceTables(allow(request, registrations, 'list', 'index').db);
    // Not an object's key lookup: `__proto__` would find Object.prototype.
    const lookUp = request.params.type === '1' ? TAX_ID_LOOK_UPS[0] : request.params.type === '2' ? TAX_ID_LOOK_UPS[1] : undefined;
    if (!lookUp) throw invalid({ person_type: [PERSON_TYPE_INVALID] });
    const party = await findByTaxId(dynamic(db), options.model.byModule.get(lookUp.module)!, lookUp, request.params.number);
    return { data: await registrationsOf(db, Number(party.party_id)) };
  });

  for (const lookUp of TAX_ID_LOOK_UPS) {
    const entity: Entity | undefined = options.model.byModule.get(lookUp.module);
    if (!entity) continue;
    routes.get(`/api/${lookUp.module}/${lookUp.kind}/:number/category/:category/type/:type`, { schema: openRegistration(lookUp.module, lookUp.kind) }, async (request) => {
      const db = spaceTables(allow(request, entity, 'show', 'show').db);
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
