/**
 * An oversize body over a real socket: the client that sends the whole body before reading (as
 * most HTTP libraries do) must read a clean 413, not a reset connection.
 */
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';

const ELEVEN_MIB = 11 * 1024 * 1024;

/** Writes the request head and the whole body, then reads the answer; a socket error is part of the result. */
function sendWhole(port: number, path: string, head: Record<string, string>, size: number): Promise<{ answer: string; error: string | null }> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    let error: string | null = null;
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on('close', () => resolve({ answer, error }));
    const lines = Object.entries({ host: '127.0.0.1', 'content-type': 'application/json', ...head }).map(([k, v]) => `${k}: ${v}`);
    socket.write(`POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const chunked = head['transfer-encoding'] === 'chunked';
    for (let sent = 0; sent < size; sent += chunk.length) socket.write(chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk);
    if (chunked) socket.end('0\r\n\r\n');
    else socket.end();
  });
}

describe('oversize requests over a real socket', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(() => server?.close());

  it("answers 413 'O corpo da requisição é grande demais.' to a body past 10 MiB, declared or chunked, every time", async () => {
    const heads: Record<string, string>[] = [{ 'content-length': String(ELEVEN_MIB) }, { 'transfer-encoding': 'chunked' }];
    for (const head of heads) {
      for (let round = 0; round < 3; round++) {
        const { answer, error } = await sendWhole(port, '/api/auth', head, ELEVEN_MIB);
        expect({ error, status: answer.split('\r\n')[0] }, JSON.stringify(head)).toEqual({ error: null, status: 'HTTP/1.1 413 Payload Too Large' });
        expect(answer).toContain('{"message":"O corpo da requisição é grande demais."}');
      }
    }
  });

  it("answers 431 in pt-BR to an address past Node's 16 KiB of request head (so the 414 of a 20.000-character segment is never reached)", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/generos/multiple_delete/${'1'.repeat(20_001)}`, { method: 'DELETE' });
    expect([response.status, await response.json()]).toEqual([431, { message: 'O endereço ou os cabeçalhos da requisição são longos demais.' }]);
    const fits = await fetch(`http://127.0.0.1:${port}/api/generos/multiple_delete/${'1'.repeat(15_000)}`, { method: 'DELETE' });
    expect(fits.status).toBe(401);
  });
});
