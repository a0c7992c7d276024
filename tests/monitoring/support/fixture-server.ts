import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What one path of the fixture answers. */
export interface FixtureRoute {
  status?: number;
  body?: string;
  /** Wait before sending the headers. */
  delayMs?: number;
  /** Send the headers and the body's first bytes, then nothing more. */
  stallBody?: boolean;
  /** Send this many bytes of 'a' and end (or keep sending forever with Infinity). */
  bodyBytes?: number;
  /** Answer 302 to this address. */
  redirectTo?: string;
}

export interface FixtureServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  route(path: string, route: FixtureRoute): string;
  /** How many requests reached the path. */
  hits(path: string): number;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 whose answers each test sets per path. */
export async function startFixtureServer(options: { onRequest?: (request: IncomingMessage) => void } = {}): Promise<FixtureServer> {
  const routes = new Map<string, FixtureRoute>();
  const counts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fixture').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    options.onRequest?.(request);
    const route = routes.get(path) ?? { status: 404, body: 'não encontrado' };
    setTimeout(() => answer(response, route), route.delayMs ?? 0);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    route(path, route) {
      routes.set(path, route);
      return `${origin}${path}`;
    },
    hits: (path) => counts.get(path) ?? 0,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function answer(response: ServerResponse, route: FixtureRoute): void {
  if (response.destroyed) return;
  if (route.redirectTo) {
    response.writeHead(302, { location: route.redirectTo }).end();
    return;
  }
  response.writeHead(route.status ?? 200, { 'content-type': 'text/plain; charset=utf-8' });
  if (route.stallBody) {
    response.write(route.body ?? 'início');
    return;
  }
  if (route.bodyBytes !== undefined) {
    writeBytes(response, route.bodyBytes);
    return;
  }
  response.end(route.body ?? 'ok');
}

function writeBytes(response: ServerResponse, total: number): void {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  let sent = 0;
  const pump = () => {
    while (sent < total && !response.destroyed) {
      const size = Math.min(chunk.length, total - sent);
      sent += size;
      if (!response.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
        response.once('drain', pump);
        return;
      }
    }
    if (!response.destroyed) response.end();
  };
  pump();
}
