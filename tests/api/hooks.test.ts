/**
 * The hook contract (src/server/core/resources/hooks.ts): features register hooks by module name (a
 * misspelt one fails typecheck and start-up), the product's hooks run in their order, a hook cannot
 * change the body, and it changes only the answer fields it names in `transforms`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordPolicy } from '../../src/server/features/auth/password-policy.js';
import { revokeSessionsOnChange } from '../../src/server/features/auth/users.js';
import { defineFeature } from '../../src/server/core/feature.js';
import { FEATURES } from '../../src/server/features.js';
import { spaceHeartbeats, systemHeartbeats } from '../../src/server/features/monitoring/heartbeat-hooks.js';
import { monitorUrlRule } from '../../src/server/features/monitoring/url-rule.js';
import { listTenants } from '../../src/server/features/platform/routes.js';
import { systemToken } from '../../src/server/features/platform/system-token.js';
import { profileImageRule } from '../../src/server/features/profile/image.js';
import type { ModuleHooks } from '../../src/server/core/resources/hooks.js';
import { ResourceRegistry } from '../../src/server/core/resources/registry.js';
import { call, startTestServer, type TestServer } from './support/server.js';

type Phase = 'beforeWrite' | 'afterWrite' | 'beforeDelete';

const NAMES = new Map<ModuleHooks, string>([
  [passwordPolicy, 'passwordPolicy'], [profileImageRule, 'profileImageRule'], [revokeSessionsOnChange, 'revokeSessionsOnChange'],
  [monitorUrlRule, 'monitorUrlRule'], [spaceHeartbeats, 'spaceHeartbeats'], [systemToken, 'systemToken'], [systemHeartbeats, 'systemHeartbeats'],
]);
// The hooks that make or reach databases are made per app (they are given the space directory).
const nameOf = (hook: ModuleHooks, module: string) => NAMES.get(hook) ?? (hook.effects?.includes('databases') ? (module === 'usuarios' ? 'userSpaces' : 'spaceLifecycle') : 'unknown');

/** Hooks on `generos` that break the contract when the denomination asks them to. */
const bodyChanger: ModuleHooks = {
  beforeWrite(_trx, { body }) {
    if (String(body.denomination).startsWith('Muda corpo')) (body as Record<string, unknown>).denomination = 'Outro';
  },
};
const answerSetter: ModuleHooks = {
  transforms: ['denomination'],
  afterWrite(_trx, { record }) {
    if (String(record.denomination).startsWith('Troca resposta')) record.denomination = 'Trocada';
  },
};
const undeclaredChanger: ModuleHooks = {
  afterWrite(_trx, { record }) {
    if (String(record.denomination).startsWith('Muda situação')) record.inactivated = true;
  },
};
const contractProbe = defineFeature({ name: 'contract-probe', permissions: [{ name: 'probe.run', label: 'Sonda — executar', area: 'sistema' }] }, async (app) => {
  app.resources.hooks('generos', bodyChanger, answerSetter, undeclaredChanger);
});

describe('the hook registry', () => {
  it('refuses a module no schema describes, at typecheck and at start-up', () => {
    const registry = new ResourceRegistry([]);
    // @ts-expect-error 'usuario' is not a module name (generated/modules.ts)
    expect(() => registry.hooks('usuario', passwordPolicy)).toThrow("No module is named 'usuario'");
    // @ts-expect-error 'cliente' is not a module name either
    expect(() => registry.openList('cliente', listTenants)).toThrow("No module is named 'cliente'");
    expect(registry.hooks('usuarios', passwordPolicy).hooksOf('usuarios')).toEqual([passwordPolicy]);
  });
});

describe('the hook contract [postgres]', () => {
  let server: TestServer;
  let api: ReturnType<typeof call>;
  beforeAll(async () => {
    server = await startTestServer('postgres', { features: [...FEATURES, contractProbe] });
    api = call(server, server.adminToken);
  });
  afterAll(() => server?.close());

  const order = (module: string, phase: Phase) => server.app.resources.hooksOf(module).filter((hook) => hook[phase]).map((hook) => nameOf(hook, module));
  const stored = async (denomination: string) => (await server.db.selectFrom('genres').select('denomination').where('denomination', '=', denomination).execute()).length;

  it('runs the product hooks of each module in their order, phase by phase, those that make databases last', () => {
    expect(order('usuarios', 'beforeWrite')).toEqual(['passwordPolicy', 'profileImageRule', 'userSpaces']);
    expect(order('usuarios', 'afterWrite')).toEqual(['revokeSessionsOnChange', 'userSpaces']);
    expect(order('clientes', 'afterWrite')).toEqual(['spaceHeartbeats', 'spaceLifecycle']);
    expect(order('clientes', 'beforeDelete')).toEqual(['spaceHeartbeats', 'spaceLifecycle']);
    expect(order('sistemas', 'afterWrite')).toEqual(['systemToken', 'systemHeartbeats']);
    expect(order('monitores', 'beforeWrite')).toEqual(['monitorUrlRule']);
  });

  it('says which answer fields the hooks set and what they reach beyond the transaction', () => {
    const traits = (module: string) => {
      const { transforms, effects } = server.app.resources.traitsOf(module);
      return { transforms: [...transforms], effects: [...effects] };
    };
    expect(traits('sistemas')).toEqual({ transforms: ['system_token'], effects: [] });
    expect(traits('clientes')).toEqual({ transforms: ['tenant_configs'], effects: ['databases'] });
    expect(traits('monitores')).toEqual({ transforms: [], effects: ['network'] });
    expect(traits('tipo_servico_arquivo')).toEqual({ transforms: [], effects: ['network'] });
    expect(traits('usuarios')).toEqual({ transforms: ['tenant_configs'], effects: ['databases'] });
  });

  it('offers grants the permissions the features declare, and refuses a name none declares', async () => {
    const catalogue = (await api('GET', '/api/permissions')).body.data as { name: string }[];
    expect(catalogue).toContainEqual({ name: 'probe.run', label: 'Sonda — executar', module: null, area: 'sistema' });
    expect(catalogue).toContainEqual({ name: 'workflow.execute', label: 'Fluxos de trabalho — executar', module: null, area: 'fluxos' });
    expect(catalogue.filter((entry) => entry.name.startsWith('party.')).map((entry) => entry.name)).toEqual(['party.index', 'party.show', 'party.store', 'party.update', 'party.destroy']);
    expect((await api('POST', '/api/papeis', { name: 'Sondador', permissions: [{ name: 'probe.run', granted: true }] })).status).toBe(201);
    const refused = await api('POST', '/api/papeis', { name: 'Sondador de nada', permissions: [{ name: 'probe.nada', granted: true }] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'permissions.0.name': ['Permissão inexistente.'] });
  });

  it('gives hooks a frozen body: one that changes it fails the write, and nothing is stored', async () => {
    const response = await api('POST', '/api/generos', { denomination: 'Muda corpo 1' });
    expect(response.status).toBe(500);
    expect(await stored('Muda corpo 1')).toBe(0);
    expect(await stored('Outro')).toBe(0);
  });

  it('lets an afterWrite hook set the answer fields it names in transforms', async () => {
    const response = await api('POST', '/api/generos', { denomination: 'Troca resposta 1' });
    expect(response.status).toBe(201);
    expect(response.body.data.denomination).toBe('Trocada');
    expect(await stored('Troca resposta 1')).toBe(1);
  });

  it('refuses an afterWrite hook that changes an answer field it does not name, and rolls the write back', async () => {
    const response = await api('POST', '/api/generos', { denomination: 'Muda situação 1' });
    expect(response.status).toBe(500);
    expect(await stored('Muda situação 1')).toBe(0);
  });
});
