/**
 * The hook contract: hand-written behaviour around the generic writes of one module.
 *
 * A feature registers its hooks with the core in its `feature.ts`
 * (`app.resources.hooks('usuarios', passwordPolicy)`, registry.ts). The generic operations
 * (write.ts, delete.ts) call them inside the transaction of the change, so whatever a hook writes
 * is committed or rolled back with the record and its audit row.
 * - `defaults` runs before the body is validated: values for fields the caller left out that only the
 *   server knows at run time (the institution, a new work relation's employer), where the schema's
 *   `default` is fixed. They are checked and stored as if sent; a field given a value keeps it
 *   (defaults.ts says where they apply).
 * - `beforeWrite` runs after the body is validated and before anything is stored. It may refuse
 *   with `throw invalid({ field: ['message'] })` (422 on that field) and may write other rows, but
 *   it may not change the body: what is stored is what the caller sent, or nothing. The body comes
 *   frozen (clear-text secrets included: a password is hashed when it is stored).
 * - `serverValues` runs after `beforeWrite`, in the transaction, just before the record's row is
 *   stored: it answers values for columns of the record that only the server decides at that moment
 *   (a number drawn from a sequence, a date computed from the record's options), stored with the row
 *   and so in its audit row. It may answer only the fields it names in `transforms`.
 * - `afterWrite` runs after the record, its sub-lists and links are stored. `record` is what the API
 *   answers, `previous` what it answered before (null on create). It may set or replace the answer's
 *   fields it names in `transforms` (a token shown once) and no other; keys beside `data` in the
 *   answer go in `context.answer`.
 * - `beforeDelete` runs before each record of a delete (one or multiple) is removed.
 * - `effects` says what a hook does beyond the write's transaction: 'databases' (makes or closes
 *   databases, which a rollback does not undo), 'network' (reaches other hosts).
 *
 * Hooks of one module run in the order the features register them (src/server/features.ts), those
 * with the effect 'databases' last, so that what follows them in the transaction can hardly fail.
 * The generic tests read `transforms` and `effects` from the registry: they compare every other field
 * of an answer with the body sent, and send no valid body to a module whose hooks have effects.
 *
 * @example
 *   // the auth feature's password-policy.ts
 *   export const passwordPolicy: ModuleHooks = {
 *     async beforeWrite(trx, { body }) {
 *       if (typeof body.password === 'string' && body.password.length < 8)
 *         throw invalid({ password: ['A senha deve ter pelo menos 8 caracteres.'] });
 *     },
 *   };
 *   // the auth feature's feature.ts
 *   app.resources.hooks('usuarios', passwordPolicy);
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DynamicDatabase } from '../db/dynamic.js';
import type { Entity, Model } from '../../../../language/index.js';
import type { SpaceStorages } from '../storage/storages.js';
import type { ComboParam } from './combos.js';

export type WriteMode = 'create' | 'update';
type Row = Record<string, unknown>;
export type HookEffect = 'databases' | 'network';

/** A file's bytes to delete: its key in the storage of its service (null: the space's own folder). */
export interface DiscardedFile {
  key: string;
  serviceId: number | null;
}

/** Who writes, the model that names what a constraint error points at, and the module's hooks. */
export interface WriteContext {
  model: Model;
  userId: number | null;
  /** The written module's hooks, in the order they run (ResourceRegistry.hooksOf). */
  hooks: readonly ModuleHooks[];
  /** Extra top-level keys a hook adds to the answer (`detached_databases`). */
  answer?: Record<string, unknown>;
  /** The request the write answers: where a hook finds the space and the databases beside it. */
  request?: FastifyRequest;
  /** Where the space's uploaded files are kept: new ones, and each file's own (resources/files.ts). */
  files?: SpaceStorages;
  /** Files the write dropped (their keys and services), whose bytes are deleted once its transaction commits. */
  discarded?: DiscardedFile[];
  /** The audit event of an update when it is more than an edit (`restored`: an earlier version brought back). */
  auditEvent?: string;
  /** The keys every module's write body may carry beside its fields (ResourceRegistry.attachment). */
  attachments?: readonly BodyAttachment[];
  /** The permission names a field of kind `permission` may hold (ResourceRegistry.permissionNames). */
  permissionNames: ReadonlySet<string>;
  /** The combo parameters features define by module (ResourceRegistry.comboParamsOf): a dependent combo's options, as the form asks them. */
  comboParams?: (module: string) => ReadonlyMap<string, ComboParam>;
  /**
   * What the caller of the write keeps in the write's own transaction, last (an import marks its row
   * done there, so the row and its record are committed or rolled back together).
   */
  inWrite?: (trx: DynamicDatabase, record: Row) => Promise<void>;
}

/**
 * A key any module's write body may carry beside its fields, read by one feature whatever the module:
 * a workflow's `system_action_attributes` (the record a task of a run creates or edits). The core takes
 * the key out of the body before the body is validated (so no module's schema names it), `parse`
 * checks its shape then (422 on the key), and `apply` runs in the write's transaction once the record,
 * its sub-lists and its audit row are stored, so a refusal there undoes the whole write.
 */
export interface BodyAttachment {
  key: string;
  parse(value: unknown, args: { entity: Entity; mode: WriteMode }): unknown;
  apply(trx: DynamicDatabase, args: { entity: Entity; mode: WriteMode; value: unknown; record: Row; context: WriteContext }): Promise<void>;
}

/** The body without the attachments' keys, and each attachment given with its parsed value. */
export function takeAttachments(input: unknown, entity: Entity, mode: WriteMode, context: WriteContext): { input: unknown; taken: { attachment: BodyAttachment; value: unknown }[] } {
  const attachments = context.attachments ?? [];
  if (attachments.length === 0 || input === null || typeof input !== 'object' || Array.isArray(input)) return { input, taken: [] };
  const given = attachments.filter((attachment) => attachment.key in input);
  if (given.length === 0) return { input, taken: [] };
  const rest: Row = { ...(input as Row) };
  for (const attachment of given) delete rest[attachment.key];
  return { input: rest, taken: given.map((attachment) => ({ attachment, value: attachment.parse((input as Row)[attachment.key], { entity, mode }) })) };
}

/** Runs the attachments a write carried, in its transaction, once the record is stored. */
export async function applyAttachments(trx: DynamicDatabase, taken: { attachment: BodyAttachment; value: unknown }[], args: { entity: Entity; mode: WriteMode; record: Row; context: WriteContext }): Promise<void> {
  for (const { attachment, value } of taken) await attachment.apply(trx, { ...args, value });
}

export interface WriteDefaults {
  entity: Entity;
  mode: WriteMode;
  context: WriteContext;
}

/**
 * Values for fields left out, by the field's name (`party_type_id`: on insert) or by
 * `<sub-list>.<field>` (`work_relations.employer_id`: on each new item of the sub-list).
 */
export type FieldDefaults = Record<string, unknown>;

/** A field's value after an update or insert: the body's when it sends it, else the stored one. */
export const valueAfter = (body: Readonly<Row>, previous: Readonly<Row> | null | undefined, field: string): unknown => (field in body ? body[field] : previous?.[field]);

export interface BeforeWrite {
  entity: Entity;
  mode: WriteMode;
  /** The validated body (only what the caller sent; clear-text secrets included), frozen. */
  body: Readonly<Row>;
  /** The record before the change (update only). */
  previous?: Readonly<Row>;
  context: WriteContext;
}

export interface AfterWrite {
  entity: Entity;
  mode: WriteMode;
  body: Readonly<Row>;
  /** The answer: only the fields named in `transforms` may change. */
  record: Row;
  previous: Readonly<Row> | null;
  context: WriteContext;
}

export interface BeforeDelete {
  entity: Entity;
  id: number;
  record: Readonly<Row>;
  context: WriteContext;
}

/**
 * A module's hooks. `DB` is the database the module lives in (`SpaceDatabase`, `PlatformDatabase`),
 * for a typed transaction; the core, which works on any table by name, runs them untyped.
 */
export interface ModuleHooks<DB = any> {
  /** Fields of the answer this hook sets or replaces. */
  readonly transforms?: readonly string[];
  /** What it does beyond the write's transaction. */
  readonly effects?: readonly HookEffect[];
  /**
   * The fields `defaults` fills (`name`, `work_relations.employer_id`): when named, the hook is asked
   * only for a body that leaves one of them out.
   */
  readonly defaultsFor?: readonly string[];
  /** Runs before validation, outside the write's transaction, so it gets the database rather than a transaction. */
  defaults?(db: Kysely<DB>, ctx: WriteDefaults): Promise<FieldDefaults> | FieldDefaults;
  beforeWrite?(trx: Kysely<DB>, ctx: BeforeWrite): Promise<void> | void;
  /**
   * `beforeWrite` for records written together (an import's batch), when the hook can judge them
   * with fewer queries than one round each; it refuses as beforeWrite does (the batch is then written
   * a record at a time, so each refusal lands on its own record). Without it, beforeWrite runs for each.
   */
  beforeWriteMany?(trx: Kysely<DB>, ctxs: BeforeWrite[]): Promise<void> | void;
  serverValues?(trx: Kysely<DB>, ctx: BeforeWrite): Promise<Row> | Row;
  afterWrite?(trx: Kysely<DB>, ctx: AfterWrite): Promise<void> | void;
  beforeDelete?(trx: Kysely<DB>, ctx: BeforeDelete): Promise<void> | void;
}

export async function runBeforeWrite(trx: DynamicDatabase, ctx: BeforeWrite): Promise<void> {
  for (const hook of ctx.context.hooks) await hook.beforeWrite?.(trx, ctx);
}

/** The beforeWrite hooks over records written together: each hook's beforeWriteMany, else its beforeWrite for each. */
export async function runBeforeWriteMany(trx: DynamicDatabase, hooks: readonly ModuleHooks[], ctxs: BeforeWrite[]): Promise<void> {
  for (const hook of hooks) {
    if (hook.beforeWriteMany) await hook.beforeWriteMany(trx, ctxs);
    else if (hook.beforeWrite) for (const ctx of ctxs) await hook.beforeWrite(trx, ctx);
  }
}

/** The column values the serverValues hooks answer, each hook answering only fields it names in `transforms`. */
export async function runServerValues(trx: DynamicDatabase, ctx: BeforeWrite): Promise<Row> {
  const values: Row = {};
  for (const hook of ctx.context.hooks) {
    if (!hook.serverValues) continue;
    const given = await hook.serverValues(trx, ctx);
    const allowed = new Set(hook.transforms ?? []);
    const unnamed = Object.keys(given).filter((key) => !allowed.has(key));
    if (unnamed.length) throw new Error(`A hook of ${ctx.entity.module} answered ${unnamed.join(', ')} without naming them in transforms.`);
    Object.assign(values, given);
  }
  return values;
}

/** Runs the afterWrite hooks; one that changes a field of the answer it does not name in `transforms` is a programming error. */
export async function runAfterWrite(trx: DynamicDatabase, ctx: AfterWrite): Promise<void> {
  for (const hook of ctx.context.hooks) {
    if (!hook.afterWrite) continue;
    const before = fingerprint(ctx.record);
    await hook.afterWrite(trx, ctx);
    const after = fingerprint(ctx.record);
    const allowed = new Set(hook.transforms ?? []);
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter((key) => before.get(key) !== after.get(key) && !allowed.has(key));
    if (changed.length) throw new Error(`A hook of ${ctx.entity.module} changed ${changed.join(', ')} of the answer without naming them in transforms.`);
  }
}

export async function runBeforeDelete(trx: DynamicDatabase, ctx: BeforeDelete): Promise<void> {
  for (const hook of ctx.context.hooks) await hook.beforeDelete?.(trx, ctx);
}

const fingerprint = (record: Row) => new Map(Object.entries(record).map(([key, value]) => [key, JSON.stringify(value)]));

/** Freezes a validated body and everything in it, so no hook can change what is stored. */
export function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}
