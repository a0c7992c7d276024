import type { Plan } from '../plan.js';
import { emitDatabase } from './database.js';
import { emitModules } from './modules.js';
import { emitOpenApi } from './openapi.js';
import { emitWebMessages } from './web-messages.js';
import { emitWebRegistry } from './web-registry.js';
import { emitWebScreens } from './web-screens.js';

/** Every generated file except the migrations, keyed by path relative to the project root, sorted. */
export async function emitAll(plan: Plan): Promise<Map<string, string>> {
  const parts = [emitModules(plan), emitDatabase(plan), emitWebScreens(plan), emitWebRegistry(plan), emitWebMessages(plan), emitOpenApi(plan)];
  const files = new Map<string, string>();
  for (const part of parts) {
    for (const [path, content] of part) {
      if (files.has(path)) throw new Error(`Two emitters produce ${path}.`);
      files.set(path, content);
    }
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
