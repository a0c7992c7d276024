import { resolve, sep } from 'node:path';
import type { AllowedHosts } from '../net/outbound.js';
import { ftpStorage } from './ftp.js';
import { localFolderStorage } from './local.js';
import { s3Storage } from './s3.js';
import type { FileStorage } from './storage.js';

/** A file service as the space keeps it (`file_service_types`, module tipo_servico_arquivo). */
export interface FileServiceRecord {
  service_type: number;
  ftp_host?: string | null;
  ftp_username?: string | null;
  ftp_password?: string | null;
  ftp_port?: number | null;
  ftp_timeout?: number | null;
  ftp_passive?: boolean | null;
  ftp_ssl?: boolean | null;
  s3_key?: string | null;
  s3_secret?: string | null;
  s3_region?: string | null;
  s3_bucket?: string | null;
  s3_endpoint?: string | null;
  local_path?: string | null;
}

export const FILE_SERVICE_TYPES = { ftp: 1, s3: 2, local: 3 } as const;

/** The relative folder a Local service names: segments of letters, digits, `_` and `-` (the schema's pattern). */
const LOCAL_PATH = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

/**
 * The storage a file service record describes. A Local service's folder is inside `filesRoot`
 * (DATA_DIR/files) and never outside it; S3 endpoints and FTP hosts pass the outbound-address guard.
 * A record missing a field its type needs is refused (the module's rules require them on save).
 */
export function storageOfService(service: FileServiceRecord, options: { filesRoot: string; allowedHosts?: AllowedHosts }): FileStorage {
  const needed = <T>(value: T | null | undefined, label: string): T => {
    if (value === null || value === undefined || value === '') throw new Error(`Serviço de arquivos sem ${label}.`);
    return value;
  };
  switch (service.service_type) {
    case FILE_SERVICE_TYPES.local: {
      const path = needed(service.local_path, 'pasta local');
      const root = resolve(options.filesRoot);
      const folder = resolve(root, path);
      if (!LOCAL_PATH.test(path) || !folder.startsWith(root + sep)) throw new Error(`Pasta local fora da pasta de arquivos: ${JSON.stringify(path)}`);
      return localFolderStorage(folder);
    }
    case FILE_SERVICE_TYPES.s3:
      return s3Storage({
        accessKeyId: needed(service.s3_key, 'chave de acesso S3'),
        secretAccessKey: needed(service.s3_secret, 'segredo S3'),
        region: needed(service.s3_region, 'região S3'),
        bucket: needed(service.s3_bucket, 'bucket S3'),
        endpoint: service.s3_endpoint,
        allowedHosts: options.allowedHosts,
      });
    case FILE_SERVICE_TYPES.ftp:
      return ftpStorage({
        host: needed(service.ftp_host, 'servidor FTP'),
        username: needed(service.ftp_username, 'usuário FTP'),
        password: needed(service.ftp_password, 'senha FTP'),
        port: service.ftp_port ?? 21,
        timeoutSeconds: service.ftp_timeout ?? 30,
        passive: service.ftp_passive ?? true,
        ssl: service.ftp_ssl ?? false,
        allowedHosts: options.allowedHosts,
      });
    default:
      throw new Error(`Tipo de serviço de arquivos desconhecido: ${service.service_type}`);
  }
}
