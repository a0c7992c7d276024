/**
 * A space's active file service through the API, on both databases, with two spaces served by one
 * app (`Tenant: sul` names the second): where new files go, that each file is read, replaced and
 * deleted through the service holding it whatever service is in use later, what a service holding
 * files may no longer do, that one space never reaches another's services, and that saves putting
 * services in use at once leave exactly one in use.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { ensureAdministrator } from '../../src/server/features/auth/index.js';
import { loadConfig } from '../../src/server/core/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/server/core/db/index.js';
import { migrateToLatest } from '../../src/server/core/db/migrate.js';
import { IN_USE_INACTIVE, holdsFilesOnDelete, holdsFilesOnTypeChange } from '../../src/server/features/file-services/rules.js';
import { STORAGE_UNAVAILABLE } from '../../src/server/core/resources/file-routes.js';
import type { RequestSpace } from '../../src/server/core/http/space.js';
import { fixtureModel, writeFixtureMigrations, type FixtureMigrations } from '../api/fixtures/model.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ROOT } from '../api/support/server.js';
import { TestServers, type S3Server } from '../storage/servers.js';
import { createTestTarget, FEATURE_DATABASE_KINDS, type TestTarget } from '../support/databases.js';
import { filesUnder, multipart, PDF, PNG } from './support.js';

const model = fixtureModel(['tipo_servico_arquivo']);
let migrations: FixtureMigrations;
const servers = new TestServers();
let s3: S3Server;

beforeAll(async () => {
  migrations = writeFixtureMigrations(model);
  vi.stubEnv('OUTBOUND_ALLOWED_HOSTS', '127.0.0.1');
  s3 = await servers.s3(['servicos-pglite', 'servicos-postgres', 'outro-pglite', 'outro-postgres']);
}, 60_000);
afterAll(async () => {
  migrations?.remove();
  vi.unstubAllEnvs();
  await servers.stop();
});

type Tenant = 'default' | 'sul';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`a space's active file service [${kind}]`, () => {
    const targets: TestTarget[] = [];
    const handles: DatabaseHandle[] = [];
    const dbs = {} as Record<Tenant, Kysely<any>>;
    const tokens = {} as Record<Tenant, string>;
    let app: FastifyInstance;
    let dataDir: string;
    const bucket = `servicos-${kind}`;

    const request = async (tenant: Tenant, method: Method, url: string, payload?: object) => {
      const response = await app.inject({ method, url, headers: { tenant, authorization: `Bearer ${tokens[tenant]}` }, ...(payload ? { payload } : {}) });
      return { status: response.statusCode, body: response.body ? response.json() : null };
    };
    const api = (method: Method, url: string, payload?: object) => request('default', method, url, payload);
    const upload = async (tenant: Tenant, name: string, bytes: Buffer) => {
      const body = multipart(name, bytes);
      const response = await app.inject({ method: 'POST', url: '/api/laudos/files/document', headers: { ...body.headers, tenant, authorization: `Bearer ${tokens[tenant]}` }, payload: body.payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { id: string };
    };
    /** A report holding a new upload; answers its id and the file's. */
    const report = async (tenant: Tenant, title: string, bytes = PDF) => {
      const file = await upload(tenant, `${title}.pdf`, bytes);
      const created = await request(tenant, 'POST', '/api/laudos', { title, document: file.id });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return { id: created.body.data.id as number, file: file.id };
    };
    const download = (tenant: Tenant, id: number) => app.inject({ method: 'GET', url: `/api/laudos/${id}/files/document`, headers: { tenant, authorization: `Bearer ${tokens[tenant]}` } });
    const service = async (tenant: Tenant, body: object) => {
      const saved = await request(tenant, 'POST', '/api/tipo_servico_arquivo', body);
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      return saved.body.data as { id: number; updated_at: string; in_use: boolean };
    };
    /** An edit as the form sends it: the record as shown, with the changes. */
    const edit = async (tenant: Tenant, id: number, changes: object) => {
      const { body } = await request(tenant, 'GET', `/api/tipo_servico_arquivo/${id}`);
      return request(tenant, 'PUT', `/api/tipo_servico_arquivo/${id}`, { ...body.data, ...changes });
    };
    const s3Service = (name: string, extra: object = {}) => ({ name, service_type: 2, s3_key: 'S3RVER', s3_secret: 'S3RVER', s3_region: 'sa-east-1', s3_bucket: bucket, s3_endpoint: s3.endpoint, ...extra });
    const serviceOf = async (tenant: Tenant, fileId: string) => {
      const row = await dbs[tenant].selectFrom('files').select('service_id').where('id', '=', fileId).executeTakeFirstOrThrow();
      return row.service_id === null ? null : Number(row.service_id);
    };
    const inUse = async (tenant: Tenant) => (await dbs[tenant].selectFrom('file_service_types').select('id').where('in_use', '=', true).orderBy('id').execute()).map((row) => Number(row.id));
    const files = (folder: string) => filesUnder(join(dataDir, 'files', folder));

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'servicos-'));
      for (const tenant of ['default', 'sul'] as const) {
        const target = await createTestTarget(kind);
        targets.push(target);
        const handle = await openDatabase(target.target);
        handles.push(handle);
        await migrateToLatest(handle.db, migrations.set);
        await ensureAdministrator(handle.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
        dbs[tenant] = handle.db;
      }
      const spaces: Record<Tenant, RequestSpace> = { default: { name: 'default', db: dbs.default, isDefault: true }, sul: { name: 'sul', db: dbs.sul, isDefault: false } };
      app = await buildApp({
        config: loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD }, ROOT),
        model,
        logger: process.env.TEST_LOG ? { level: 'error' } : false,
        tenancy: async (root) => {
          root.decorateRequest('space', null as never);
          root.addHook('onRequest', async (request) => {
            (request as unknown as { space: RequestSpace }).space = spaces[request.headers.tenant === 'sul' ? 'sul' : 'default'];
          });
        },
      });
      for (const tenant of ['default', 'sul'] as const) {
        const response = await app.inject({ method: 'POST', url: '/api/auth', headers: { tenant }, payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
        tokens[tenant] = response.json().data.token;
      }
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      for (const handle of handles) await handle.close();
      for (const target of targets) await target.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('keeps the files of a space with no service in use in a folder of its own', async () => {
      const mine = await report('default', 'padrao');
      const theirs = await report('sul', 'sul');
      expect(await serviceOf('default', mine.file)).toBeNull();
      expect(await serviceOf('sul', theirs.file)).toBeNull();
      // The default space keeps the layout of before; any other space, its folder under spaces/.
      expect(files('laudos')).toEqual([join('document', mine.file)]);
      expect(files('spaces/sul/default')).toEqual([join('laudos', 'document', theirs.file)]);
      expect((await download('sul', theirs.id)).rawPayload.equals(PDF)).toBe(true);
    });

    it('sends new files to the service put in use, and reads, replaces and deletes the earlier ones where they are', async () => {
      const local = await service('default', { name: 'Pasta do conselho', service_type: 3, local_path: 'conselho', in_use: true });
      expect(await inUse('default')).toEqual([local.id]);
      const first = await report('default', 'primeiro');
      const second = await report('default', 'segundo');
      const kept = await report('default', 'guardado');
      expect(await serviceOf('default', first.file)).toBe(local.id);
      expect(files('spaces/default/local/conselho')).toHaveLength(3);

      const remote = await service('default', s3Service('Bucket do conselho', { in_use: true }));
      expect(await inUse('default')).toEqual([remote.id]);
      const shown = await api('GET', `/api/tipo_servico_arquivo/${local.id}`);
      expect(shown.body.data.in_use).toBe(false);
      const audit = await dbs.default.selectFrom('audits').select(['event', 'old_values', 'new_values']).where('module', '=', 'tipo_servico_arquivo').where('record_id', '=', local.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ event: 'updated', old_values: { in_use: true }, new_values: { in_use: false } });

      const third = await report('default', 'terceiro', PNG);
      expect(await serviceOf('default', third.file)).toBe(remote.id);
      expect(await s3.keys(bucket)).toEqual([`laudos/document/${third.file}`]);
      expect((await download('default', first.id)).rawPayload.equals(PDF)).toBe(true);
      expect((await download('default', third.id)).rawPayload.equals(PNG)).toBe(true);

      // An earlier file is deleted from its own service; its replacement goes to the one in use.
      expect((await api('DELETE', `/api/laudos/${first.id}`)).status).toBe(200);
      const replacement = await upload('default', 'novo.png', PNG);
      expect((await api('PUT', `/api/laudos/${second.id}`, { title: 'segundo', document: replacement.id })).status).toBe(200);
      expect(files('spaces/default/local/conselho')).toEqual([join('laudos', 'document', kept.file)]);
      expect(await s3.keys(bucket)).toEqual([`laudos/document/${replacement.id}`, `laudos/document/${third.file}`].sort());
      expect((await download('default', second.id)).rawPayload.equals(PNG)).toBe(true);
      // Nothing went to the space's own folder while a service was in use.
      expect(files('laudos')).toHaveLength(1);
    });

    it('refuses to delete or change the type of a service holding files, and to keep an inactive one in use', async () => {
      const [local] = (await api('GET', '/api/tipo_servico_arquivo?q=Pasta do conselho')).body.data as { id: number }[];
      const [remote] = await inUse('default');
      const deleted = await api('DELETE', `/api/tipo_servico_arquivo/${local.id}`);
      expect(deleted).toEqual({ status: 409, body: { message: holdsFilesOnDelete(1) } });
      // The database keeps it too, whatever deletes the row: the file's row references its service.
      await expect(dbs.default.deleteFrom('file_service_types').where('id', '=', local.id).execute()).rejects.toThrow(/foreign key/);
      expect(holdsFilesOnDelete(1)).toBe('Não é possível excluir: este serviço de arquivos guarda 1 arquivo. Para deixar de usá-lo, desmarque "Em uso" ou inative-o; ele continua servindo os arquivos que guarda.');
      const retyped = await edit('default', local.id, s3Service('Pasta do conselho'));
      expect(retyped.status).toBe(422);
      expect(retyped.body.errors).toEqual({ service_type: [holdsFilesOnTypeChange(1)] });

      // Inactive, it still serves the file it holds; it cannot be put in use.
      expect((await edit('default', local.id, { inactivated: true })).status).toBe(200);
      const [kept] = (await api('GET', '/api/laudos?q=guardado')).body.data as { id: number }[];
      expect((await download('default', kept.id)).statusCode).toBe(200);
      const back = await edit('default', local.id, { in_use: true });
      expect(back).toEqual({ status: 422, body: expect.objectContaining({ errors: { in_use: [IN_USE_INACTIVE] } }) });
      const offInUse = await edit('default', remote, { inactivated: true });
      expect(offInUse.body.errors).toEqual({ in_use: [IN_USE_INACTIVE] });
      const born = await api('POST', '/api/tipo_servico_arquivo', { name: 'Nasce inativo', service_type: 3, local_path: 'x', in_use: true, inactivated: true });
      expect(born.body.errors).toEqual({ in_use: [IN_USE_INACTIVE] });
      expect(await inUse('default')).toEqual([remote]);

      // Once its last file is gone, it may go too.
      expect((await api('DELETE', `/api/laudos/${kept.id}`)).status).toBe(200);
      expect((await api('DELETE', `/api/tipo_servico_arquivo/${local.id}`)).status).toBe(200);
      const empty = await service('default', { name: 'Vazio', service_type: 3, local_path: 'vazio' });
      expect((await api('DELETE', `/api/tipo_servico_arquivo/${empty.id}`)).status).toBe(200);
    });

    it('uses an edited service from the next request on', async () => {
      const [remote] = await inUse('default');
      const moved = await edit('default', remote, { s3_bucket: `outro-${kind}` });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const file = await upload('default', 'mudou.pdf', PDF);
      expect(await s3.keys(`outro-${kind}`)).toEqual([`laudos/document/${file.id}`]);

      // An unreachable service answers 503 and keeps nothing.
      const closed = await edit('default', remote, { s3_endpoint: 'http://127.0.0.1:9' });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      const rows = (await dbs.default.selectFrom('files').select('id').execute()).length;
      const body = multipart('fora.pdf', PDF);
      const refused = await app.inject({ method: 'POST', url: '/api/laudos/files/document', headers: { ...body.headers, authorization: `Bearer ${tokens.default}` }, payload: body.payload });
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 503, body: { message: STORAGE_UNAVAILABLE } });
      expect((await dbs.default.selectFrom('files').select('id').execute()).length).toBe(rows);
      expect((await edit('default', remote, { s3_endpoint: s3.endpoint, s3_bucket: bucket })).status).toBe(200);
    });

    it('never shows or uses a service of another space', async () => {
      const [remote] = await inUse('default');
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const answer = await request('sul', method, `/api/tipo_servico_arquivo/${remote}`, method === 'PUT' ? { in_use: true } : undefined);
        expect(answer.status, `${method} ${JSON.stringify(answer.body)}`).toBe(404);
      }
      expect((await request('sul', 'GET', '/api/tipo_servico_arquivo')).body.data).toEqual([]);
      // The same folder name in two spaces is two folders.
      const theirs = await service('sul', { name: 'Pasta do conselho', service_type: 3, local_path: 'conselho', in_use: true });
      const file = await report('sul', 'sul-local');
      expect(await serviceOf('sul', file.file)).toBe(theirs.id);
      expect(files('spaces/sul/local/conselho')).toEqual([join('laudos', 'document', file.file)]);
      expect(existsSync(join(dataDir, 'files/spaces/default/local/conselho', 'laudos', 'document', file.file))).toBe(false);
      expect(await inUse('default')).toEqual([remote]);
    });

    it('leaves exactly one service in use when several are put in use at once', async () => {
      const candidates = await Promise.all([1, 2, 3].map((n) => service('default', { name: `Concorrente ${n}`, service_type: 3, local_path: `concorrente${n}` })));
      for (let round = 0; round < 5; round++) {
        const shown = await Promise.all(candidates.map(async (candidate) => (await api('GET', `/api/tipo_servico_arquivo/${candidate.id}`)).body.data));
        const saves = await Promise.all(shown.map((record) => api('PUT', `/api/tipo_servico_arquivo/${record.id}`, { ...record, in_use: true })));
        // A save naming the version of a service another save has just turned off is stale (409).
        expect(saves.every((save) => save.status === 200 || save.status === 409), JSON.stringify(saves)).toBe(true);
        const now = await inUse('default');
        expect(now).toHaveLength(1);
        expect(shown.filter((_, i) => saves[i].status === 200).map((record) => record.id)).toContain(now[0]);
      }
      const born = await Promise.all([4, 5].map((n) => request('default', 'POST', '/api/tipo_servico_arquivo', { name: `Concorrente ${n}`, service_type: 3, local_path: `concorrente${n}`, in_use: true })));
      expect(born.map((save) => save.status)).toEqual([201, 201]);
      expect(await inUse('default')).toHaveLength(1);
    });
  });
}
