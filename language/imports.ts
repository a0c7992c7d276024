import type { Entity } from './model.js';

/** Whether a spreadsheet may write the module's records: kept in a space, with screens, offering create. */
export const importable = (entity: Entity): boolean => entity.database === 'space' && entity.screens && !entity.listOnly && entity.operations.create;
