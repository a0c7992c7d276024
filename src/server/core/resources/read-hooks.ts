/**
 * The read-hook contract: answers a schema cannot compute, added to what the generic reads return
 * (a list's `current_config`, a deadline computed from other rows), registered per module by a
 * feature beside its write hooks: `app.resources.readHooks('fiscalizacoes', deadlines)`.
 * - `list` gets the rows of one page (both REST dialects, open lists included) and may add or
 *   replace fields on them; it should read what it needs for the whole page at once, not row by row.
 * - `show` gets the one record `GET /{module}/{id}` answers and may add or replace its fields.
 * - `answer` gives keys that a list's answer carries beside `data` and `meta` (a revenue setting's
 *   `current_config`), once a page, in the contract's dialect (the simple-rest dialect answers rows only).
 * The answers of writes (POST, PUT) are the stored record alone. Hooks of one module run in the order
 * they were registered; neither writes, and what they add is never stored or validated.
 *
 * @example
 *   export const deadlines: ReadHooks<SpaceDatabase> = {
 *     list(rows) { for (const row of rows) row.deadline = addDays(row.visit_date, 30); },
 *     show(record) { record.deadline = addDays(record.visit_date, 30); },
 *   };
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Entity } from '../../../../language/index.js';

type Row = Record<string, unknown>;

/** What a read hook may read beside the rows: the request (its caller), the entity and its database. */
export interface ReadContext<DB = any> {
  request: FastifyRequest;
  entity: Entity;
  db: Kysely<DB>;
}

export interface ReadHooks<DB = any> {
  list?(rows: Row[], ctx: ReadContext<DB>): Promise<void> | void;
  show?(record: Row, ctx: ReadContext<DB>): Promise<void> | void;
  answer?(ctx: ReadContext<DB>): Promise<Row> | Row;
}

export async function runListHooks(hooks: readonly ReadHooks[], rows: Row[], ctx: ReadContext): Promise<void> {
  for (const hook of hooks) await hook.list?.(rows, ctx);
}

/** The keys the hooks add beside a list's `data` and `meta`. */
export async function runAnswerHooks(hooks: readonly ReadHooks[], ctx: ReadContext): Promise<Row> {
  const keys: Row = {};
  for (const hook of hooks) if (hook.answer) Object.assign(keys, await hook.answer(ctx));
  return keys;
}

export async function runShowHooks(hooks: readonly ReadHooks[], record: Row, ctx: ReadContext): Promise<void> {
  for (const hook of hooks) await hook.show?.(record, ctx);
}
