import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `npm run dev`: the API on port 8000 (restarted on change by tsx watch) and the Vite dev server on
 * port 8080; the client calls port 8000 of the same host.
 */
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.PORT ?? '8000' } }),
  spawn('npx', ['vite', '--port', '8080', '--strictPort'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
