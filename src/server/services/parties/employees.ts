/**
 * `GET /api/pessoa_juridica/{id}/vinculos` (`party.show`): the persons a legal entity employs, as
 * their work relations name it (the employer is the company's party), by name, each with the
 * relation's enrollment, admission, resignation and sector; a relation ended stays listed with its
 * resignation date. 404 'Pessoa jurídica não encontrada.' for an id no company has.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Model } from '../../../../language/index.js';
import { notFound } from '../../core/http/app-error.js';
import { dataAnswer, date, integer, nullableText, text } from '../../../shared/contracts/parts.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { operationAccess } from '../../core/resources/access.js';
import { parseId } from '../../core/resources/read.js';
import { LEGAL_ENTITY_NOT_FOUND } from './routes.js';
import { spaceTables } from '../../core/db/dynamic.js';

const employees = {
  tags: ['pessoa_juridica'],
  summary: 'As pessoas físicas que a empresa emprega, pelos vínculos empregatícios que a nomeiam empregadora, por nome; um vínculo encerrado com a data de desligamento (party.show)',
  params: { type: 'object', properties: { id: { type: 'string', description: 'O id da pessoa jurídica' } }, required: ['id'] },
  response: {
    200: dataAnswer('Os vínculos', {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: integer, person_id: integer, name: text, individual_registration: text, employee_register_id: text, sector: nullableText,
          admission_date: date, resignation_date: { type: ['string', 'null'], format: 'date' },
        },
        required: ['id', 'person_id', 'name', 'individual_registration', 'employee_register_id', 'sector', 'admission_date', 'resignation_date'],
      },
    }),
  },
  errors: ['401', '403', '404'],
} as const;

export async function employeesRoutes(app: FastifyInstance, options: { model: Model }) {
  const allow = operationAccess(options.model, app.resources);
  const companies = options.model.byModule.get('pessoa_juridica');
  if (!companies || !options.model.byModule.get('pessoa_fisica')) return;
  app.withTypeProvider<ContractTypes>().get('/api/pessoa_juridica/:id/vinculos', { schema: employees }, async (request) => {
    const db = spaceTables(allow(request, companies, 'show', 'show').db);
    const id = parseId(request.params.id, LEGAL_ENTITY_NOT_FOUND);
    const company = await db.selectFrom('legal_entities').select('party_id').where('id', '=', id).executeTakeFirst();
    if (!company) throw notFound(LEGAL_ENTITY_NOT_FOUND);
    const rows = await db
      .selectFrom('person_work_relations as w')
      .innerJoin('persons as p', 'p.id', 'w.person_id')
      .leftJoin('sectors as s', 's.id', 'w.sector_id')
      .select([
        'w.id', 'w.person_id', 'p.name', 'p.individual_registration', 'w.employee_register_id', 's.denomination as sector',
        sql<string>`to_char(w.admission_date, 'YYYY-MM-DD')`.as('admission_date'),
        sql<string | null>`to_char(w.resignation_date, 'YYYY-MM-DD')`.as('resignation_date'),
      ])
      .where('w.employer_id', '=', Number(company.party_id))
      .orderBy('p.name')
      .orderBy('w.id')
      .execute();
    return { data: rows.map((row) => ({ ...row, id: Number(row.id), person_id: Number(row.person_id) })) };
  });
}
