/**
 * The one registry of hand-written behaviour around the generic writes, keyed by module.
 *
 * The generic operations (write.ts, delete.ts) call these inside the transaction of the change,
 * so whatever a hook writes is committed or rolled back with the record and its audit row.
 * - `beforeWrite` runs after the body is validated and before anything is stored; it may refuse
 *   with `throw invalid({ field: ['message'] })` (422 on that field). `body` holds the raw values
 *   (a password in clear, never stored as such).
 * - `afterWrite` runs after the record, its sub-lists and links are stored; `record` is what the
 *   API returns, `previous` what it returned before (null on create).
 * - `beforeDelete` runs before each record of a delete (one or multiple) is removed.
 *
 * @example
 *   // a feature file exports its hooks …
 *   export const passwordPolicy: ModuleHooks = {
 *     async beforeWrite(trx, { body }) {
 *       if (typeof body.password === 'string' && body.password.length < 8)
 *         throw invalid({ password: ['A senha deve ter pelo menos 8 caracteres.'] });
 *     },
 *   };
 *   // … and is listed here under its module: `usuarios: [revokeSessionsOnChange, passwordPolicy]`.
 * Hooks of one module run in the order listed.
 */
import type { Kysely } from 'kysely';
import type { Entity } from '../../../generator/language/index.js';
import { passwordPolicy } from '../auth/password-policy.js';
import { revokeSessionsOnChange } from '../auth/users.js';
import { spaceHeartbeats, systemHeartbeats } from '../monitoring/heartbeat-hooks.js';
import { monitorUrlRule } from '../monitoring/url-rule.js';
import { spaceLifecycle } from '../platform/spaces/lifecycle.js';
import { systemToken } from '../platform/system-token.js';
import { profileImageRule } from '../profile/image.js';
import { sequenceRules } from '../sequences/rules.js';
import type { WriteContext } from './context.js';

export type WriteMode = 'create' | 'update';
type Row = Record<string, unknown>;

export interface BeforeWrite {
  entity: Entity;
  mode: WriteMode;
  /** The validated body (only what the caller sent; clear-text secrets included). */
  body: Row;
  /** The record before the change (update only). */
  previous?: Row;
  context: WriteContext;
}

export interface AfterWrite {
  entity: Entity;
  mode: WriteMode;
  body: Row;
  record: Row;
  previous: Row | null;
  context: WriteContext;
}

export interface BeforeDelete {
  entity: Entity;
  id: number;
  record: Row;
  context: WriteContext;
}

export interface ModuleHooks {
  beforeWrite?(trx: Kysely<any>, ctx: BeforeWrite): Promise<void> | void;
  afterWrite?(trx: Kysely<any>, ctx: AfterWrite): Promise<void> | void;
  beforeDelete?(trx: Kysely<any>, ctx: BeforeDelete): Promise<void> | void;
}

/** module → its hooks, in the order they run. */
export const hooks: Record<string, ModuleHooks[]> = {
  usuarios: [passwordPolicy, profileImageRule, revokeSessionsOnChange],
  monitores: [monitorUrlRule],
  // A space's heartbeat monitor follows the space and its system; the space lifecycle (databases
  // made, sessions ended) runs last, since what follows it in the transaction can hardly fail.
  clientes: [spaceHeartbeats, spaceLifecycle],
  sistemas: [systemToken, systemHeartbeats],
  sequencias: [sequenceRules],
};

const none: ModuleHooks[] = [];
const hooksOf = (module: string) => hooks[module] ?? none;

export async function runBeforeWrite(trx: Kysely<any>, ctx: BeforeWrite): Promise<void> {
  for (const hook of hooksOf(ctx.entity.module)) await hook.beforeWrite?.(trx, ctx);
}

export async function runAfterWrite(trx: Kysely<any>, ctx: AfterWrite): Promise<void> {
  for (const hook of hooksOf(ctx.entity.module)) await hook.afterWrite?.(trx, ctx);
}

export async function runBeforeDelete(trx: Kysely<any>, ctx: BeforeDelete): Promise<void> {
  for (const hook of hooksOf(ctx.entity.module)) await hook.beforeDelete?.(trx, ctx);
}
