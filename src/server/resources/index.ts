export { listRecords, type ListResult } from './list.js';
export { findRecord, parseId } from './read.js';
export { createRecord, updateRecord } from './write.js';
export { deleteRecord, deleteRecords } from './delete.js';
export { listCombos, type ComboOption } from './combos.js';
export { validateBody } from './validation.js';
export { resourceRoutes } from './routes.js';
export type { WriteContext, ModuleHooks } from './hooks.js';
export { ResourceRegistry, resourceRegistry } from './registry.js';
