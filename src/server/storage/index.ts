export { localFolderStorage } from './local.js';
export type { FileStorage } from './storage.js';
