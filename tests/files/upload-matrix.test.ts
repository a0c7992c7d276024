/**
 * Hostile and borderline uploads through the API, on each of the three storages a space's file
 * service may be (a Local folder, S3 on s3rver, FTP on ftp-srv), each made the space's service in
 * use through the API, on both databases. Every case is refused (422 on the field, nothing left in
 * the storage) or kept under a key of the server's making with a safe name, and every download is
 * an attachment the browser may not sniff.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixtureModel, writeFixtureMigrations, type FixtureMigrations } from '../api/fixtures/model.js';
import { call, startTestServer, type TestServer } from '../api/support/server.js';
import { TestServers, type FtpServer, type S3Server } from '../storage/servers.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { EXE, filesUnder, multipart, PDF, PNG } from './support.js';

const MB = 1024 * 1024;
const HTML = Buffer.from('<!DOCTYPE html>\n<html><body><script>alert(document.cookie)</script></body></html>\n');
const TOO_LARGE = 'O arquivo excede o tamanho máximo de 1 MB.';
const EMPTY = 'O arquivo enviado está vazio.';
const WRONG_DOCUMENT = 'O arquivo enviado não é do tipo permitido: pdf, png, jpg, txt.';
const WRONG_SIGNATURE = 'O arquivo enviado não é do tipo permitido: png, jpg.';

interface Case {
  what: string;
  field: 'document' | 'signature';
  name: string;
  bytes: Buffer;
  /** The refusal on the field, or the file as kept. */
  refused?: string;
  kept?: { name: string; content_type: string };
}

const CASES: Case[] = [
  { what: 'one byte over the limit', field: 'document', name: 'grande.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(MB + 1 - PDF.length, 0x20)]), refused: TOO_LARGE },
  { what: 'exactly at the limit', field: 'document', name: 'limite.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(MB - PDF.length, 0x20)]), kept: { name: 'limite.pdf', content_type: 'application/pdf' } },
  { what: '0 bytes', field: 'document', name: 'vazio.pdf', bytes: Buffer.alloc(0), refused: EMPTY },
  { what: 'a program renamed .pdf', field: 'document', name: 'contrato.pdf', bytes: EXE, refused: WRONG_DOCUMENT },
  { what: 'a program named x.exe.pdf', field: 'document', name: 'x.exe.pdf', bytes: EXE, refused: WRONG_DOCUMENT },
  { what: 'a pdf named x.pdf.exe', field: 'document', name: 'x.pdf.exe', bytes: PDF, kept: { name: 'x.pdf.exe.pdf', content_type: 'application/pdf' } },
  { what: 'a name climbing out with ../', field: 'document', name: '../../../etc/cron.d/x.pdf', bytes: PDF, kept: { name: 'x.pdf', content_type: 'application/pdf' } },
  { what: 'a name climbing out with ..\\', field: 'document', name: '..\\..\\Windows\\x.pdf', bytes: PDF, kept: { name: 'x.pdf', content_type: 'application/pdf' } },
  { what: 'a NUL in the name', field: 'document', name: 'nota\u0000.exe.pdf', bytes: PDF, kept: { name: 'nota.exe.pdf', content_type: 'application/pdf' } },
  { what: 'a 300-character name', field: 'document', name: `${'r'.repeat(296)}.pdf`, bytes: PDF, kept: { name: `${'r'.repeat(251)}.pdf`, content_type: 'application/pdf' } },
  { what: 'an HTML page where pdf (and text) is taken', field: 'document', name: 'pagina.html', bytes: HTML, kept: { name: 'pagina.html.txt', content_type: 'text/plain; charset=utf-8' } },
  { what: 'an HTML page named .pdf', field: 'document', name: 'pagina.pdf', bytes: HTML, kept: { name: 'pagina.pdf.txt', content_type: 'text/plain; charset=utf-8' } },
  { what: 'an HTML page where only images are taken', field: 'signature', name: 'pagina.png', bytes: HTML, refused: WRONG_SIGNATURE },
  { what: 'a pdf where only images are taken', field: 'signature', name: 'assinatura.png', bytes: PDF, refused: WRONG_SIGNATURE },
  { what: 'a png with its own name', field: 'signature', name: 'assinatura.png', bytes: PNG, kept: { name: 'assinatura.png', content_type: 'image/png' } },
];

const model = fixtureModel(['tipo_servico_arquivo']);
let migrations: FixtureMigrations;
const servers = new TestServers();
let s3: S3Server;
let ftp: FtpServer;
const figures: Record<string, unknown>[] = [];

beforeAll(async () => {
  migrations = writeFixtureMigrations(model);
  vi.stubEnv('OUTBOUND_ALLOWED_HOSTS', '127.0.0.1');
  s3 = await servers.s3(['matriz-pglite', 'matriz-postgres']);
  ftp = await servers.ftp({ username: 'matriz', password: 'senha-ftp' }, [43000, 43999]);
});
afterAll(async () => {
  migrations?.remove();
  vi.unstubAllEnvs();
  await servers.stop();
  console.log(`upload matrix: objects per storage\n${formatted(figures)}`);
});

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`the upload matrix [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let dataDir: string;

    /** Each storage: the service that makes it the space's one in use, and what it holds now. */
    const storages: { name: string; service: () => Record<string, unknown>; objects: () => Promise<string[]> }[] = [
      { name: 'Local', service: () => ({ service_type: 3, local_path: 'matriz' }), objects: async () => filesUnder(join(dataDir, 'files/spaces/default/local/matriz')) },
      {
        name: 'S3 (s3rver)',
        service: () => ({ service_type: 2, s3_key: 'S3RVER', s3_secret: 'S3RVER', s3_region: 'sa-east-1', s3_bucket: `matriz-${kind}`, s3_endpoint: s3.endpoint }),
        objects: () => s3.keys(`matriz-${kind}`),
      },
      {
        name: 'FTP (ftp-srv)',
        service: () => ({ service_type: 1, ftp_host: '127.0.0.1', ftp_port: ftp.port, ftp_username: 'matriz', ftp_password: 'senha-ftp', ftp_timeout: 10, ftp_passive: true, ftp_ssl: false }),
        // The service names no folder: keys go under the account's home.
        objects: async () => ftp.files(),
      },
    ];

    const upload = async (field: string, name: string, bytes: Buffer) => {
      const body = multipart(name, bytes);
      const response = await server.app.inject({ method: 'POST', url: `/api/laudos/files/${field}`, headers: { ...body.headers, authorization: `Bearer ${server.adminToken}` }, payload: body.payload });
      return { status: response.statusCode, body: response.json() };
    };
    const download = (id: number, field: string) => server.app.inject({ method: 'GET', url: `/api/laudos/${id}/files/${field}`, headers: { authorization: `Bearer ${server.adminToken}` } });
    const rowCount = async () => (await server.db.selectFrom('files').select('id').execute()).length;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'matriz-'));
      server = await startTestServer(kind, { model, migrations: migrations.set, env: { DATA_DIR: dataDir } });
      api = call(server, server.adminToken);
    });
    afterAll(async () => {
      await server?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    for (const storage of storages) {
      it(`refuses or keeps safely each hostile upload: ${storage.name}`, async () => {
        // The FTP account is shared by both databases' runs: start from an empty home.
        if (storage.name.startsWith('FTP')) rmSync(join(ftp.root, 'laudos'), { recursive: true, force: true });
        const saved = await api('POST', '/api/tipo_servico_arquivo', { name: `Matriz ${storage.name}`, in_use: true, ...storage.service() });
        expect(saved.status, JSON.stringify(saved.body)).toBe(201);
        const serviceId = saved.body.data.id as number;
        const inUse = await server.db.selectFrom('file_service_types').select('id').where('in_use', '=', true).execute();
        expect(inUse.map((row) => Number(row.id))).toEqual([serviceId]);

        const count = { accepted: 0, refused: 0, leftByRefused: 0, attachments: 0, inline: 0, sniffable: 0 };
        const records: number[] = [];
        for (const item of CASES) {
          const before = { objects: (await storage.objects()).length, rows: await rowCount() };
          const response = await upload(item.field, item.name, item.bytes);
          if (item.refused) {
            expect(response, item.what).toEqual({ status: 422, body: expect.objectContaining({ errors: { [item.field]: [item.refused] } }) });
            const after = { objects: (await storage.objects()).length, rows: await rowCount() };
            count.leftByRefused += after.objects - before.objects + (after.rows - before.rows);
            count.refused += 1;
            continue;
          }
          expect(response.status, `${item.what}: ${JSON.stringify(response.body)}`).toBe(201);
          const file = response.body.data as { id: string; name: string; size: number; content_type: string };
          expect(file, item.what).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), size: item.bytes.length, ...item.kept });
          const row = await server.db.selectFrom('files').selectAll().where('id', '=', file.id).executeTakeFirstOrThrow();
          expect({ key: row.storage_key, service: Number(row.service_id) }, item.what).toEqual({ key: `laudos/${item.field}/${file.id}`, service: serviceId });
          expect(await storage.objects(), item.what).toContain(join('laudos', item.field, file.id));
          count.accepted += 1;

          const body = item.field === 'document' ? { title: item.what, document: file.id } : { title: item.what, document: (await upload('document', 'base.pdf', PDF)).body.data.id, signature: file.id };
          const created = await api('POST', '/api/laudos', body);
          expect(created.status, JSON.stringify(created.body)).toBe(201);
          records.push(created.body.data.id);
          const served = await download(created.body.data.id, item.field);
          expect(served.statusCode, item.what).toBe(200);
          expect(served.rawPayload.equals(item.bytes), item.what).toBe(true);
          expect(served.headers['content-type'], item.what).toBe(item.kept!.content_type);
          if (String(served.headers['content-disposition']).startsWith('attachment; ')) count.attachments += 1;
          else count.inline += 1;
          if (served.headers['x-content-type-options'] !== 'nosniff') count.sniffable += 1;
        }
        expect(count).toEqual({ accepted: CASES.filter((c) => c.kept).length, refused: CASES.filter((c) => c.refused).length, leftByRefused: 0, attachments: count.accepted, inline: 0, sniffable: 0 });
        const stored = (await storage.objects()).length;
        // Nothing of the space went to its own folder while a service was in use.
        expect(filesUnder(join(dataDir, 'files')).filter((path) => !path.startsWith('spaces'))).toEqual([]);

        for (const id of records) expect((await api('DELETE', `/api/laudos/${id}`)).status).toBe(200);
        const leftAfterDeletes = (await storage.objects()).length;
        expect(leftAfterDeletes).toBe(0);
        figures.push({ database: kind, storage: storage.name, uploads: CASES.length, refused: count.refused, 'left by refused': count.leftByRefused, kept: count.accepted, 'objects stored': stored, 'of which documents under signatures': count.accepted ? stored - count.accepted : 0, attachment: count.attachments, inline: count.inline, 'without nosniff': count.sniffable, 'left after deletes': leftAfterDeletes });
      }, 120_000);
    }
  });
}

function formatted(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '(none)';
  const keys = Object.keys(rows[0]);
  const widths = keys.map((key) => Math.max(key.length, ...rows.map((row) => String(row[key]).length)));
  const line = (values: string[]) => values.map((value, i) => value.padEnd(widths[i])).join(' | ');
  return [line(keys), line(widths.map((w) => '-'.repeat(w))), ...rows.map((row) => line(keys.map((key) => String(row[key]))))].join('\n');
}
