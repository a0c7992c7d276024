export { openDatabase } from './open.js';
export type { DatabaseHandle, DatabaseTarget } from './types.js';
export { DataFolderInUseError } from './lock.js';
export { HandleCache } from './handle-cache.js';
