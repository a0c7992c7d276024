import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import { PROJECT_ROOT, serverArguments } from '../../support/server-build.js';

export interface ServerProcess {
  pid: number;
  origin: string;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** The server (compiled, server-build.ts) with the given environment, resolved once it says it listens. */
export function startServerProcess(env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, serverArguments(), {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`the server did not start in time:\n${output}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Servidor no ar em http:\/\/localhost:(\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      ready({
        pid: child.pid!,
        origin: `http://127.0.0.1:${match[1]}`,
        output: () => output,
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`the server exited (${code}) before listening:\n${output}`));
    });
  });
}

/** JSON over real HTTP. */
export async function callJson(origin: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The turns a process's background job has ended, as its `/api/health` counts them (0 before its first). */
export async function jobTurns(process: ServerProcess, job: string): Promise<number> {
  const answer = await callJson(process.origin, 'GET', '/api/health');
  return Number(answer.body?.jobs?.[job]?.turns ?? 0);
}

/**
 * Waits until every process has ended `count` whole turns of the job begun after the call (one more
 * than that ended, since the turn running at the call began before it), so what they did, or did not
 * do, after the state the caller saw can be asserted.
 */
export async function moreTurns(processes: ServerProcess[], job: string, count: number): Promise<void> {
  const from = await Promise.all(processes.map((process) => jobTurns(process, job)));
  await expect
    .poll(async () => (await Promise.all(processes.map((process) => jobTurns(process, job)))).every((turns, n) => turns >= from[n] + count + 1), { timeout: 30_000, interval: 50 })
    .toBe(true);
}
