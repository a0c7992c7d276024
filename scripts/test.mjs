// `npm test`: every test. The unit and API files (three at a time) and the browser files (one at a
// time) run as two Vitest processes side by side, once the templates both copy are built: most of a
// browser test is spent waiting on Chromium and a server, time the other files use. Vitest runs a
// configuration's projects one after the other, so one process would leave that time unused.
// Arguments are Vitest's own (`npm test -- tests/parties`), and then it runs as one process.
import { spawn } from 'node:child_process';

const PROJECTS = ['unit-and-api', 'browser'];

/** Runs a command with this process's output; resolves with its exit code. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const args = process.argv.slice(2);
if (args.length > 0) process.exit(await run('npx', ['vitest', 'run', ...args]));

const prepared = await run('npx', ['tsx', 'tests/support/prepare-suite.ts']);
if (prepared !== 0) process.exit(prepared);
const codes = await Promise.all(PROJECTS.map((project) => run('npx', ['vitest', 'run', '--project', project])));
const failed = PROJECTS.filter((_, index) => codes[index] !== 0);
if (failed.length > 0) console.error(`\nFailed: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
