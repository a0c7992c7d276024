import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Entity, Model } from '../../../../language/index.js';
import { COUNCIL_TIME_ZONE } from '../../../shared/council-clock.js';
import { recordAudit } from '../audit/record.js';
import { badRequest } from '../http/app-error.js';
import { sessionOf } from '../http/session.js';
import { spaceOf } from '../http/space.js';
import type { AllowOperation } from './access.js';
import { attachmentDisposition } from './file-content.js';
import { csvFile, xlsxFile, type NamedBatch } from './export-files.js';
import { exportedColumns, exportListParameters, listBatches, openListBatches, withReadHooks } from './export-rows.js';
import { exportColumns, referenceNamer, type ExportColumn } from './export-values.js';
import { parseListQuery } from './list-query.js';
import type { ResourceRegistry } from './registry.js';

type Row = Record<string, unknown>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** An export's file and the headers it goes with. */
export interface ExportAnswer {
  headers: Record<string, string>;
  body: Readable;
}

function exportFormat(raw: unknown): ExportFormat {
  const format = typeof raw === 'string' ? raw.toLowerCase() : raw;
  if (!EXPORT_FORMATS.includes(format as ExportFormat)) throw badRequest('O parâmetro format deve ser csv ou xlsx.');
  return format as ExportFormat;
}

const today = new Intl.DateTimeFormat('pt-BR', { timeZone: COUNCIL_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });

/** `Municípios 24-11-2026.xlsx`: the list's plural label and the day, on the councils' clock. */
export const exportFileName = (entity: Entity, format: ExportFormat, now = new Date()) =>
  `${entity.label.plural} ${today.format(now).replace(/\//g, '-')}.${format}`;

/** The list parameters the caller gave, as the audit row keeps them. */
const givenParameters = (parameters: Row) => Object.fromEntries(Object.entries(parameters).filter(([, value]) => value !== undefined && value !== ''));

/**
 * A list's rows as a file (`GET /api/{module}/export?format=csv|xlsx` with the list's `q`, `filter`,
 * `sort`, `order`): the rows the list answers for those parameters, to the last, read in batches and
 * streamed, under the same permission check, open list and read hooks as the list; the references
 * of each batch named in one read per module, for the ids no earlier batch named. The parameters and the first batch are read before
 * answering, so a bad one answers 400 rather than a cut file. One audit row (`exported`) records the
 * format, the parameters and how many rows went out, once the file is written (or cut short).
 */
export async function exportFor(allow: AllowOperation, registry: ResourceRegistry, model: Model, request: FastifyRequest, entity: Entity, raw: Row): Promise<ExportAnswer> {
  const format = exportFormat(raw.format);
  const parameters = exportListParameters(raw);
  const openList = registry.openListOf(entity.module);
  const query = parseListQuery(entity, parameters);
  const db = openList ? registry.locatorOf(entity.database).db(request) : allow(request, entity, 'list', 'index').db;
  const hooks = registry.readHooksOf(entity.module);
  const columns = exportColumns(entity);
  const selected = hooks.length ? undefined : exportedColumns(columns.map((c) => c.field), query);
  const read = openList ? openListBatches(openList, request, entity, parameters) : listBatches(db, entity, query, { columns: selected });
  const batches = withReadHooks(read, hooks, { request, entity, db })[Symbol.asyncIterator]();
  const first = await batches.next();
  const dbOf = (referenced: Entity) => registry.locatorOf(referenced.database).db(request);
  const audit = (rows: number, complete: boolean) =>
    recordAudit(spaceOf(request).db, {
      event: 'exported', userId: sessionOf(request).user.id, module: entity.module, recordId: 0,
      newValues: { format, filters: givenParameters(parameters), rows, ...(complete ? {} : { complete: false }) },
    });
  const named = namedBatches(first.done ? null : first.value, batches, columns, referenceNamer(model, dbOf, columns), audit);
  const name = exportFileName(entity, format);
  return {
    headers: {
      'content-type': CONTENT_TYPES[format],
      'content-disposition': attachmentDisposition(name),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
    body: format === 'csv' ? csvFile(columns, named) : xlsxFile(entity.label.plural, columns, named),
  };
}

/**
 * The batches with their references' names, counted; the audit row is written when they end, however
 * they end. The next batch is read and named while one is written (the database and the writing
 * overlap rather than take turns), so at most two batches are held, and no more is read ahead: a slow
 * reader still slows the reading.
 */
async function* namedBatches(
  first: Row[] | null,
  rest: AsyncIterator<Row[]>,
  columns: ExportColumn[],
  namesOf: (rows: Row[]) => Promise<NamedBatch['names']>,
  audit: (rows: number, complete: boolean) => Promise<void>,
): AsyncGenerator<NamedBatch> {
  const named = async (rows: Row[]): Promise<NamedBatch> => ({ rows, names: columns.length ? await namesOf(rows) : new Map() });
  const following = async (): Promise<NamedBatch | null> => {
    const next = await rest.next();
    return next.done ? null : named(next.value);
  };
  /** Whatever ends the export while a batch is being read ahead, its failure is not left unhandled. */
  const ahead = (batch: Promise<NamedBatch | null>) => {
    batch.catch(() => undefined);
    return batch;
  };
  let count = 0;
  let audited = false;
  let pending = ahead(first ? named(first) : Promise.resolve(null));
  try {
    for (let batch = await pending; batch; batch = await pending) {
      pending = ahead(following());
      // A turn of the event loop, so the next batch's statement is on its way before this one is written.
      await new Promise((resolve) => setImmediate(resolve));
      count += batch.rows.length;
      yield batch;
    }
    audited = true;
    await audit(count, true);
  } finally {
    await pending.catch(() => undefined);
    await rest.return?.();
    if (!audited) await audit(count, false).catch(() => undefined);
  }
}
