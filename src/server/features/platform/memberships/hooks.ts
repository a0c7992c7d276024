import type { FastifyRequest } from 'fastify';
import { invalid } from '../../../core/http/app-error.js';
import { sessionOf } from '../../../core/http/session.js';
import { spaceOf } from '../../../core/http/space.js';
import { recordAudit } from '../../../core/audit/record.js';
import type { ModuleHooks } from '../../../core/resources/hooks.js';
import { platformOf } from '../platform-db.js';
import type { SpaceDirectory } from '../space-directory.js';
import { deactivateAccount, provideAccount } from './accounts.js';
import { councilOf, councilSpaces, joinSpace, leaveSpace, memberSpaces } from './store.js';

type Row = Record<string, unknown>;

export const NOT_OF_COUNCIL = 'O espaço selecionado não pertence a este conselho.';
const inactiveSpace = (name: string) => `O espaço ${name} está inativo: ative-o antes de incluir pessoas nele.`;

/** The one-time password of an account a save made in another space, shown once. */
export interface SpaceAccount {
  tenant_name: string;
  email: string;
  password: string;
}

/** `tenant_configs` of a user's record: the spaces of this council the person works in (none in the default space). */
export async function readUserSpaces(request: FastifyRequest, record: Readonly<Row>): Promise<number[]> {
  const space = spaceOf(request);
  const council = await councilOf(platformOf(request), space.name, space.isDefault !== false);
  if (!council || typeof record.email !== 'string') return [];
  return memberSpaces(platformOf(request), council.tenantId, record.email);
}

/**
 * usuarios: the spaces a person works in. The platform database keeps the membership (e-mail, space,
 * who added or removed it and when); each space's database keeps the person's account. Adding a space
 * provides the account there (`provideAccount`), removing one deactivates it; the current space is the
 * record itself, so its membership follows `active`. Accounts are written before memberships and each
 * write is idempotent: a save cut short between the two is completed by the next save of the user.
 */
export function userSpaces(directory: SpaceDirectory | null): ModuleHooks {
  return {
    transforms: ['tenant_configs'],
    effects: ['databases'],
    async beforeWrite(_trx, { body, context }) {
      if (!('tenant_configs' in body) || !context.request) return;
      const wanted = (body.tenant_configs as number[] | null) ?? [];
      if (wanted.length === 0) return;
      const request = context.request;
      const space = spaceOf(request);
      const council = await councilOf(platformOf(request), space.name, space.isDefault !== false);
      const offered = council ? await councilSpaces(platformOf(request), council.tenantId) : [];
      const byId = new Map(offered.map((option) => [option.id, option]));
      const held = council && typeof body.email === 'string' ? new Set(await memberSpaces(platformOf(request), council.tenantId, body.email)) : new Set<number>();
      for (const id of wanted) {
        const option = byId.get(id);
        if (!option) throw invalid({ tenant_configs: [NOT_OF_COUNCIL] });
        if (!option.active && !held.has(id) && id !== council?.configId) throw invalid({ tenant_configs: [inactiveSpace(option.name)] });
      }
    },
    async afterWrite(_trx, { entity, body, record, previous, context }) {
      const request = context.request;
      if (!request) return;
      const space = spaceOf(request);
      const platform = platformOf(request);
      const council = await councilOf(platform, space.name, space.isDefault !== false);
      if (!council) {
        record.tenant_configs = [];
        return;
      }
      const email = String(record.email);
      const before = await memberSpaces(platform, council.tenantId, typeof previous?.email === 'string' ? previous.email : email);
      const wanted = new Set('tenant_configs' in body ? ((body.tenant_configs as number[] | null) ?? []) : before);
      if (record.active === true) wanted.add(council.configId);
      else wanted.delete(council.configId);
      const names = new Map((await councilSpaces(platform, council.tenantId)).map((option) => [option.id, option.name]));
      const by = { space: space.name, userId: sessionOf(request).user?.id ?? null };
      const accounts: SpaceAccount[] = [];
      const person = { name: String(record.name), email };
      for (const id of wanted) {
        if (id !== council.configId) {
          if (!directory) continue;
          const target = await directory.resolve(names.get(id));
          const password = await provideAccount(target.db, person);
          if (password) accounts.push({ tenant_name: names.get(id)!, email, password });
        }
        await joinSpace(platform, { email, tenantConfigId: id, by });
      }
      for (const id of before) {
        if (wanted.has(id)) continue;
        if (id !== council.configId && directory) {
          // An inactive space answers no login: its account is left as it is until the space is active again.
          const target = await directory.resolve(names.get(id)).catch(() => null);
          if (target) await deactivateAccount(target.db, email);
        }
        await leaveSpace(platform, { email, tenantConfigId: id, by });
      }
      const after = await memberSpaces(platform, council.tenantId, email);
      const recordId = Number(record.id);
      const item = (id: number) => ({ id, name: names.get(id) ?? String(id) });
      for (const id of after) {
        if (!before.includes(id)) await recordAudit(_trx, { event: 'added_tenant_config', userId: context.userId, module: entity.module, recordId, newValues: item(id) });
      }
      for (const id of before) {
        if (!after.includes(id)) await recordAudit(_trx, { event: 'removed_tenant_config', userId: context.userId, module: entity.module, recordId, oldValues: item(id) });
      }
      record.tenant_configs = after;
      if (accounts.length) context.answer = { ...context.answer, space_accounts: accounts };
    },
    async beforeDelete(_trx, { record, context }) {
      const request = context.request;
      if (!request || typeof record.email !== 'string') return;
      const space = spaceOf(request);
      const council = await councilOf(platformOf(request), space.name, space.isDefault !== false);
      if (council) await leaveSpace(platformOf(request), { email: record.email, tenantConfigId: council.configId, by: { space: space.name, userId: sessionOf(request).user?.id ?? null } });
    },
  };
}
