import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { recordAudit } from '../../core/audit/record.js';
import { invalid } from '../../core/http/app-error.js';
import { objectBody } from '../../core/http/body.js';
import { dataAnswer, dataMessageAnswer, idParams, integer, nullableInteger, text } from '../../../shared/contracts/parts.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { operationAccess } from '../../core/resources/access.js';
import { parseId } from '../../core/resources/read.js';
import { drawnNumber } from '../../../shared/contracts/sequences.js';
import { DATE_MESSAGE, DRAW_MARGIN_DAYS, drawRow, type DrawnNumber } from './draw.js';
import { previewMask } from './preview.js';
import { resetYear } from './reset.js';
import { councilDay } from './year.js';
import { spaceTables } from '../../core/db/dynamic.js';

/** The sequence's fields a draw moves: the trail of a number drawn by hand shows them before and after. */
const MOVED = ['number', 'last_drawn_number', 'last_draw_year', 'last_drawn_book', 'last_drawn_leaf', 'last_drawn_order', 'number_book', 'number_leaf', 'number_order'] as const;

/**
 * A number drawn by hand (a paper process), audited in the draw's transaction; dated no later than
 * `notAfter` (the council's today and DRAW_MARGIN_DAYS).
 */
export async function drawByHand(db: Kysely<SpaceDatabase>, id: number, options: { date?: string; notAfter: string; userId: number | null }): Promise<DrawnNumber> {
  return db.transaction().execute(async (trx) => {
    // Locked first, so the trail's "before" is the row this draw changes.
    const before = await trx.selectFrom('sequences').select(MOVED).where('id', '=', id).forUpdate().executeTakeFirst();
    const { row, drawn } = await drawRow(trx, id, { date: options.date, notAfter: options.notAfter, automatic: false });
    const moved = MOVED.filter((name) => before?.[name] !== row[name]);
    await recordAudit(trx, {
      event: 'updated', userId: options.userId, module: 'sequencias', recordId: id,
      oldValues: Object.fromEntries(moved.map((name) => [name, before?.[name] ?? null])),
      newValues: Object.fromEntries(moved.map((name) => [name, row[name]])),
    });
    return drawn;
  });
}

/**
 * `POST /api/sequencias/mask_preview` (who may see, insert or edit sequences) formats a number with a
 * mask as a draw would; `POST /api/sequencias/{id}/next` (`sequence.update`) draws a number by hand,
 * dated up to the council's tomorrow (app.clock); `POST /api/sequencias/{id}/reset_year` (an
 * administrator) takes a sequence moved into a later year by mistake back to this year (./reset.ts).
 */
const tags = ['sequencias'];
// The sequences' rules read the bodies and answer each refusal on its field, in their own words.
const contracts = {
  maskPreview: {
    tags, summary: 'Formata um número com uma máscara, como um sorteio formataria (permissão `sequence.show`, `.store` ou `.update`)',
    body: {
      type: 'object',
      properties: {
        formatting: { description: 'Texto: a máscara.' }, number: { description: 'Inteiro: o número.' }, year: { description: 'Inteiro: o ano.' },
        book: { description: 'Inteiro ou null: o livro.' }, leaf: { description: 'Inteiro ou null: a folha.' }, order: { description: 'Inteiro ou null: a ordem.' },
        annual_restart: { description: 'Sim ou não: reinício anual.' }, has_book: { description: 'Sim ou não: com livro.' },
      },
    },
    response: { 200: dataAnswer('O número formatado', text) },
    errors: ['401', '403', '422'],
  },
  next: {
    tags, summary: 'Gera à mão o próximo número da sequência (permissão `sequence.update`, auditado)',
    params: idParams,
    body: { type: 'object', properties: { date: { description: 'Data do registro (`AAAA-MM-DD`): decide o ano do reinício anual. Ausente: agora.' } } },
    response: {
      200: dataAnswer('O número gerado', drawnNumber),
    },
    errors: ['401', '403', '404', '409', '422'],
  },
  resetYear: {
    tags, summary: 'Repõe uma sequência levada por engano a um ano adiante (uma data como 2062 ou 9999) no ano informado, até o corrente (só administrador, auditado): com reinício anual, o contador volta ao último número emitido naquele ano, ou ao número informado, nunca abaixo dele; nenhum número se repete',
    params: idParams,
    body: { type: 'object', properties: { year: { description: 'Inteiro: o ano de volta; ausente: o ano corrente.' }, number: { description: 'Inteiro: o último número emitido naquele ano, quando o histórico não o mostra.' } } },
    response: { 200: dataMessageAnswer('O ano e o contador repostos', { type: 'object', properties: { last_draw_year: integer, number: integer, last_drawn_number: nullableInteger } }) },
    errors: ['401', '403', '404', '422'],
  },
} as const;

export async function sequenceRoutes(app: FastifyInstance, options: { model: Model }) {
  const entity = options.model.byModule.get('sequencias');
  if (!entity) return;
  const allow = operationAccess(options.model, app.resources);

  const routes = app.withTypeProvider<ContractTypes>();
  routes.post('/api/sequencias/mask_preview', { schema: contracts.maskPreview }, async (request) => {
    allow(request, entity, 'show', 'show', 'store', 'update');
    return { data: previewMask(objectBody(request.body)) };
  });

  routes.post('/api/sequencias/:id/next', { schema: contracts.next }, async (request) => {
    const { db, context } = allow(request, entity, 'update', 'update');
    const id = parseId(request.params.id);
    const body = objectBody(request.body);
    const date = body.date === undefined || body.date === null || body.date === '' ? undefined : body.date;
    if (date !== undefined && typeof date !== 'string') throw invalid({ date: [DATE_MESSAGE] });
    return { data: await drawByHand(spaceTables(db), id, { date, notAfter: councilDay(app.clock.now(), DRAW_MARGIN_DAYS), userId: context.userId }) };
  });

  routes.post('/api/sequencias/:id/reset_year', { schema: contracts.resetYear }, async (request) => {
    // No permission name but 'admin': only an administrator moves a sequence's year.
    const { db, context } = allow(request, entity, 'update');
    const id = parseId(request.params.id);
    const currentYear = Number(councilDay(app.clock.now()).slice(0, 4));
    return { data: await resetYear(spaceTables(db), id, objectBody(request.body), { currentYear, userId: context.userId }), message: 'Ano da sequência reposto.' };
  });
}
