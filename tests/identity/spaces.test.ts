/**
 * Accounts across two spaces behind the real tenancy plugin (the default space on PGlite or
 * PostgreSQL, a PGlite space 'sul'): the same e-mail in each, one
 * administrator per space, the SMTP sink on loopback.
 */
import { restoreEnv } from '../support/env.js';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModel } from '../../language/index.js';
import { buildApp } from '../../src/server/app.js';
import { ensureAdministrator } from '../../src/server/features/auth/index.js';
import { loadConfig } from '../../src/server/core/config.js';
import { isSpaceless } from '../../src/server/core/http/space.js';
import { registerTenancy, SpaceDirectory } from '../../src/server/features/platform/index.js';
import { ROOT } from '../api/support/server.js';
import { createTestTarget, DATABASE_KINDS, type TestTarget, TEST_SPACE_TEMPLATES, platformDataDir, placeSpaceDatabase } from '../support/databases.js';
import { recoveryLink, startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { MIGRATIONS } from '../../src/server/features.js';

const EMAIL = 'ana@example.com';
const PASSWORDS = { default: 'Senha-Do-Padrao-1', sul: 'Senha-Do-Sul-2' } as const;

for (const kind of DATABASE_KINDS) describe(`accounts in two spaces, default space on ${kind} (real tenancy)`, () => {
  let platform: TestTarget | undefined;
  const dataDir = platformDataDir('test-accounts-spaces-', kind);
  const previous = process.env.SMTP_URL;
  let directory: SpaceDirectory;
  let app: FastifyInstance;
  let sink: SmtpSink;

  const post = async (url: string, tenant: string | null, payload: object, address = '10.9.0.1') => {
    const response = await app.inject({ method: 'POST', url, payload, remoteAddress: address, headers: tenant ? { tenant } : {} });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    process.env.SMTP_URL = sink.url;
    if (kind === 'postgres') platform = await createTestTarget('postgres', 'platformAndSpace');
    directory = await SpaceDirectory.open({ spaceTemplatesDir: TEST_SPACE_TEMPLATES, migrations: MIGRATIONS, dataDir, databaseUrl: platform?.target.kind === 'postgres' ? platform.target.url : undefined });
    const tenant = await directory.platform.insertInto('tenants').values({ name: 'Conselho Sul', initials: 'CS', email: 'sul@example.com' }).returning('id').executeTakeFirstOrThrow();
    await directory.platform.insertInto('tenant_configs').values({ tenant_id: tenant.id, tenant_name: 'sul', db_type: 'pglite', db_name: 'sul' }).execute();
    placeSpaceDatabase(dataDir, 'sul');
    await ensureAdministrator((await directory.resolve(undefined)).db, { email: EMAIL, password: PASSWORDS.default });
    await ensureAdministrator((await directory.resolve('sul')).db, { email: EMAIL, password: PASSWORDS.sul });
    app = await buildApp({
      config: loadConfig({ APP_URL: 'https://conselho.example.org' }, ROOT), model: loadModel(ROOT),
      tenancy: (root) => registerTenancy(root, directory, { prefix: '/api', skip: isSpaceless }),
    });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await directory?.close();
    await sink?.close();
    await platform?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    restoreEnv({ SMTP_URL: previous });
  }, 60_000);

  it('mails a link naming the space, which works in that space only', async () => {
    const mail = sink.next(EMAIL);
    expect((await post('/api/password/email', 'sul', { email: EMAIL })).status).toBe(200);
    const raw = (await mail).raw;
    const link = recoveryLink(raw);
    expect(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(`${link}?tenant=sul`);
    const token = link.split('/').pop()!;
    expect((await app.inject({ method: 'GET', url: `/api/password/reset/${token}` })).statusCode).toBe(404);
    const inSul = await app.inject({ method: 'GET', url: `/api/password/reset/${token}`, headers: { tenant: 'sul' } });
    expect(inSul.json()).toEqual({ data: { email: EMAIL } });
  });

  it('locks an e-mail in one space only', async () => {
    for (let i = 0; i < 5; i += 1) expect((await post('/api/auth', 'sul', { email: EMAIL, password: 'errada' })).status).toBe(422);
    expect((await post('/api/auth', 'sul', { email: EMAIL, password: PASSWORDS.sul })).status).toBe(429);
    expect((await post('/api/auth', null, { email: EMAIL, password: PASSWORDS.default })).status).toBe(200);
  });
});
