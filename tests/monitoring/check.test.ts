import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../src/server/features/monitoring/check.js';
import { parseAllowedHosts } from '../../src/server/core/net/outbound.js';
import { startFixtureServer, type FixtureServer } from './support/fixture-server.js';

const allowedHosts = parseAllowedHosts('127.0.0.1');
let fixture: FixtureServer;

beforeAll(async () => {
  fixture = await startFixtureServer();
});
afterAll(() => fixture.close());

describe('one HTTP check', () => {
  it('is up on a 2xx answer containing the expected text, and measures the time', async () => {
    const url = fixture.route('/up', { body: 'Sistema no ar: tudo certo' });
    const result = await runCheck({ url, lookForString: 'tudo certo', responseTimeLimitMs: 2000 }, { allowedHosts });
    expect(result).toMatchObject({ ok: true, outcome: 'up', status: 200, bodySnippet: 'Sistema no ar: tudo certo' });
    expect(result.reason).toBeUndefined();
    expect(result.responseTimeMs).toBeGreaterThanOrEqual(0);
    expect(result.responseTimeMs).toBeLessThan(2000);
  });

  it('is a warning when the answer is right but slower than the limit', async () => {
    const url = fixture.route('/slow', { body: 'ok', delayMs: 300 });
    const result = await runCheck({ url, responseTimeLimitMs: 100 }, { allowedHosts });
    expect(result).toMatchObject({ ok: true, outcome: 'warning', status: 200 });
    expect(result.responseTimeMs).toBeGreaterThanOrEqual(290);
    expect(result.reason).toMatch(/^Tempo de resposta de \d+ ms acima do limite de 100 ms\.$/);
  });

  it('fails on a status outside 2xx', async () => {
    const url = fixture.route('/error', { status: 503, body: 'manutenção' });
    const result = await runCheck({ url }, { allowedHosts });
    expect(result).toMatchObject({ ok: false, outcome: 'failure', status: 503, reason: 'Resposta HTTP 503 (esperado 2xx).' });
  });

  it('fails when the expected text is not in the body', async () => {
    const url = fixture.route('/other-text', { body: 'página de erro amigável' });
    const result = await runCheck({ url, lookForString: 'Painel' }, { allowedHosts });
    expect(result).toMatchObject({ ok: false, status: 200, reason: 'Texto "Painel" não encontrado na resposta.' });
  });

  it('runs HEAD and POST as asked', async () => {
    const url = fixture.route('/methods', { body: 'ok' });
    expect(await runCheck({ url, method: 'head' }, { allowedHosts })).toMatchObject({ ok: true, status: 200, bodySnippet: '' });
    expect(await runCheck({ url, method: 'post' }, { allowedHosts })).toMatchObject({ ok: true, status: 200 });
  });

  it('one timeout covers the body: headers then silence fail at the limit', async () => {
    const url = fixture.route('/stall', { stallBody: true });
    const started = Date.now();
    const result = await runCheck({ url }, { allowedHosts, timeoutMs: 500 });
    const took = Date.now() - started;
    expect(result).toMatchObject({ ok: false, outcome: 'failure', reason: 'Tempo limite de 0,5 s excedido.' });
    expect(took).toBeGreaterThanOrEqual(480);
    expect(took).toBeLessThan(3000);
  });

  it('the same timeout covers waiting for the headers', async () => {
    const url = fixture.route('/late-headers', { delayMs: 2000 });
    const result = await runCheck({ url }, { allowedHosts, timeoutMs: 300 });
    expect(result.reason).toBe('Tempo limite de 0,3 s excedido.');
    expect(result.responseTimeMs).toBeLessThan(1500);
  });

  it('stops reading at the body cap: an endless body still finishes, judged on what was read', async () => {
    const url = fixture.route('/endless', { bodyBytes: Infinity });
    const result = await runCheck({ url, lookForString: 'a' }, { allowedHosts, maxBodyBytes: 64 * 1024, timeoutMs: 5000 });
    expect(result).toMatchObject({ ok: true, outcome: 'up', status: 200 });
    expect(result.bodySnippet).toBe('a'.repeat(500));

    const big = fixture.route('/big', { bodyBytes: 3 * 1024 * 1024 });
    const missing = await runCheck({ url: big, lookForString: 'fim' }, { allowedHosts, maxBodyBytes: 1024 });
    expect(missing.reason).toBe('Texto "fim" não encontrado na resposta.');
  });

  it('follows up to 5 redirects and refuses the sixth', async () => {
    for (let step = 1; step <= 6; step++) {
      fixture.route(`/hop${step}`, { redirectTo: step === 6 ? '/landing' : `/hop${step + 1}` });
    }
    fixture.route('/landing', { body: 'chegou' });
    const five = await runCheck({ url: `${fixture.origin}/hop2`, lookForString: 'chegou' }, { allowedHosts });
    expect(five).toMatchObject({ ok: true, status: 200, finalUrl: `${fixture.origin}/landing` });

    const six = await runCheck({ url: `${fixture.origin}/hop1` }, { allowedHosts });
    expect(six).toMatchObject({ ok: false, status: 302, reason: 'Redirecionamentos demais (mais de 5).' });
    expect(fixture.hits('/landing')).toBe(1);
  });
});
