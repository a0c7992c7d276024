/**
 * The model of the generator's `exact-combos` fixture (exchange rates with exact decimals and money,
 * party types with named combos, municipalities typed ahead) beside the identity modules, for the
 * API tests of those keywords.
 */
import { join, resolve } from 'node:path';
import { checkAgainstMetaSchema, loadSchemaFiles, normalise, type Model } from '../../../language/index.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const SCHEMAS = join(ROOT, 'tests/generator/fixtures/exact-combos/schemas');

export function exactCombosModel(): Model {
  const identity = loadSchemaFiles(ROOT).filter((file) => ['usuarios', 'papeis', 'auditoria'].includes(file.module));
  const files = [...loadSchemaFiles(ROOT, SCHEMAS), ...identity];
  files.forEach(checkAgainstMetaSchema);
  return normalise(files);
}
