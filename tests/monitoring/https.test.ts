import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../src/server/features/monitoring/check.js';
import { parseAllowedHosts } from '../../src/server/core/net/outbound.js';

describe('checks over https', () => {
  let folder: string;
  let server: Server;
  let url: string;
  let hits = 0;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'monitor-tls-'));
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
      '-keyout', join(folder, 'key.pem'), '-out', join(folder, 'cert.pem'),
    ], { stdio: 'ignore' });
    server = createServer({ key: readFileSync(join(folder, 'key.pem')), cert: readFileSync(join(folder, 'cert.pem')) }, (_request, response) => {
      hits++;
      response.end('seguro');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `https://localhost:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  });

  it('resolves through the guard: a loopback name is refused before any TLS handshake', async () => {
    const result = await runCheck({ url }, { allowedHosts: new Set() });
    expect(result).toMatchObject({ ok: false, reason: 'Endereço não permitido: máquina local (loopback).' });
    expect(hits).toBe(0);
  });

  it('verifies the certificate and says so in pt-BR when it cannot be trusted', async () => {
    const result = await runCheck({ url }, { allowedHosts: parseAllowedHosts('localhost') });
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(/^Falha no certificado TLS \((DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)\)\.$/);
    expect(hits).toBe(0);
  });

  it('refuses a method it does not know', async () => {
    const result = await runCheck({ url, method: 'trace' }, { allowedHosts: parseAllowedHosts('localhost') });
    expect(result).toMatchObject({ ok: false, reason: 'Método de verificação inválido: trace.' });
  });
});
