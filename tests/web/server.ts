import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: unknown;
}

type Reply = { status: number; body?: unknown };

/** A real HTTP server on a free local port that records each request and answers with `reply`. */
export async function startServer(reply: (request: Seen) => Reply) {
  const seen: Seen[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const request: Seen = {
      method: req.method!,
      url: new URL(req.url!, 'http://localhost'),
      headers: req.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    seen.push(request);
    const answer = reply(request);
    res.writeHead(answer.status, { 'Content-Type': 'application/json' });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
