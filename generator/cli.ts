import { runGenerator } from './run.js';

/** The generator's command line (`npm run generate`, `npm run generate:check`): ./run.ts. */
process.exit(await runGenerator(process.argv.slice(2)));
