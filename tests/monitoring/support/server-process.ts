import { spawn, type ChildProcess } from 'node:child_process';
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
