/**
 * The product as `npm start` runs it (minus the client build): one node process on a data folder
 * the caller owns, so a test can kill it, start it again on the same folder, or start a second one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { PROJECT_ROOT, serverArguments } from '../../support/server-build.js';

export const ROOT = PROJECT_ROOT;
export const ADMIN_EMAIL = 'admin@conselho.test';
export const ADMIN_PASSWORD = 'senha-forte-2026';

export interface ProductProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** SIGKILL at once, as a crash or a power cut would end it. */
  kill(): Promise<void>;
}

/** Resolves once the server prints its address; rejects with its output when it exits first. */
export function startProductProcess(env: Record<string, string>): Promise<ProductProcess> {
  const child = spawn(process.execPath, serverArguments(), {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', ADMIN_EMAIL, ADMIN_PASSWORD, WEB_DIR: resolve(ROOT, '.test-data/none'), LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  return new Promise((resolveProcess, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/https?:\/\/[^\s]+:\d+/);
      if (!match) return;
      clearTimeout(timer);
      resolveProcess({
        url: match[0].replace(/\/$/, ''),
        child,
        output: () => output,
        async stop() {
          if (ended()) return;
          child.kill('SIGTERM');
          await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
          if (!ended()) child.kill('SIGKILL');
          await exited;
        },
        async kill() {
          if (!ended()) child.kill('SIGKILL');
          await exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
}

/** Calls the API as a client would: JSON in and out, status and body. */
export async function call(url: string, method: string, path: string, options: { token?: string; body?: unknown; tenant?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.tenant) headers.tenant = options.tenant;
  const response = await fetch(`${url}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the failure message
  }
  return { status: response.status, body };
}

export async function logIn(url: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD, tenant?: string): Promise<string> {
  const answer = await call(url, 'POST', '/api/auth', { body: { email, password }, tenant });
  if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data.token;
}
