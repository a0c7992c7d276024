// `npm start`: builds what changed since the last build (usually nothing: `npm install` built it),
// then runs the compiled server in this process.
import { buildStale, ROOT } from './build.mjs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

await buildStale();
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(ROOT, 'dist/server/src/server/main.js')).href);
