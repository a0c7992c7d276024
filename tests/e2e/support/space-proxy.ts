import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Below the product's keep-alive timeout (HTTP_KEEP_ALIVE_TIMEOUT_MS, 72 s by default). */
const IDLE_UPSTREAM_MS = 20_000;

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
  // A kept-alive connection must be closed by the side that would reuse it, never by the other
  // as it is reused: the agent drops an idle connection to the product well before the product's
  // own timeout, and the proxy never closes an idle one under a client (its clients close theirs).
  const agent = new http.Agent({ keepAlive: true, timeout: IDLE_UPSTREAM_MS });
  const server = http.createServer({ keepAliveTimeout: 0 }, (request, response) => {
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
