import type { Kysely, Selectable } from 'kysely';
import type { FileServiceTypesTable, SpaceDatabase } from '../../../../generated/database.js';
import type { AllowedHosts } from '../../core/net/outbound.js';
import { ownFolders, spaceFolders, storageOfService, type FileStorage, type FileStorages, type FilesSpace } from '../../core/storage/index.js';

type ServiceRow = Selectable<FileServiceTypesTable>;

export interface ServiceStoragesOptions {
  /** DATA_DIR/files: the spaces' own folders and their Local services' folders are inside it. */
  filesRoot: string;
  /** Default: OUTBOUND_ALLOWED_HOSTS, read when an adapter is made. */
  allowedHosts?: AllowedHosts;
  /** How many adapters stay made (every space's services together); default 200. */
  capacity?: number;
}

/**
 * The space's file services as the storages of its files: new files go to the service in use (the
 * space's own folder when none is), each file is read and deleted through the service its row
 * names. A service's adapter is made once and kept while the service's `updated_at` stays the same,
 * so an edited service (new credentials, another bucket) is used from the next request on.
 */
export function serviceStorages(options: ServiceStoragesOptions): FileStorages & { clear(): void } {
  const own = ownFolders(options.filesRoot);
  const capacity = options.capacity ?? 200;
  const made = new Map<string, { version: number; storage: FileStorage }>();

  function adapter(space: FilesSpace, row: ServiceRow): FileStorage {
    const key = `${space.name}\u0000${row.id}`;
    const version = new Date(row.updated_at).getTime();
    const kept = made.get(key);
    if (kept?.version === version) return kept.storage;
    kept?.storage.close?.();
    made.delete(key);
    const storage = storageOfService(row, { filesRoot: spaceFolders(options.filesRoot, space).local, allowedHosts: options.allowedHosts });
    if (made.size >= capacity) {
      const [oldest] = made.keys();
      made.get(oldest)?.storage.close?.();
      made.delete(oldest);
    }
    made.set(key, { version, storage });
    return storage;
  }

  const services = (db: Kysely<SpaceDatabase>) => db.selectFrom('file_service_types').selectAll();

  return {
    async active(space) {
      const row = await services(space.db).where('in_use', '=', true).where('inactivated', '=', false).orderBy('id').limit(1).executeTakeFirst();
      return row ? { serviceId: Number(row.id), storage: adapter(space, row) } : own.active(space);
    },
    async of(space, serviceId) {
      if (serviceId === null) return own.of(space, null);
      const row = await services(space.db).where('id', '=', serviceId).executeTakeFirst();
      // files.service_id references the services: a file's service is never deleted before it.
      if (!row) throw new Error(`O serviço de arquivos ${serviceId} não existe.`);
      return adapter(space, row);
    },
    clear() {
      for (const { storage } of made.values()) storage.close?.();
      made.clear();
    },
  };
}
