/**
 * Writes the next migration for the schemas under schemas/ (`npx tsx src/server/db/generate-migrations.ts`).
 * `npm run generate` does the same as part of the whole generation.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emitMigrations, SNAPSHOT_PATH, type DbSnapshot } from '../../../generator/emit/migrations.js';
import { loadModel } from '../../../generator/language/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const snapshotFile = join(root, SNAPSHOT_PATH);
const previous = existsSync(snapshotFile) ? (JSON.parse(readFileSync(snapshotFile, 'utf8')) as DbSnapshot) : null;
const { files, snapshot } = emitMigrations(loadModel(root), previous, new Date());
for (const [path, content] of files) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
  console.log(`escrito ${path}`);
}
if (files.size > 0) writeFileSync(snapshotFile, `${JSON.stringify(snapshot, null, 2)}\n`);
else console.log('Nenhuma mudança no esquema do banco.');
