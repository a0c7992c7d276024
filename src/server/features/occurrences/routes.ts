/**
 * The occurrences of every entity whose schema says `x-occurrences` (spec 002 §4, §7; docs/API.md
 * 'Occurrences'):
 * - `GET /api/{module}/{id}/occurrences`: the record's occurrences, the newest first (who may see the record);
 * - `POST /api/{module}/{id}/occurrences/batch` `{ occurrences: [{occurrence_type_id, date, notes, number}] }`:
 *   all or nothing (./batch.ts); 201 with the stored ones, or 422 with the first reason, `with_errors`
 *   and each item's `success` (who may update the record);
 * - `DELETE /api/{module}/occurrences/multiple_delete/{ids}`: those occurrences of the module's records
 *   (who may update the record);
 * - `GET /api/occurrence_types/combo`: the active occurrence types with their sequence and whether it
 *   numbers by itself (`sequence_auto_numbering`), for anyone signed in.
 * A record of another space, or none, is 404 'Registro não encontrado.'.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { dynamic, spaceTables } from '../../core/db/dynamic.js';
import { recordAudit } from '../../core/audit/record.js';
import { notFound } from '../../core/http/app-error.js';
import { anyObject, boolean, dataAnswer, idParams, integer, messageAnswer, nullableInteger, pathOf, text } from '../../../shared/contracts/parts.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { sessionOf } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { operationAccess } from '../../core/resources/access.js';
import { parseId } from '../../core/resources/read.js';
import { batchItems, BatchRefused, storeOccurrences } from './batch.js';
import { occurrencesOf } from './read.js';

const RECORD_NOT_FOUND = 'Registro não encontrado.';
export const OCCURRENCE_NOT_FOUND = 'Ocorrência não encontrada.';

/** The contracts of a record's occurrences, in its module's group (docs/API.md 'Occurrences'). */
const contractsOf = (module: string) => ({
  list: {
    tags: [module], summary: 'As ocorrências do registro (quem vê o registro)',
    params: idParams,
    response: { 200: dataAnswer('As ocorrências', { type: 'array', items: anyObject }) },
    errors: ['401', '403', '404'],
  },
  batch: {
    tags: [module], summary: 'Inclui ocorrências no registro, todas ou nenhuma, numeradas pela sequência do tipo (quem altera o registro; auditado); uma recusada: 422 com o resultado de cada uma (`with_errors`)',
    params: idParams,
    // The list is read by the handler: sent as it is or as `{ occurrences }`, each refusal on its place.
    body: { description: 'A lista `[{ occurrence_type_id, date, notes? }]`, ou `{ occurrences: [...] }`.' },
    response: { 201: { description: 'As ocorrências incluídas, e a mensagem', type: 'object', properties: { data: { type: 'array', items: anyObject }, with_errors: boolean, message: text }, required: ['data', 'with_errors', 'message'] } },
    errors: ['401', '403', '404', '422'],
  },
  remove: {
    tags: [module], summary: 'Exclui ocorrências de registros do módulo, todas ou nenhuma (quem altera o registro; auditado; até 100)',
    params: pathOf({ ids: 'Os ids, separados por vírgula' }),
    response: { 200: messageAnswer('Excluídas') },
    errors: ['401', '403', '404'],
  },
}) as const;
const typesCombo = {
  tags: ['tipos_ocorrencia'], summary: 'Os tipos de ocorrência ativos, por denominação, com a sequência que os numera (qualquer usuário autenticado)',
  response: {
    200: dataAnswer('Os tipos', {
      type: 'array',
      items: { type: 'object', properties: { id: integer, name: text, sequence_id: nullableInteger, sequence_auto_numbering: boolean }, required: ['id', 'name', 'sequence_id', 'sequence_auto_numbering'] },
    }),
  },
  errors: ['401'],
} as const;

export async function occurrenceRoutes(app: FastifyInstance, options: { model: Model }) {
  const owners = options.model.entities.filter((e) => e.occurrences);
  const allow = operationAccess(options.model, app.resources);
  const routes = app.withTypeProvider<ContractTypes>();

  routes.get('/api/occurrence_types/combo', { schema: typesCombo }, async (request) => {
    sessionOf(request);
    const db = spaceOf(request).db as Kysely<SpaceDatabase>;
    const rows = await db
      .selectFrom('occurrence_types as t')
      .leftJoin('sequences as s', 's.id', 't.sequence_id')
      .select(['t.id', 't.denomination', 't.sequence_id', 's.auto_numbering'])
      .where('t.inactivated', '=', false)
      .orderBy('t.denomination')
      .execute();
    return {
      data: rows.map((row) => ({
        id: Number(row.id), name: row.denomination, sequence_id: row.sequence_id == null ? null : Number(row.sequence_id),
        sequence_auto_numbering: row.sequence_id != null && row.auto_numbering !== false,
      })),
    };
  });

  for (const entity of owners) {
    const contracts = contractsOf(entity.module);
    const ownerRecord = async (db: Kysely<SpaceDatabase>, raw: string) => {
      const id = parseId(raw, RECORD_NOT_FOUND);
      if (!(await dynamic(db).selectFrom(entity.table).select('id').where('id', '=', id).executeTakeFirst())) throw notFound(RECORD_NOT_FOUND);
      return id;
    };

    routes.get(`/api/${entity.module}/:id/occurrences`, { schema: contracts.list }, async (request) => {
      const db = spaceTables(allow(request, entity, 'show', 'show').db);
      return { data: await occurrencesOf(db, entity.module, await ownerRecord(db, request.params.id)) };
    });

    // Its refusal answers the items: typed by hand, not by the contract.
    app.post<{ Params: { id: string } }>(`/api/${entity.module}/:id/occurrences/batch`, { schema: contracts.batch }, async (request, reply) => {
      const { db: raw, context } = allow(request, entity, 'update', 'update');
      const db = spaceTables(raw);
      const id = await ownerRecord(db, request.params.id);
      try {
        const data = await storeOccurrences(db, entity.module, id, batchItems(request.body), context.userId == null ? null : Number(context.userId));
        return reply.status(201).send({ data, with_errors: false, message: data.length === 1 ? 'Ocorrência incluída com sucesso' : 'Ocorrências incluídas com sucesso' });
      } catch (error) {
        if (!(error instanceof BatchRefused)) throw error;
        return reply.status(422).send({ message: error.message, errors: error.errors, with_errors: true, data: error.items });
      }
    });

    routes.delete(`/api/${entity.module}/occurrences/multiple_delete/:ids`, { schema: contracts.remove }, async (request) => {
      const { db: raw, context } = allow(request, entity, 'update', 'update');
      const db = spaceTables(raw);
      const ids = [...new Set(request.params.ids.split(',').map((part) => parseId(part.trim(), OCCURRENCE_NOT_FOUND)))];
      if (ids.length > 100) throw notFound(OCCURRENCE_NOT_FOUND);
      await db.transaction().execute(async (trx) => {
        const rows = await trx.deleteFrom('occurrences').where('entity_type', '=', entity.module).where('id', 'in', ids).returning(['id', 'entity_id', 'formatted_number']).execute();
        if (rows.length !== ids.length) throw notFound(OCCURRENCE_NOT_FOUND);
        for (const row of rows) {
          await recordAudit(trx, { event: 'removed_occurrence', userId: context.userId, module: entity.module, recordId: Number(row.entity_id), oldValues: { occurrence: Number(row.id), formatted_number: row.formatted_number } });
        }
      });
      return { message: ids.length === 1 ? 'Ocorrência excluída com sucesso' : 'Ocorrências excluídas com sucesso' };
    });
  }
}
