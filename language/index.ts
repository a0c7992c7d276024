import { checkAgainstMetaSchema } from './check.js';
import { loadSchemaFiles } from './load.js';
import type { Model } from './model.js';
import { normalise } from './normalise.js';

export * from './model.js';
export { importable, naturalKeyFields } from './imports.js';
export { KIND_FACTS, kindHas, searchedByStartAs, type KindFacts } from './kinds.js';
export { FILE_TYPES, fileSizeText, isFileExtension, type FileExtension } from './files.js';
export { SchemaError } from './errors.js';
export { loadSchemaFiles, type SchemaFile } from './load.js';
export { normalise, formRules, singular } from './normalise.js';
export { checkAgainstMetaSchema } from './check.js';

/** Loads, checks and normalises every schema under `<root>/schemas`. */
export function loadModel(root: string): Model {
  const files = loadSchemaFiles(root);
  files.forEach(checkAgainstMetaSchema);
  return normalise(files);
}
