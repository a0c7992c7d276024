import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

/**
 * Serves the baseline pages' build on 127.0.0.1 and answers `GET /api/<resource>` with the rows
 * the product's API gave (the shape ra-data-simple-rest reads: an array and Content-Range).
 */
export async function serveBaselines(dist: string, rows: unknown[]): Promise<{ base: string; close(): Promise<void> }> {
  const body = JSON.stringify(rows);
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path.startsWith('/api/')) {
      response.writeHead(200, { 'content-type': 'application/json', 'content-range': `items 0-${rows.length - 1}/${rows.length}`, 'access-control-expose-headers': 'Content-Range' });
      response.end(body);
      return;
    }
    const file = normalize(join(dist, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { base, close: () => new Promise((done) => server.close(() => done())) };
}
