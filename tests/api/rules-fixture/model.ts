/**
 * The fixture model of tests/api/rules-fixture/schemas: a file service whose fields show by its type
 * (`x-when`), with an order between two dates, messages of its own and one-at-a-time delete, and a
 * module open to every signed-in user (`x-access`); beside the schema-driven identity modules.
 */
import { join, resolve } from 'node:path';
import { checkAgainstMetaSchema, loadSchemaFiles, normalise, type Model } from '../../../language/index.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const IDENTITY = ['usuarios', 'papeis', 'auditoria'];

export function rulesModel(): Model {
  const identity = loadSchemaFiles(ROOT).filter((file) => IDENTITY.includes(file.module));
  const files = [...loadSchemaFiles(ROOT, join(import.meta.dirname, 'schemas')), ...identity];
  files.forEach(checkAgainstMetaSchema);
  return normalise(files);
}
