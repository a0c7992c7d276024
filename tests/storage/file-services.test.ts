import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { call, startTestServer, type TestServer } from '../api/support/server.js';

/** The file services module (tipo_servico_arquivo): fields required by service type, secrets never answered. */
for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`file services [${kind}]`, () => {
    let server: TestServer;
    let admin: ReturnType<typeof call>;
    beforeAll(async () => {
      server = await startTestServer(kind);
      admin = call(server, server.adminToken);
    });
    afterAll(() => server?.close());

    it('asks for the fields of the chosen service type', async () => {
      const ftp = await admin('POST', '/api/tipo_servico_arquivo', { name: 'FTP sem senha', service_type: 1, ftp_host: 'ftp.exemplo.org', ftp_username: 'conselho' });
      expect(ftp.status).toBe(422);
      expect(JSON.stringify(ftp.body)).toContain('O campo Senha FTP é obrigatório.');
      const s3 = await admin('POST', '/api/tipo_servico_arquivo', { name: 'S3 sem bucket', service_type: 2, s3_key: 'AKIA', s3_secret: 'segredo', s3_region: 'sa-east-1' });
      expect(s3.status).toBe(422);
      expect(JSON.stringify(s3.body)).toContain('O campo Bucket S3 é obrigatório.');
      const local = await admin('POST', '/api/tipo_servico_arquivo', { name: 'Local fora', service_type: 3, local_path: '../etc' });
      expect(local.status).toBe(422);
    });

    it('never answers a secret, masks it in the audit and keeps it on an edit that leaves it blank', async () => {
      const created = await admin('POST', '/api/tipo_servico_arquivo', {
        name: 'Bucket do conselho', service_type: 2, s3_key: 'AKIAEXEMPLO', s3_secret: 'segredo-s3-muito-secreto', s3_region: 'sa-east-1', s3_bucket: 'conselho-arquivos',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.id as number;
      const shown = await admin('GET', `/api/tipo_servico_arquivo/${id}`);
      const listed = await admin('GET', '/api/tipo_servico_arquivo?per_page=500');
      for (const answer of [created, shown, listed]) expect(JSON.stringify(answer.body)).not.toContain('segredo-s3-muito-secreto');
      expect(shown.body.data).toMatchObject({ s3_key: 'AKIAEXEMPLO', s3_bucket: 'conselho-arquivos', ftp_host: null, local_path: null });
      const [audit] = await server.db.selectFrom('audits').selectAll().where('module', '=', 'tipo_servico_arquivo').where('record_id', '=', id).execute();
      expect(audit.new_values).toMatchObject({ s3_secret: '[PROTEGIDO]' });

      const edited = await admin('PUT', `/api/tipo_servico_arquivo/${id}`, { ...shown.body.data, s3_region: 'us-east-1', s3_secret: '' });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      const stored = await server.db.selectFrom('file_service_types').select(['s3_secret', 's3_region']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(stored).toEqual({ s3_secret: 'segredo-s3-muito-secreto', s3_region: 'us-east-1' });

      const local = await admin('PUT', `/api/tipo_servico_arquivo/${id}`, { ...edited.body.data, service_type: 3, local_path: 'conselho/arquivos' });
      expect(local.status, JSON.stringify(local.body)).toBe(200);
      const cleared = await server.db.selectFrom('file_service_types').select(['s3_secret', 's3_key', 'local_path']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(cleared).toEqual({ s3_secret: null, s3_key: null, local_path: 'conselho/arquivos' });

      // Turned into FTP, it has no password stored to keep: a blank one is asked for.
      const ftp = { ...local.body.data, service_type: 1, ftp_host: 'ftp.exemplo.org', ftp_username: 'conselho', ftp_port: 21, ftp_timeout: 30, ftp_passive: true, ftp_ssl: false, ftp_password: '' };
      const blank = await admin('PUT', `/api/tipo_servico_arquivo/${id}`, ftp);
      expect(blank.status).toBe(422);
      expect(blank.body.errors).toEqual({ ftp_password: ['O campo Senha FTP é obrigatório.'] });
      const given = await admin('PUT', `/api/tipo_servico_arquivo/${id}`, { ...ftp, ftp_password: 'senha-ftp' });
      expect(given.status, JSON.stringify(given.body)).toBe(200);
      expect((await admin('PUT', `/api/tipo_servico_arquivo/${id}`, { ...given.body.data, ftp_password: '' })).status).toBe(200);
      const kept = await server.db.selectFrom('file_service_types').select(['ftp_password']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(kept).toEqual({ ftp_password: 'senha-ftp' });
    });

    it('refuses on save, with the guard\'s reason on the field, an FTP host or S3 endpoint the outbound guard would refuse at every upload; stores nothing', async () => {
      vi.stubEnv('OUTBOUND_ALLOWED_HOSTS', '');
      vi.stubEnv('MONITOR_ALLOWED_HOSTS', '');
      try {
        const services = async () => Number((await server.db.selectFrom('file_service_types').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
        const before = await services();
        const ftp = { name: 'FTP interno', service_type: 1, ftp_username: 'conselho', ftp_password: 'senha-ftp', ftp_port: 21, ftp_timeout: 30, ftp_passive: true, ftp_ssl: false };
        const s3 = { name: 'S3 interno', service_type: 2, s3_key: 'AKIA', s3_secret: 'segredo', s3_region: 'sa-east-1', s3_bucket: 'conselho-arquivos' };
        const refused = (field: string, message: string) => ({ status: 422, body: { message: 'Os dados informados são inválidos.', errors: { [field]: [message] } } });
        expect(await admin('POST', '/api/tipo_servico_arquivo', { ...ftp, ftp_host: '10.0.0.5' })).toEqual(refused('ftp_host', 'Endereço não permitido: rede privada.'));
        expect(await admin('POST', '/api/tipo_servico_arquivo', { ...ftp, ftp_host: 'localhost' })).toEqual(refused('ftp_host', 'Endereço não permitido: máquina local (loopback).'));
        expect(await admin('POST', '/api/tipo_servico_arquivo', { ...s3, s3_endpoint: 'http://169.254.169.254' })).toEqual(refused('s3_endpoint', 'Endereço não permitido: rede link-local.'));
        expect(await admin('POST', '/api/tipo_servico_arquivo', { ...s3, s3_endpoint: 'http://127.0.0.1:9000' })).toEqual(refused('s3_endpoint', 'Endereço não permitido: máquina local (loopback).'));
        expect(await services()).toBe(before);
        // A public address is kept, and an edit that moves it inside is refused the same way.
        const saved = await admin('POST', '/api/tipo_servico_arquivo', { ...s3, s3_endpoint: 'https://8.8.4.4' });
        expect(saved.status, JSON.stringify(saved.body)).toBe(201);
        expect(await admin('PUT', `/api/tipo_servico_arquivo/${saved.body.data.id}`, { ...saved.body.data, s3_secret: '', s3_endpoint: 'http://192.168.0.10' })).toEqual(refused('s3_endpoint', 'Endereço não permitido: rede privada.'));
        expect((await admin('GET', `/api/tipo_servico_arquivo/${saved.body.data.id}`)).body.data.s3_endpoint).toBe('https://8.8.4.4');
      } finally {
        vi.unstubAllEnvs();
      }
    });
  });
}
