/**
 * Tenant isolation under load: three spaces (the default one and two spaces of one council, made through
 * the API), each with a marker row and a user token (in the council's two spaces, one person's); hundreds of interleaved concurrent requests with own, foreign and
 * wrong credentials. A leak is a body carrying another space's marker, or a request that must be
 * refused and succeeds.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformApi, tenantWithSpace, type Answer, type PlatformApi } from './support/platform.js';

interface Space { header: string | undefined; name: string; marker: string; token: string; markerId: number }
interface Attempt { label: string; run: () => Promise<Answer>; expected: number; own?: Space }

const ROUNDS = 12;
const BATCH = 40;
const NEW_PASSWORD = 'Senha-Isolada-456!';

describe('tenant isolation', () => {
  let api: PlatformApi;
  const spaces: Space[] = [];

  /** The first login of a one-time password, a password of one's own, a fresh token. */
  async function firstLogin(tenantName: string, email: string, oneTime: string): Promise<string> {
    const first = (await api.login(email, oneTime, tenantName)).body.data.token;
    const changed = await api.send('PUT', '/api/perfil', {
      token: first, tenant: tenantName, payload: { name: 'Pessoa', email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(changed.status, changed.text).toBe(200);
    return (await api.login(email, NEW_PASSWORD, tenantName)).body.data.token;
  }

  beforeAll(async () => {
    api = await startPlatformApi();
    // One council with two spaces, and one person working in both: each space's token is that person's.
    const council = tenantWithSpace('iso-b');
    council.tenant_configs.push({ ...tenantWithSpace('iso-c').tenant_configs[0] });
    const created = await api.operator('POST', '/api/clientes', council);
    expect(created.status, created.text).toBe(201);
    const [itemB, itemC] = created.body.data.tenant_configs;
    const adminB = await firstLogin('iso-b', itemB.initial_admin.email, itemB.initial_admin.password);
    const adminC = await firstLogin('iso-c', itemC.initial_admin.email, itemC.initial_admin.password);
    const grants = ['index', 'show', 'update', 'destroy'].map((action) => ({ name: `civilStatus.${action}`, granted: true }));
    const person = await api.send('POST', '/api/usuarios', {
      token: adminB, tenant: 'iso-b',
      payload: { name: 'Pessoa', email: 'pessoa@iso.example.com', password: NEW_PASSWORD, active: true, permissions: grants, tenant_configs: [itemC.id] },
    });
    expect(person.status, person.text).toBe(201);
    const personC = await firstLogin('iso-c', 'pessoa@iso.example.com', person.body.space_accounts[0].password);
    const inC = await api.send('GET', '/api/usuarios?q=pessoa@iso', { token: adminC, tenant: 'iso-c' });
    const idInC = inC.body.data[0].id;
    const granted = await api.send('PUT', `/api/usuarios/${idInC}`, {
      token: adminC, tenant: 'iso-c', payload: { name: 'Pessoa', email: 'pessoa@iso.example.com', active: true, permissions: grants },
    });
    expect(granted.status, granted.text).toBe(200);
    const personB = (await api.login('pessoa@iso.example.com', NEW_PASSWORD, 'iso-b')).body.data.token;
    const tokens = [api.operatorToken, personB, personC];
    const writers = [api.operatorToken, adminB, adminC];
    const names = ['default', 'iso-b', 'iso-c'];
    // Each space's ids start far apart, so a marker's id exists in its own space only.
    let top = 0;
    for (const name of names) {
      const db = (await api.directory.resolve(name === 'default' ? undefined : name)).db;
      const row = await db.selectFrom('civil_statuses').select((eb) => eb.fn.max('id').as('top')).executeTakeFirst();
      top = Math.max(top, Number(row?.top ?? 0));
    }
    for (const [index, name] of names.entries()) {
      const db = (await api.directory.resolve(name === 'default' ? undefined : name)).db;
      await sql`select setval(pg_get_serial_sequence('civil_statuses', 'id'), ${top + 1000 * (index + 1)})`.execute(db);
      const marker = `Marcador ${'ABC'[index]}`;
      const header = name === 'default' ? undefined : name;
      const created = await api.send('POST', '/api/estados_civis', { token: writers[index], tenant: header, payload: { denomination: marker } });
      expect(created.status, created.text).toBe(201);
      spaces.push({ header, name, marker, token: tokens[index], markerId: created.body.data.id });
    }
  }, 180_000);
  afterAll(async () => { await api?.close(); });

  function attemptsFor(round: number): Attempt[] {
    const list: Attempt[] = [];
    for (const [index, own] of spaces.entries()) {
      const other = spaces[(index + 1 + (round % 2)) % spaces.length];
      // The default space is reached with no header or with its name.
      const header = own.header ?? (round % 2 ? 'default' : undefined);
      const otherHeader = other.header ?? 'default';
      const send = (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string, tenant: string | undefined, payload?: unknown) =>
        () => api.send(method, url, { token, tenant, payload });
      list.push(
        { label: `${own.name}: own list`, expected: 200, own, run: send('GET', '/api/estados_civis?q=Marcador', own.token, header) },
        { label: `${own.name}: own marker`, expected: 200, own, run: send('GET', `/api/estados_civis/${own.markerId}`, own.token, header) },
        { label: `${own.name}: own combos`, expected: 200, own, run: send('GET', '/api/estados_civis/combos', own.token, header) },
        { label: `${own.name}: foreign token`, expected: 401, run: send('GET', '/api/estados_civis', other.token, header) },
        { label: `${own.name}: foreign header`, expected: 401, run: send('GET', '/api/estados_civis', own.token, otherHeader) },
        { label: `${own.name}: foreign id read`, expected: 404, run: send('GET', `/api/estados_civis/${other.markerId}`, own.token, header) },
        { label: `${own.name}: foreign id update`, expected: 404, run: send('PUT', `/api/estados_civis/${other.markerId}`, own.token, header, { denomination: 'Invasor' }) },
        { label: `${own.name}: foreign id delete`, expected: 404, run: send('DELETE', `/api/estados_civis/${other.markerId}`, own.token, header) },
        { label: `${own.name}: foreign ids combos`, expected: 200, own, run: send('GET', `/api/estados_civis/combos?id=${other.markerId}`, own.token, header) },
        { label: `${own.name}: unknown space`, expected: 404, run: send('GET', '/api/estados_civis', own.token, `nao-existe-${round}`) },
        { label: `${own.name}: malformed space`, expected: 400, run: send('GET', '/api/estados_civis', own.token, round % 2 ? '../iso-b' : 'iso b') },
      );
    }
    return list;
  }

  it('refuses every foreign token, header and id and shows each space only its own marker', async () => {
    const attempts: Attempt[] = [];
    for (let round = 0; round < ROUNDS; round++) attempts.push(...attemptsFor(round));
    // Interleave the kinds and spaces so concurrent requests cross each other.
    const order = new Map(attempts.map((attempt, index) => [attempt, (index * 7919) % 101]));
    attempts.sort((a, b) => order.get(a)! - order.get(b)!);
    let leaks = 0;
    const wrong: string[] = [];
    for (let start = 0; start < attempts.length; start += BATCH) {
      const batch = attempts.slice(start, start + BATCH);
      const answers = await Promise.all(batch.map((attempt) => attempt.run()));
      answers.forEach((answer, index) => {
        const attempt = batch[index];
        const foreignMarker = spaces.some((space) => space !== attempt.own && answer.text.includes(space.marker));
        const refusedButServed = attempt.expected >= 400 && answer.status < 400;
        if (foreignMarker || refusedButServed) leaks += 1;
        if (answer.status !== attempt.expected) wrong.push(`${attempt.label}: ${answer.status} ${answer.text.slice(0, 120)}`);
        if (attempt.own && !attempt.label.endsWith('foreign ids combos') && !answer.text.includes(attempt.own.marker)) wrong.push(`${attempt.label}: own marker missing`);
      });
    }
    console.log(`tenant isolation: ${attempts.length} attempts, ${leaks} leaks`);
    expect(attempts.length).toBeGreaterThanOrEqual(300);
    expect(wrong).toEqual([]);
    expect(leaks).toBe(0);
    // Every marker is still there, unchanged, in its own space.
    for (const space of spaces) {
      const row = await api.send('GET', `/api/estados_civis/${space.markerId}`, { token: space.token, tenant: space.header });
      expect(row.body.data.denomination).toBe(space.marker);
    }
  }, 300_000);
});
