/**
 * Look-ups by tax id (`party.show`), typed with or without punctuation, answered as
 * `GET /api/{module}/{id}` answers the record:
 * - `GET /api/pessoa_fisica/cpf/{cpf}`: 404 'Pessoa física não encontrada.', 422 'CPF Inválido';
 * - `GET /api/pessoa_juridica/cnpj/{cnpj}` (numeric or alphanumeric): 404 'Pessoa jurídica não
 *   encontrada.', 422 'CNPJ Inválido'.
 */
import type { FastifyInstance } from 'fastify';
import type { Entity, Model } from '../../../../language/index.js';
import { canonicalTaxId, isCnpj, isCpf, VALIDATOR_MESSAGES } from '../../../shared/validators.js';
import type { DynamicDatabase } from '../../core/db/dynamic.js';
import { invalid, notFound } from '../../core/http/app-error.js';
import { dataAnswer, pathOf, recordOf } from '../../../shared/contracts/parts.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { operationAccess } from '../../core/resources/access.js';
import { findRecord } from '../../core/resources/read.js';

export const PERSON_NOT_FOUND = 'Pessoa física não encontrada.';
export const LEGAL_ENTITY_NOT_FOUND = 'Pessoa jurídica não encontrada.';

export const TAX_ID_LOOK_UPS = [
  { module: 'pessoa_fisica', kind: 'cpf', column: 'individual_registration', valid: isCpf, notFound: PERSON_NOT_FOUND },
  { module: 'pessoa_juridica', kind: 'cnpj', column: 'cnpj', valid: isCnpj, notFound: LEGAL_ENTITY_NOT_FOUND },
] as const;

export type TaxIdLookUp = (typeof TAX_ID_LOOK_UPS)[number];

/** The person or company whose CPF or CNPJ was typed (with or without punctuation): 422 when it is none, 404 when nobody holds it. */
export async function findByTaxId(db: DynamicDatabase, entity: Entity, lookUp: TaxIdLookUp, typed: string): Promise<Record<string, unknown>> {
  const number = typed.trim();
  if (number.length > 20 || !lookUp.valid(number)) throw invalid({ [lookUp.kind]: [VALIDATOR_MESSAGES[lookUp.kind]] });
  const row = await db.selectFrom(entity.table).select('id').where(lookUp.column, '=', canonicalTaxId(lookUp.kind, number) as string).executeTakeFirst();
  if (!row) throw notFound(lookUp.notFound);
  return findRecord(db, entity, Number(row.id));
}

const CONTRACTS = {
  pessoa_fisica: {
    tags: ['pessoa_fisica'],
    summary: 'A pessoa física de um CPF, digitado com ou sem pontuação (party.show)',
    params: pathOf({ cpf: 'O CPF: `000.000.000-00` ou 11 dígitos.' }),
    response: { 200: dataAnswer('A pessoa, como GET /api/pessoa_fisica/{id}', recordOf('PessoaFisica')) },
    errors: ['401', '403', '404', '422'],
  },
  pessoa_juridica: {
    tags: ['pessoa_juridica'],
    summary: 'A pessoa jurídica de um CNPJ, numérico ou alfanumérico, digitado com ou sem pontuação (party.show)',
    params: pathOf({ cnpj: 'O CNPJ: `00.000.000/0000-00`, `12.ABC.345/01DE-35` ou os 14 caracteres.' }),
    response: { 200: dataAnswer('A empresa, como GET /api/pessoa_juridica/{id}', recordOf('PessoaJuridica')) },
    errors: ['401', '403', '404', '422'],
  },
} as const;

export async function taxIdRoutes(app: FastifyInstance, options: { model: Model }) {
  const allow = operationAccess(options.model, app.resources);
  for (const lookUp of TAX_ID_LOOK_UPS) {
    const entity = options.model.entities.find((e) => e.module === lookUp.module);
    if (!entity) continue;
    app.withTypeProvider<ContractTypes>().get(`/api/${lookUp.module}/${lookUp.kind}/:${lookUp.kind}`, { schema: CONTRACTS[lookUp.module] }, async (request) => {
      const { db } = allow(request, entity, 'show', 'show');
      return { data: await findByTaxId(db, entity, lookUp, (request.params as Record<string, string>)[lookUp.kind]) };
    });
  }
}
