/**
 * `GET /api/pessoa_fisica/cpf/{cpf}` (`party.show`): the person of a CPF, typed with or without its
 * punctuation, as `GET /api/pessoa_fisica/{id}` answers it; 404 'Pessoa física não encontrada.' for
 * a number no person of the space has, 422 'CPF Inválido' for one that is no CPF.
 */
import type { FastifyInstance } from 'fastify';
import type { Model } from '../../../language/index.js';
import { canonicalTaxId, isCpf, VALIDATOR_MESSAGES } from '../../shared/validators.js';
import { invalid, notFound } from '../http/app-error.js';
import { operationAccess } from '../resources/access.js';
import { findRecord } from '../resources/read.js';

export const PERSON_NOT_FOUND = 'Pessoa física não encontrada.';

export async function personRoutes(app: FastifyInstance, options: { model: Model }) {
  const entity = options.model.entities.find((e) => e.module === 'pessoa_fisica');
  if (!entity) return;
  const allow = operationAccess(options.model, app.resources);

  app.get<{ Params: { cpf: string } }>('/api/pessoa_fisica/cpf/:cpf', async (request) => {
    const { db } = allow(request, entity, 'show', 'show');
    const typed = request.params.cpf.trim();
    if (typed.length > 20 || !isCpf(typed)) throw invalid({ cpf: [VALIDATOR_MESSAGES.cpf] });
    const row = await db.selectFrom(entity.table).select('id').where('individual_registration', '=', canonicalTaxId('cpf', typed) as string).executeTakeFirst();
    if (!row) throw notFound(PERSON_NOT_FOUND);
    return { data: await findRecord(db, entity, Number(row.id)) };
  });
}
