/**
 * Each space keeps its own postal-code answers, named by its own UFs and municipalities, and a
 * person of another space, or of none, gets nothing.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpaceDatabase } from '../../generated/database.js';
import { loadModel } from '../../language/index.js';
import { buildApp } from '../../src/server/app.js';
import { ensureAdministrator } from '../../src/server/features/auth/index.js';
import { loadConfig } from '../../src/server/core/config.js';
import { isSpaceless } from '../../src/server/core/http/space.js';
import { registerTenancy, SpaceDirectory } from '../../src/server/features/platform/index.js';
import { ROOT } from '../api/support/server.js';
import { standIn, VIACEP_SE, type StandIn } from './support/providers.js';
import { TEST_SPACE_TEMPLATES, platformDataDir, placeSpaceDatabase } from '../support/databases.js';
import { MIGRATIONS } from '../../src/server/features.js';

const EMAIL = 'admin@example.com';
const PASSWORDS = { default: 'senha-do-padrao', sul: 'senha-do-sul' } as const;
type Space = keyof typeof PASSWORDS;
const savedAllowed = process.env.OUTBOUND_ALLOWED_HOSTS;

describe('postal codes of two spaces', () => {
  const dataDir = platformDataDir('test-postal-code-spaces-');
  let directory: SpaceDirectory;
  let app: FastifyInstance;
  let viaCep: StandIn;
  const cityIds: Record<string, number> = {};

  const request = async (space: Space, token: string | undefined, url: string, payload?: object) => {
    const headers: Record<string, string> = { tenant: space, ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const response = await app.inject({ method: payload ? 'POST' : 'GET', url, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() };
  };
  const login = async (space: Space) => (await request(space, undefined, '/api/auth', { email: EMAIL, password: PASSWORDS[space] })).body.data.token as string;

  /** São Paulo, inserted in each space after rows of its own, so its id differs between them. */
  const places = async (db: Kysely<SpaceDatabase>, before: number) => {
    for (let i = 0; i < before; i++) {
      const other = await db.insertInto('states').values({ initials: `X${String.fromCharCode(65 + i)}`, name: `Outra ${i}`, ibge_code: 11 + i }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('cities').values({ name: `Outro ${i}`, uf_id: other.id, ibge_code: 1100010 + i }).execute();
    }
    const state = await db.insertInto('states').values({ initials: 'SP', name: 'São Paulo', ibge_code: 35 }).returning('id').executeTakeFirstOrThrow();
    const city = await db.insertInto('cities').values({ name: 'São Paulo', uf_id: state.id, ibge_code: 3550308 }).returning('id').executeTakeFirstOrThrow();
    return Number(city.id);
  };

  beforeAll(async () => {
    process.env.OUTBOUND_ALLOWED_HOSTS = '127.0.0.1';
    viaCep = await standIn('viacep');
    directory = await SpaceDirectory.open({ spaceTemplatesDir: TEST_SPACE_TEMPLATES, migrations: MIGRATIONS, dataDir });
    const tenant = await directory.platform.insertInto('tenants').values({ name: 'Conselho Sul', initials: 'CS', email: 'sul@example.com' }).returning('id').executeTakeFirstOrThrow();
    await directory.platform.insertInto('tenant_configs').values({ tenant_id: tenant.id, tenant_name: 'sul', db_type: 'pglite', db_name: 'sul' }).execute();
    placeSpaceDatabase(dataDir, 'sul');
    for (const [space, before] of [['default', 0], ['sul', 3]] as const) {
      const { db } = await directory.resolve(space === 'default' ? undefined : space);
      await ensureAdministrator(db, { email: EMAIL, password: PASSWORDS[space] });
      cityIds[space] = await places(db, before);
    }
    const config = loadConfig({ POSTAL_CODE_VIACEP_URL: viaCep.url, POSTAL_CODE_BRASILAPI_URL: '', POSTAL_CODE_TIMEOUT_MS: '500' }, ROOT);
    app = await buildApp({ config, model: loadModel(ROOT), tenancy: (root) => registerTenancy(root, directory, { prefix: '/api', skip: isSpaceless }) });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await directory?.close();
    await viaCep?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (savedAllowed === undefined) delete process.env.OUTBOUND_ALLOWED_HOSTS;
    else process.env.OUTBOUND_ALLOWED_HOSTS = savedAllowed;
  }, 60_000);

  it('keeps each space\'s answers in its own database, named by its own municipalities', async () => {
    viaCep.reply = () => ({ status: 200, body: VIACEP_SE });
    const ours = await login('default');
    const theirs = await login('sul');
    expect(cityIds.default).not.toBe(cityIds.sul);
    expect((await request('default', ours, '/api/cep/01001-000')).body.data).toMatchObject({ city_id: cityIds.default, street_address: 'Praça da Sé' });
    viaCep.reply = () => ({ status: 200, body: { ...VIACEP_SE, logradouro: 'Praça da Sé, lado par' } });
    expect((await request('sul', theirs, '/api/cep/01001-000')).body.data).toMatchObject({ city_id: cityIds.sul, street_address: 'Praça da Sé, lado par' });
    expect((await request('default', ours, '/api/cep/01001-000')).body.data.street_address).toBe('Praça da Sé');
    expect(viaCep.asked).toEqual(['01001000', '01001000']);
  });

  it('refuses a person of another space, and one without a session', async () => {
    const theirs = await login('sul');
    expect((await request('default', theirs, '/api/cep/01001-000')).status).toBe(401);
    expect((await request('default', undefined, '/api/cep/01001-000')).status).toBe(401);
    expect(viaCep.asked).toHaveLength(2);
  });
});
