import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, mailSettings } from '../../src/server/core/mail/index.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { recoveryLink } from './support/smtp-sink.js';

describe('recovery mail without SMTP: the outbox folder under DATA_DIR', () => {
  let server: TestServer;
  let dataDir: string;
  const previous = { SMTP_URL: process.env.SMTP_URL, APP_URL: process.env.APP_URL };
  beforeAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.APP_URL;
    dataDir = mkdtempSync(join(tmpdir(), 'outbox-'));
    server = await startTestServer('pglite', { env: { DATA_DIR: dataDir } });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (previous.SMTP_URL !== undefined) process.env.SMTP_URL = previous.SMTP_URL;
    if (previous.APP_URL !== undefined) process.env.APP_URL = previous.APP_URL;
  });

  it('writes the message as an .eml file whose link opens the reset form', async () => {
    const user = await userWith(server, []);
    const response = await server.app.inject({
      method: 'POST', url: '/api/password/email', payload: { email: user.email },
      headers: { host: 'conselho.local:8000', origin: 'http://conselho.local:8080' },
    });
    expect(response.statusCode).toBe(200);
    const outbox = join(dataDir, 'outbox');
    let files: string[] = [];
    for (let i = 0; i < 50 && files.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      try { files = readdirSync(outbox).filter((f) => f.endsWith('.eml')); } catch { /* not created yet */ }
    }
    expect(files).toHaveLength(1);
    const raw = readFileSync(join(outbox, files[0]), 'utf8');
    expect(raw).toMatch(new RegExp(`^To: ${user.email.replace(/[.]/g, '\\.')}`, 'm'));
    // No APP_URL: the link goes to the web client the request came from.
    const link = recoveryLink(raw);
    expect(link).toMatch(/^http:\/\/conselho\.local:8080\/recuperar_senha\//);
    const token = link.split('/').pop();
    expect(await call(server, null)('GET', `/api/password/reset/${token}`)).toEqual({ status: 200, body: { data: { email: user.email } } });
  });
});

describe('the outbox mailer', () => {
  it('logs where each message was kept', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const logged: string[] = [];
    try {
      const mailer = createMailer(mailSettings({}, dataDir), (line) => logged.push(line));
      const path = await mailer.send({ to: 'ana@example.com', subject: 'Teste', text: 'Olá' });
      expect(path.startsWith(join(dataDir, 'outbox'))).toBe(true);
      expect(readFileSync(path, 'utf8')).toContain('Subject: Teste');
      expect(logged).toEqual([`E-mail para ana@example.com guardado em ${path} (SMTP_URL não configurado).`]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
