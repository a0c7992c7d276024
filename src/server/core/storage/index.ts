export { localFolderStorage } from './local.js';
export { s3Storage, type S3StorageOptions } from './s3.js';
export { ftpStorage, type FtpStorageOptions } from './ftp.js';
export { checkedKey, StorageNotFoundError, type FileStorage } from './storage.js';
export { ownFolders, spaceFolders, type ActiveStorage, type FileStorages, type FilesSpace, type SpaceStorages } from './storages.js';
export { FILE_SERVICE_TYPES, storageOfService, type FileServiceRecord } from './services.js';
