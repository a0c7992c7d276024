import type { SpaceDatabase } from '../../../../generated/database.js';
import { invalid } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import type { ReadHooks } from '../../core/resources/read-hooks.js';
import { fileIdOf } from '../../core/resources/files.js';

export const EVENT_NOT_ENABLED = 'O evento não é habilitado pela base legal escolhida.';

/** A legal base item's document extension: the one of the file's name as kept (the type its bytes are, docs/SCHEMAS.md 'Files'). */
export const legalBaseDocument: ModuleHooks<SpaceDatabase> = {
  transforms: ['legal_base_document_extension'],
  async serverValues(trx, { body }) {
    if (!('legal_base_document' in body)) return {};
    const id = fileIdOf(body.legal_base_document);
    if (id === null) return { legal_base_document_extension: null };
    const file = await trx.selectFrom('files').select('name').where('id', '=', id).executeTakeFirst();
    const extension = file?.name.match(/\.([a-z0-9]+)$/i)?.[1]?.toLowerCase() ?? null;
    return { legal_base_document_extension: extension };
  },
};

/** A generator fact's enabled events are among those its legal base enables (422 on `enabled_events` naming the first other). */
export const generatorFactEvents: ModuleHooks<SpaceDatabase> = {
  async beforeWrite(trx, { body, previous }) {
    const events = ('enabled_events' in body ? body.enabled_events : previous?.enabled_events) as number[] | null | undefined;
    const base = ('legal_base_document_id' in body ? body.legal_base_document_id : previous?.legal_base_document_id) as number | null | undefined;
    if (!events?.length) return;
    if (base === null || base === undefined) throw invalid({ legal_base_document_id: ['Escolha a base legal que habilita os eventos.'] });
    const enabled = new Set(
      (await trx.selectFrom('legal_base_item_revenue_events').select('revenue_event_id').where('legal_base_item_id', '=', base).execute()).map((row) => row.revenue_event_id),
    );
    if (events.some((event) => !enabled.has(event))) throw invalid({ enabled_events: [EVENT_NOT_ENABLED] });
  },
};

/**
 * A generator fact answers, beside its legal base's id, that legal base's document as the spec lists it
 * on the fact (`legal_base_document_name`, `legal_base_document_extension`; null without a legal base);
 * the file itself is downloaded from the legal base (`GET /api/itens_base_legal/{id}/files/legal_base_document`).
 */
export const generatorFactDocument: ReadHooks<SpaceDatabase> = {
  async list(rows, { db }) {
    const ids = [...new Set(rows.map((row) => row.legal_base_document_id).filter((id): id is number => typeof id === 'number'))];
    const bases = ids.length ? await db.selectFrom('legal_base_items').select(['id', 'legal_base_document_name', 'legal_base_document_extension']).where('id', 'in', ids).execute() : [];
    const byId = new Map(bases.map((base) => [base.id, base]));
    for (const row of rows) {
      const base = byId.get(row.legal_base_document_id as number);
      row.legal_base_document_name = base?.legal_base_document_name ?? null;
      row.legal_base_document_extension = base?.legal_base_document_extension ?? null;
    }
  },
  async show(record, context) {
    await generatorFactDocument.list!([record], context);
  },
};
