import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const TSX = resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');

/**
 * Starts `tsx <script> …args` (or `runner <script> …args`, e.g. `node` for plain JavaScript) and waits
 * until its output matches `ready` (bounded by `timeoutMs`).
 */
export async function startChild(script: string, args: string[], ready: RegExp, options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; runner?: string }) {
  const child: ChildProcess = spawn(options.runner ?? TSX, [script, ...args], { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const match = await new Promise<RegExpMatchArray>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${script} did not start in time:\n${output}`)), options.timeoutMs ?? 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = output.match(ready);
      if (found) {
        clearTimeout(timer);
        done(found);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`${script} exited with ${code}:\n${output}`));
    });
  });
  return { child, match, output: () => output, stop: () => stopChild(child) };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
