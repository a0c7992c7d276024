import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../src/server/features/auth/login.js';
import { LoginThrottle } from '../../src/server/features/auth/throttle.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/core/config.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ROOT, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`login [${kind}]`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
    }, 60_000);
    afterAll(() => server?.close());

    const attempt = async (email: string, password: string, address = '10.0.0.1') => {
      const response = await server.app.inject({ method: 'POST', url: '/api/auth', payload: { email, password }, remoteAddress: address });
      return { status: response.statusCode, body: response.json(), retryAfter: response.headers['retry-after'] };
    };

    it('refuses a wrong password or an unknown e-mail with 422 on the e-mail field', async () => {
      const user = await userWith(server, []);
      for (const email of [user.email, 'desconhecido@example.com']) {
        const refused = await attempt(email, 'nao-e-esta', '10.0.1.1');
        expect(refused.status).toBe(422);
        expect(refused.body).toEqual({ message: 'E-mail ou senha inválidos.', errors: { email: ['E-mail ou senha inválidos.'] } });
      }
    });

    it('answers 423 with a pt-BR message to an inactive user with the right password', async () => {
      const user = await userWith(server, [], { active: false });
      const blocked = await attempt(user.email, user.password, '10.0.2.1');
      expect(blocked.status).toBe(423);
      expect(blocked.body.errors.email).toEqual(['Usuário bloqueado. Contacte o administrador.']);
    });

    it('locks the same space, e-mail and address after 5 failures, with Retry-After, and no one else', async () => {
      const user = await userWith(server, []);
      for (let i = 0; i < 5; i += 1) expect((await attempt(user.email, `errada-${i}`, '10.0.3.1')).status).toBe(422);
      const locked = await attempt(user.email, user.password, '10.0.3.1');
      expect(locked.status).toBe(429);
      expect(locked.body.errors.email[0]).toMatch(/Muitas tentativas/);
      const seconds = Number(locked.retryAfter);
      expect(seconds).toBeGreaterThan(14 * 60);
      expect(seconds).toBeLessThanOrEqual(15 * 60);
      // The owner, from another address, still gets in.
      expect((await attempt(user.email, user.password, '10.0.3.2')).status).toBe(200);
    });

    it('counts failures per space: a lock in one space leaves the same e-mail free in another', async () => {
      const user = await userWith(server, []);
      const throttle = new LoginThrottle();
      const options = { throttle, tokenTtlSeconds: 60 };
      const from = (space: string, password: string) => ({ email: user.email, password, space, address: '10.0.4.1' });
      for (let i = 0; i < 5; i += 1) await expect(login(server.db, from('primeiro', 'errada'), options)).rejects.toMatchObject({ status: 422 });
      await expect(login(server.db, from('primeiro', user.password), options)).rejects.toMatchObject({ status: 429 });
      expect((await login(server.db, from('segundo', user.password), options)).user.email).toBe(user.email);
    });

    it('lets a key try again once its window has passed, counting from one', async () => {
      const throttle = new LoginThrottle(2, 1_000);
      const key = `janela|${Math.random()}`;
      expect(await throttle.attempt(server.db, key)).toBe(0);
      expect(await throttle.attempt(server.db, key)).toBe(0);
      expect(await throttle.attempt(server.db, key)).toBe(1);
      // The window passes: its start moved back by more than the window, as the database's clock would see it a second later.
      await sql`update login_failures set since = since - interval '1.1 second' where key = ${key}`.execute(server.db);
      expect(await throttle.retryAfterSeconds(server.db, key)).toBe(0);
      expect(await throttle.attempt(server.db, key)).toBe(0);
      expect(await throttle.retryAfterSeconds(server.db, key)).toBe(0);
    });

    it('checks at most 5 of 50 guesses sent at once, then refuses the right password', async () => {
      const user = await userWith(server, []);
      const guesses = Array.from({ length: 50 }, (_, i) => `errada-${i}`);
      const answers = await Promise.all(guesses.map((password) => attempt(user.email, password, '10.0.6.1')));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(44);
      expect(statuses.filter((status) => status !== 422 && status !== 429)).toEqual([]);
      expect((await attempt(user.email, user.password, '10.0.6.1')).status).toBe(429);
    });

    it('counts failures together across server processes on one database', async () => {
      const user = await userWith(server, []);
      // A second server on the same database, as a second process would be (its own routes, its own lock).
      const other = await buildApp({ config: loadConfig({ ADMIN_EMAIL, ADMIN_PASSWORD }, ROOT), model: server.model, tenancy: { space: { name: 'default', db: server.db } }, logger: false });
      try {
        const attemptOn = async (app: typeof other, password: string) =>
          (await app.inject({ method: 'POST', url: '/api/auth', payload: { email: user.email, password }, remoteAddress: '10.0.5.1' })).statusCode;
        for (let i = 0; i < 5; i += 1) expect(await attemptOn(i % 2 ? other : server.app, `errada-${i}`)).toBe(422);
        expect(await attemptOn(server.app, user.password)).toBe(429);
        expect(await attemptOn(other, user.password)).toBe(429);
      } finally {
        await other.close();
      }
    });

    it('takes as long to refuse an unknown e-mail as a known one (medians)', async () => {
      const user = await userWith(server, []);
      const timed = async (email: string, i: number) => {
        const started = performance.now();
        const { status } = await attempt(email, 'senha-errada-qualquer', `10.1.${i}.${email === user.email ? 1 : 2}`);
        expect(status).toBe(422);
        return performance.now() - started;
      };
      await timed(user.email, 200);
      await timed('ninguem@example.com', 200);
      // Up to three rounds, each of interleaved pairs so a busy moment weighs on both series alike;
      // one round within the tolerance passes. Without the dummy hash an unknown e-mail answers in
      // a few ms against tens for argon2, in every round.
      const ratios: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        const known: number[] = [];
        const unknown: number[] = [];
        for (let i = 0; i < 9; i += 1) {
          known.push(await timed(user.email, round * 10 + i));
          unknown.push(await timed(`ninguem${round}.${i}@example.com`, round * 10 + i));
        }
        const [k, u] = [median(known), median(unknown)];
        ratios.push(u / k);
        console.log(`login failure medians [${kind}] round ${round + 1}: known e-mail ${k.toFixed(1)} ms, unknown e-mail ${u.toFixed(1)} ms`);
        if (u / k > 0.6 && u / k < 1.6) break;
      }
      expect(ratios.some((ratio) => ratio > 0.6 && ratio < 1.6), `ratios ${ratios.map((r) => r.toFixed(2)).join(', ')}`).toBe(true);
    });
  });
}
