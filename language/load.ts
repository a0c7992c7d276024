import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SchemaError } from './errors.js';

/** One schema file as read from disk, before any check. */
export interface SchemaFile {
  /** Path relative to the project root: `schemas/tabelas/estados_civis.schema.json`. */
  path: string;
  /** The folder under `schemas/`: the menu area. */
  area: string;
  /** The file name without `.schema.json`: the module. */
  module: string;
  json: Record<string, unknown>;
}

const SUFFIX = '.schema.json';

/** Reads every `schemas/<area>/<module>.schema.json`, sorted by path so the output is deterministic. */
export function loadSchemaFiles(root: string, schemasDir = join(root, 'schemas')): SchemaFile[] {
  const files: SchemaFile[] = [];
  for (const area of readdirSync(schemasDir).sort()) {
    const areaDir = join(schemasDir, area);
    if (!statSync(areaDir).isDirectory()) continue;
    for (const name of readdirSync(areaDir).sort()) {
      if (!name.endsWith(SUFFIX)) continue;
      const full = join(areaDir, name);
      const path = relative(root, full);
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(full, 'utf8'));
      } catch (error) {
        throw new SchemaError(path, '', `is not valid JSON (${(error as Error).message}).`);
      }
      if (typeof json !== 'object' || json === null || Array.isArray(json)) {
        throw new SchemaError(path, '', 'must hold a JSON object.');
      }
      files.push({ path, area, module: name.slice(0, -SUFFIX.length), json: json as Record<string, unknown> });
    }
  }
  return files;
}
