/**
 * The rules between fields through the API, on PGlite and PostgreSQL, on a fixture schema: fields
 * shown and required by another's value (`x-when`, in the form and in sub-list rows), an IP address,
 * the schema's own messages (`x-messages`), a start no later than its end (`x-order`), one-at-a-time
 * delete (`x-bulk-delete`) and a module open to every signed-in user (`x-access`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { writeFixtureMigrations, type FixtureMigrations } from './fixtures/model.js';
import { rulesModel } from './rules-fixture/model.js';
import { call, startTestServer, userWith, type TestServer } from './support/server.js';

const model = rulesModel();
let migrations: FixtureMigrations;
beforeAll(() => {
  migrations = writeFixtureMigrations(model);
});
afterAll(() => migrations?.remove());

const INVALID = 'Os dados informados são inválidos.';
const inspector = { name: 'Ana', origin: 'interno' };
const local = (name: string, extra: Record<string, unknown> = {}) => ({ name, service_type: 3, local_path: '/srv/arquivos', inspectors: [inspector], ...extra });

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`rules between fields [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    const stored = async (name: string) => server.db.selectFrom('file_services').selectAll().where('name', '=', name).executeTakeFirst();
    const count = async (table: string) => Number((await server.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    beforeAll(async () => {
      server = await startTestServer(kind, { model, migrations: migrations.set });
      api = call(server, server.adminToken);
    });
    afterAll(() => server?.close());

    it('requires the fields a type shows, on their own path, and writes nothing', async () => {
      const before = await count('file_services');
      const ftp = await api('POST', '/api/servicos_arquivo', { name: 'FTP sem servidor', service_type: 1, inspectors: [inspector] });
      expect(ftp).toEqual({ status: 422, body: { message: INVALID, errors: { host: ['O campo Servidor é obrigatório.'], username: ['O campo Usuário é obrigatório.'] } } });
      const s3 = await api('POST', '/api/servicos_arquivo', { name: 'S3 sem chave', service_type: 2, bucket_key: '  ', inspectors: [inspector] });
      expect(s3.body.errors).toEqual({ bucket_key: ['O campo Chave é obrigatório.'] });
      const byDefault = await api('POST', '/api/servicos_arquivo', { name: 'Local sem pasta', inspectors: [inspector] });
      expect(byDefault.body.errors).toEqual({ local_path: ['O campo Pasta local é obrigatório.'] });
      expect(await count('file_services')).toBe(before);
    });

    it('checks an IP address of either version', async () => {
      const bad = await api('POST', '/api/servicos_arquivo', { name: 'FTP errado', service_type: 1, host: 'servidor.local', username: 'ftp', inspectors: [inspector] });
      expect(bad.body.errors).toEqual({ host: ['O campo Servidor deve ser um endereço IP válido.'] });
      for (const host of ['192.168.0.10', '2001:db8::1']) {
        const good = await api('POST', '/api/servicos_arquivo', { name: `FTP ${host}`, service_type: 1, host, username: 'ftp', inspectors: [inspector] });
        expect(good.status, JSON.stringify(good.body)).toBe(201);
        expect(good.body.data).toMatchObject({ host, username: 'ftp', local_path: null });
      }
    });

    it('stores no value of a hidden field, whatever it was sent as', async () => {
      const created = await api('POST', '/api/servicos_arquivo', local('Local com resto', { host: '10.0.0.1', username: 'sobra', region: 'sa-east-1' }));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data).toMatchObject({ service_type: 3, local_path: '/srv/arquivos', host: null, username: null, region: null });
      expect(await stored('Local com resto')).toMatchObject({ host: null, username: null, region: null });
      // An optional field shown by its type is kept; one hidden by the new type is cleared on edit.
      const s3 = await api('POST', '/api/servicos_arquivo', { name: 'S3 bucket', service_type: 2, bucket_key: 'chave', region: 'sa-east-1', inspectors: [inspector] });
      expect(s3.body.data).toMatchObject({ bucket_key: 'chave', region: 'sa-east-1' });
      const moved = await api('PUT', `/api/servicos_arquivo/${s3.body.data.id}`, { ...s3.body.data, service_type: 3, local_path: '/dados' });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body.data).toMatchObject({ service_type: 3, local_path: '/dados', bucket_key: null, region: null });
    });

    it('judges an edit that leaves the type out by the stored type', async () => {
      const created = (await api('POST', '/api/servicos_arquivo', local('Local parcial'))).body.data;
      const partial = await api('PUT', `/api/rest/servicos_arquivo/${created.id}`, { host: '10.1.1.1' });
      expect(partial.status, JSON.stringify(partial.body)).toBe(200);
      expect(partial.body).toMatchObject({ service_type: 3, host: null });
      const cleared = await api('PUT', `/api/rest/servicos_arquivo/${created.id}`, { local_path: '' });
      expect(cleared).toMatchObject({ status: 422, body: { errors: { local_path: ['O campo Pasta local é obrigatório.'] } } });
    });

    it('applies conditions row by row in a sub-list, naming the row', async () => {
      const missing = await api('POST', '/api/servicos_arquivo', local('Externo sem empresa', { inspectors: [inspector, { name: 'Bia', origin: 'externo' }] }));
      expect(missing.body.errors).toEqual({ 'inspectors.1.company': ['O campo Empresa é obrigatório.'] });
      const created = await api('POST', '/api/servicos_arquivo', local('Fiscais mistos', {
        inspectors: [{ ...inspector, company: 'Não vai' }, { name: 'Bia', origin: 'externo', company: 'Auditora' }],
      }));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data.inspectors).toEqual([
        { id: expect.any(Number), name: 'Ana', origin: 'interno', company: null },
        { id: expect.any(Number), name: 'Bia', origin: 'externo', company: 'Auditora' },
      ]);
    });

    it("says the schema's own messages where it has them", async () => {
      const noName = await api('POST', '/api/servicos_arquivo', local(''));
      expect(noName.body.errors).toEqual({ name: ['Informe o nome do serviço!'] });
      const leftOut = await api('POST', '/api/servicos_arquivo', { service_type: 3, local_path: '/x', inspectors: [inspector] });
      expect(leftOut.body.errors).toEqual({ name: ['Informe o nome do serviço!'] });
      const long = await api('POST', '/api/servicos_arquivo', local('x'.repeat(101)));
      expect(long.body.errors).toEqual({ name: ['O nome passa de 100 letras.'] });
      const noInspectors = await api('POST', '/api/servicos_arquivo', local('Sem fiscais', { inspectors: [] }));
      expect(noInspectors.body.errors).toEqual({ inspectors: ['A lista de fiscais é obrigatória!'] });
      const { inspectors: _none, ...withoutList } = local('Sem lista');
      expect((await api('POST', '/api/servicos_arquivo', withoutList)).body.errors).toEqual({ inspectors: ['A lista de fiscais é obrigatória!'] });
    });

    it('refuses a start after its end, on the end field; the same day passes', async () => {
      const late = await api('POST', '/api/servicos_arquivo', local('Datas trocadas', { valid_from: '2026-05-02', valid_until: '2026-05-01' }));
      expect(late).toEqual({ status: 422, body: { message: INVALID, errors: { valid_until: ['A data inicial não pode ser posterior à data final.'] } } });
      expect(await stored('Datas trocadas')).toBeUndefined();
      const same = await api('POST', '/api/servicos_arquivo', local('Mesmo dia', { valid_from: '2026-05-01', valid_until: '2026-05-01' }));
      expect(same.status).toBe(201);
      // An edit that sends one side is judged against the stored other side.
      const edit = await api('PUT', `/api/rest/servicos_arquivo/${same.body.data.id}`, { valid_from: '2026-06-01' });
      expect(edit).toMatchObject({ status: 422, body: { errors: { valid_until: ['A data inicial não pode ser posterior à data final.'] } } });
    });

    it('serves the conditions and the order in the form rules', async () => {
      const rules = (await api('GET', '/api/rules/servicos_arquivo/create')).body.data;
      expect(rules.properties.host).toMatchObject({ format: 'ip', 'x-when': { field: 'service_type', in: [1], required: true } });
      expect(rules.allOf).toContainEqual({
        if: { required: ['service_type'], properties: { service_type: { enum: [1] } } },
        then: { required: ['host'], properties: { host: { title: 'Servidor', 'x-rule': 'required', not: { type: 'null' } } } },
      });
      expect(rules['x-order']).toEqual([{ start: 'valid_from', end: 'valid_until', message: 'A data inicial não pode ser posterior à data final.' }]);
    });

    it('deletes one record at a time: a multiple delete is refused and deletes nothing', async () => {
      const a = (await api('POST', '/api/servicos_arquivo', local('Um'))).body.data.id;
      const b = (await api('POST', '/api/servicos_arquivo', local('Dois'))).body.data.id;
      const many = await api('DELETE', `/api/servicos_arquivo/multiple_delete/${a},${b}`);
      expect(many).toEqual({ status: 405, body: { message: 'Neste cadastro os registros são excluídos um de cada vez.' } });
      expect(await stored('Um')).toBeDefined();
      expect((await api('DELETE', `/api/servicos_arquivo/${a}`)).status).toBe(200);
      expect(await stored('Um')).toBeUndefined();
    });

    it('opens a module marked "any" to a signed-in user without grants, and only that module', async () => {
      const user = await userWith(server, []);
      const anyone = call(server, user.token);
      const created = await anyone('POST', '/api/tipos_parte', { denomination: 'Requerente' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.id;
      expect((await anyone('GET', '/api/tipos_parte')).body.data.map((r: { denomination: string }) => r.denomination)).toContain('Requerente');
      expect((await anyone('GET', `/api/tipos_parte/${id}`)).body.data.denomination).toBe('Requerente');
      expect((await anyone('GET', '/api/tipos_parte/combos')).status).toBe(200);
      expect((await anyone('PUT', `/api/tipos_parte/${id}`, { denomination: 'Requerida' })).status).toBe(200);
      expect((await anyone('GET', '/api/rest/tipos_parte')).status).toBe(200);
      expect((await anyone('DELETE', `/api/tipos_parte/${id}`)).status).toBe(200);
      expect((await anyone('GET', '/api/servicos_arquivo')).status).toBe(403);
      expect((await call(server, null)('GET', '/api/tipos_parte')).status).toBe(401);
      const catalogue = (await api('GET', '/api/permissions')).body.data.map((entry: { name: string }) => entry.name);
      expect(catalogue).toContain('fileService.index');
      expect(catalogue.filter((name: string) => name.startsWith('partyType.'))).toEqual([]);
    });
  });
}
