import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SpaceProxy {
  /** Where the browser and the test's own requests go: every one of them reaches the space. */
  url: string;
  close(): Promise<void>;
}

/**
 * An address on loopback that passes everything to the shared product, naming the file's space in
 * the `Tenant` header when the request names none: the login page, the client and a test's own
 * `fetch` then work in that space as they would in the main space of a product of their own.
 * Bodies are streamed both ways (uploads, downloads, exports), the client's `Host` is kept (the
 * product builds its links from it).
 */
export async function spaceProxy(target: string, tenant: string): Promise<SpaceProxy> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const headers = { ...request.headers };
    headers.tenant ??= tenant;
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
