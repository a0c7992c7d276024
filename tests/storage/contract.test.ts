import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ftpStorage, localFolderStorage, s3Storage, spaceFolders, storageOfService, StorageNotFoundError, type FileStorage } from '../../src/server/core/storage/index.js';
import { parseAllowedHosts } from '../../src/server/core/net/outbound.js';
import { LOOPBACK, TestServers } from './servers.js';

/**
 * The contract every file storage keeps, run against each adapter: a folder, an S3-compatible
 * server (s3rver) and an FTP server (ftp-srv), both started here on loopback, which the outbound
 * guard lets through only because the test allows 127.0.0.1.
 */

const servers = new TestServers();
const temporaryFolder = (name: string) => servers.folder(name);

async function startS3(): Promise<FileStorage> {
  const { endpoint } = await servers.s3(['arquivos']);
  return s3Storage({ endpoint, region: 'sa-east-1', bucket: 'arquivos', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', prefix: 'espaco', allowedHosts: LOOPBACK });
}

/** The same server, reached through a file service record as the space keeps it. */
async function startS3Service(): Promise<FileStorage> {
  const { endpoint } = await servers.s3(['conselho']);
  return storageOfService(
    { service_type: 2, s3_key: 'S3RVER', s3_secret: 'S3RVER', s3_region: 'sa-east-1', s3_bucket: 'conselho', s3_endpoint: endpoint },
    { filesRoot: await temporaryFolder('files'), allowedHosts: LOOPBACK },
  );
}

async function startFtp(): Promise<FileStorage> {
  const { port } = await servers.ftp({ username: 'conselho', password: 'segredo' }, [41000, 41999]);
  return ftpStorage({ host: '127.0.0.1', port, username: 'conselho', password: 'segredo', timeoutSeconds: 10, folder: 'arquivos', allowedHosts: LOOPBACK });
}

/** An FTP service record (no folder: the account's home), against its own server. */
async function startFtpService(): Promise<FileStorage> {
  const { port } = await servers.ftp({ username: 'servico', password: 'senha-ftp' }, [42000, 42999]);
  return storageOfService(
    { service_type: 1, ftp_host: '127.0.0.1', ftp_port: port, ftp_username: 'servico', ftp_password: 'senha-ftp', ftp_timeout: 10, ftp_passive: true, ftp_ssl: false },
    { filesRoot: await temporaryFolder('files'), allowedHosts: LOOPBACK },
  );
}

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const adapters: [string, () => Promise<FileStorage>][] = [
  ['pasta local', async () => localFolderStorage(await temporaryFolder('local'))],
  ['S3 (s3rver)', startS3],
  ['FTP (ftp-srv)', startFtp],
  ['serviço Local', async () => storageOfService({ service_type: 3, local_path: 'servicos/conselho' }, { filesRoot: await temporaryFolder('files') })],
  ['serviço Amazon S3 (s3rver)', startS3Service],
  ['serviço FTP (ftp-srv)', startFtpService],
];

afterAll(() => servers.stop());

describe.each(adapters)('the file storage contract: %s', (_name, start) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await start();
  }, 30_000);

  it('puts, gets, streams, says it exists and deletes by key', async () => {
    const key = 'documentos/arquivo/0001';
    expect(await storage.exists(key)).toBe(false);
    await storage.put(key, Buffer.from('olá, mundo'));
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.get(key)).toString('utf8')).toBe('olá, mundo');
    expect((await readAll(await storage.stream(key))).toString('utf8')).toBe('olá, mundo');
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('replaces the bytes when a key is put again', async () => {
    const key = 'documentos/arquivo/0002';
    await storage.put(key, Buffer.from('primeira versão, mais longa'));
    await storage.put(key, Buffer.from('segunda'));
    expect((await storage.get(key)).toString('utf8')).toBe('segunda');
  });

  it('answers a clear not-found for a key that holds nothing', async () => {
    const key = 'documentos/arquivo/nunca_gravado';
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.get(key)).rejects.toThrow('Arquivo não encontrado no armazenamento: documentos/arquivo/nunca_gravado');
    await expect(storage.stream(key)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('keeps 1 MB of random bytes exactly, by get and by stream', async () => {
    const bytes = randomBytes(1024 * 1024);
    await storage.put('documentos/binario/0001', bytes);
    expect((await storage.get('documentos/binario/0001')).equals(bytes)).toBe(true);
    expect((await readAll(await storage.stream('documentos/binario/0001'))).equals(bytes)).toBe(true);
  }, 30_000);

  it('refuses a key with spaces, accents, capitals or a way out of its root (names live in the files table)', async () => {
    for (const key of ['documentos/Relatório final.pdf', 'documentos/a b', '../fora', 'documentos/../../fora', '/etc/passwd', 'documentos//x', '']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('Chave de armazenamento inválida');
      await expect(storage.get(key)).rejects.toThrow('Chave de armazenamento inválida');
    }
  });

  it('takes puts of different keys at once', async () => {
    const files = Array.from({ length: 8 }, (_, i) => ({ key: `documentos/simultaneo/${i}`, bytes: randomBytes(32 * 1024 + i) }));
    await Promise.all(files.map((file) => storage.put(file.key, file.bytes)));
    for (const file of files) expect((await storage.get(file.key)).equals(file.bytes)).toBe(true);
  }, 30_000);
});

describe('a local folder', () => {
  it('leaves no partial file behind and writes nothing outside its folder', async () => {
    const parent = await temporaryFolder('raiz');
    const storage = localFolderStorage(join(parent, 'files'));
    await storage.put('modulo/campo/0001', Buffer.from('x'));
    await expect(storage.put('modulo/../../fora', Buffer.from('x'))).rejects.toThrow('Chave de armazenamento inválida');
    expect(await readdir(parent)).toEqual(['files']);
    expect(await readdir(join(parent, 'files/modulo/campo'))).toEqual(['0001']);
  });
});

describe('outbound hosts of the file services', () => {
  it('refuses an S3 endpoint at a loopback or private address unless allowed', () => {
    const base = { region: 'sa-east-1', bucket: 'arquivos', accessKeyId: 'k', secretAccessKey: 's', allowedHosts: parseAllowedHosts('') };
    expect(() => s3Storage({ ...base, endpoint: 'http://127.0.0.1:9000' })).toThrow('Endereço não permitido: máquina local (loopback).');
    expect(() => s3Storage({ ...base, endpoint: 'http://10.0.0.5:9000' })).toThrow('Endereço não permitido: rede privada.');
    expect(() => s3Storage({ ...base, endpoint: 'file:///etc' })).toThrow('Endereço não permitido: use http ou https.');
  });

  it('refuses an S3 endpoint whose name resolves to loopback when connecting', async () => {
    const storage = s3Storage({ region: 'sa-east-1', bucket: 'arquivos', accessKeyId: 'k', secretAccessKey: 's', endpoint: 'http://localhost:9', allowedHosts: parseAllowedHosts('') });
    await expect(storage.exists('modulo/campo/0001')).rejects.toThrow('Endereço não permitido: máquina local (loopback).');
  });

  it('refuses an FTP host at a loopback address unless allowed, and active mode', async () => {
    const storage = ftpStorage({ host: 'localhost', port: 9, username: 'u', password: 'p', allowedHosts: parseAllowedHosts('') });
    await expect(storage.exists('modulo/campo/0001')).rejects.toThrow('Endereço não permitido: máquina local (loopback).');
    expect(() => ftpStorage({ host: 'ftp.exemplo.org', username: 'u', password: 'p', passive: false })).toThrow('O modo ativo de FTP não é suportado');
  });
});

describe('the folders of a space', () => {
  it('keeps the default space at the root, any other space and every Local service under spaces/<space>', () => {
    expect(spaceFolders('/dados/files', { name: 'default', isDefault: true })).toEqual({ own: '/dados/files', local: '/dados/files/spaces/default/local' });
    expect(spaceFolders('/dados/files', { name: 'crm-sp.2', isDefault: false })).toEqual({ own: '/dados/files/spaces/crm-sp.2/default', local: '/dados/files/spaces/crm-sp.2/local' });
    for (const name of ['..', '../fora', 'a/b', '']) expect(() => spaceFolders('/dados/files', { name, isDefault: false })).toThrow('Nome de espaço impróprio para pasta');
  });
});

describe('the storage of a file service record', () => {
  it('keeps a Local service inside the files folder', async () => {
    const filesRoot = await temporaryFolder('files');
    const storage = storageOfService({ service_type: 3, local_path: 'servicos/conselho' }, { filesRoot });
    await storage.put('modulo/campo/0001', Buffer.from('x'));
    expect(await readdir(join(filesRoot, 'servicos/conselho/modulo/campo'))).toEqual(['0001']);
    for (const local_path of ['../fora', 'servicos/../../fora', '/etc', '', null]) {
      expect(() => storageOfService({ service_type: 3, local_path }, { filesRoot })).toThrow(/Pasta local fora da pasta de arquivos|Serviço de arquivos sem pasta local/);
    }
  });

  it('refuses a record missing what its type needs, or of an unknown type', () => {
    const filesRoot = tmpdir();
    expect(() => storageOfService({ service_type: 2, s3_key: 'k', s3_region: 'sa-east-1', s3_bucket: 'b' }, { filesRoot })).toThrow('Serviço de arquivos sem segredo S3.');
    expect(() => storageOfService({ service_type: 1, ftp_host: 'ftp.exemplo.org', ftp_username: 'u' }, { filesRoot })).toThrow('Serviço de arquivos sem senha FTP.');
    expect(() => storageOfService({ service_type: 1, ftp_host: 'ftp.exemplo.org', ftp_username: 'u', ftp_password: 'p', ftp_passive: false }, { filesRoot })).toThrow('O modo ativo de FTP não é suportado');
    expect(() => storageOfService({ service_type: 9 }, { filesRoot })).toThrow('Tipo de serviço de arquivos desconhecido: 9');
  });
});
