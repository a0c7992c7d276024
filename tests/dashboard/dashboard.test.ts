/**
 * `GET /api/dashboard` and the form-encoded posts of the specification's client, on the API as main.ts
 * builds it: counts per area only of the modules a person may list, exact below the cap and marked as
 * estimates above it; the monitors only for those who may see them, in a platform space; the person's
 * own latest changes.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/core/resources/passwords.js';
import { COUNT_CAP } from '../../src/server/features/dashboard/counts.js';
import { OPERATOR, startPlatformApi, tenantWithSpace, type PlatformApi } from '../platform/support/platform.js';

const CLERK = { email: 'balcao@conselho.test', password: 'senha-do-balcao' };
const NEW_PASSWORD = 'Senha-Do-Painel-123!';

/** The civil statuses' count on a dashboard answer. */
const civilOf = (answer: { areas: { modules: { module: string; count: number; exact: boolean }[] }[] }) =>
  answer.areas.flatMap((area) => area.modules).find((m) => m.module === 'estados_civis')!;

describe('the dashboard API', () => {
  let api: PlatformApi;
  let clerkToken: string;
  let clerkId: number;

  const dashboard = async (token: string, tenant?: string) => {
    const answer = await api.send('GET', '/api/dashboard', { token, tenant });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data;
  };
  const rows = async (table: string) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(api.directory.platform)).rows[0].n;
  const civilStatuses = () => rows('civil_statuses');

  beforeAll(async () => {
    api = await startPlatformApi();
    const db = (await api.directory.resolve(undefined)).db;
    const user = await db.insertInto('users').values({ name: 'Balcão', email: CLERK.email, password: await hashPassword(CLERK.password), active: true }).returning('id').executeTakeFirstOrThrow();
    clerkId = Number(user.id);
    await db.insertInto('user_permissions').values([{ user_id: clerkId, name: 'civilStatus.index', granted: true }, { user_id: clerkId, name: 'civilStatus.store', granted: true }]).execute();
    clerkToken = (await api.login(CLERK.email, CLERK.password)).body.data.token;
    const monitor = await api.operator('POST', '/api/monitores', { service_name: 'Portal do painel', system_name: 'Painel', uptime_check_enabled: false, url: 'https://painel.conselho.org.br/' });
    expect(monitor.status, monitor.text).toBe(201);
    await api.directory.platform.updateTable('monitors').set({ uptime_status: 'down', uptime_check_failure_reason: 'Tempo esgotado' }).where('id', '=', monitor.body.data.id).execute();
  }, 180_000);
  afterAll(async () => { await api?.close(); }, 60_000);


  it("counts, for the administrator, every area's modules with the rows they hold", async () => {
    const data = await dashboard(api.operatorToken);
    const tables = data.areas.find((area: { area: string }) => area.area === 'tabelas');
    const civil = tables.modules.find((m: { module: string }) => m.module === 'estados_civis');
    expect(civil).toMatchObject({ label: 'Estados civis', count: await civilStatuses(), exact: true });
    expect(tables.total).toBe(tables.modules.reduce((sum: number, m: { count: number }) => sum + m.count, 0));
    expect(data.areas.map((area: { area: string }) => area.area)).toEqual(expect.arrayContaining(['tabelas', 'sistema', 'plataforma']));
    // UFs have a read-only list in the menu, so they are counted like any list.
    expect(tables.modules.find((m: { module: string }) => m.module === 'uf')).toMatchObject({ label: 'UFs', count: await rows('states'), exact: true });
  });

  it("shows the monitors' statuses and the ones down to whoever may see monitors", async () => {
    const { monitors } = await dashboard(api.operatorToken);
    expect(monitors.by_status).toMatchObject({ down: 1, up: 0 });
    expect(monitors.total).toBe(1);
    expect(monitors.attention).toEqual([expect.objectContaining({ service_name: 'Portal do painel', uptime_status: 'down', uptime_check_failure_reason: 'Tempo esgotado' })]);
  });

  it('shows a clerk only the module they may list, no monitors, and only their own changes', async () => {
    const before = await dashboard(clerkToken);
    // Besides the party configuration, which is open to every signed-in person.
    expect(before.areas.filter((area: { area: string }) => area.area !== 'cadastro')).toEqual([
      { area: 'tabelas', label: 'Tabelas auxiliares', total: await civilStatuses(), exact: true, modules: [expect.objectContaining({ module: 'estados_civis' })] },
    ]);
    expect(before.areas.find((area: { area: string }) => area.area === 'cadastro').modules.map((m: { module: string }) => m.module).sort()).toEqual(['regras_relacao', 'tipo_relacao', 'tipos_parte']);
    expect(before.monitors).toBeNull();
    expect(before.recent).toEqual([]);
    const created = await api.send('POST', '/api/estados_civis', { token: clerkToken, payload: { denomination: 'Do painel' } });
    expect(created.status, created.text).toBe(201);
    await api.operator('POST', '/api/generos', { denomination: 'Do administrador' });
    const after = await dashboard(clerkToken);
    expect(civilOf(after).count).toBe(civilOf(before).count + 1);
    expect(after.recent).toEqual([expect.objectContaining({ event: 'created', module: 'estados_civis', module_label: 'Estados civis', record_id: created.body.data.id })]);
  });

  it('counts past the cap as an estimate, never as an exact figure', async () => {
    const db = api.directory.platform;
    await sql`insert into civil_statuses (denomination) select 'Em massa ' || n from generate_series(1, ${COUNT_CAP + 5}) n`.execute(db);
    await sql`analyze civil_statuses`.execute(db);
    try {
      const civil = civilOf(await dashboard(clerkToken));
      expect(civil.exact).toBe(false);
      expect(civil.count).toBeGreaterThanOrEqual(COUNT_CAP);
    } finally {
      await sql`delete from civil_statuses where denomination like 'Em massa %'`.execute(db);
    }
  });

  it("shows a customer's space administrator no monitors and nothing of the platform", async () => {
    const created = await api.operator('POST', '/api/clientes', tenantWithSpace('painel-a', { db_name: 'painel_a_db' }));
    expect(created.status, created.text).toBe(201);
    const admin = created.body.initial_admin ?? created.body.data.initial_admin;
    const first = (await api.login(admin.email, admin.password, 'painel-a')).body.data.token;
    await api.send('PUT', '/api/perfil', { token: first, tenant: 'painel-a', payload: { name: 'Administrador', email: admin.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } });
    const token = (await api.login(admin.email, NEW_PASSWORD, 'painel-a')).body.data.token;
    const data = await dashboard(token, 'painel-a');
    expect(data.monitors).toBeNull();
    expect(data.areas.map((area: { area: string }) => area.area)).not.toContain('plataforma');
    expect(data.areas.map((area: { area: string }) => area.area)).toContain('tabelas');
  });

  it('refuses the dashboard without a session', async () => {
    expect((await api.send('GET', '/api/dashboard')).status).toBe(401);
  });
});

describe('form-encoded posts', () => {
  let api: PlatformApi;
  beforeAll(async () => { api = await startPlatformApi(); }, 180_000);
  afterAll(async () => { await api?.close(); }, 60_000);

  const form = (url: string, fields: Record<string, string>) =>
    api.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

  it('logs in with a form-encoded body', async () => {
    const answer = await form('/api/auth', { email: OPERATOR.email, password: OPERATOR.password });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(JSON.parse(answer.body).data.token).toEqual(expect.any(String));
    const refused = await form('/api/auth', { email: OPERATOR.email, password: 'errada' });
    expect(refused.statusCode).toBe(422);
  });

  it('asks for a recovery link with a form-encoded body', async () => {
    const answer = await form('/api/password/email', { email: OPERATOR.email });
    expect(answer.statusCode, answer.body).toBe(200);
  });
});
