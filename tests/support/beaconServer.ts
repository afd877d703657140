import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BeaconServer {
  url: string;
  /** Every request that reached it: any entry is a request the page should never have made. */
  hits: Array<{ method: string; path: string }>;
  close(): Promise<void>;
}

/**
 * A server on 127.0.0.1 that hostile payloads point at: it answers everything with an
 * empty 204 and remembers the request, so a fetch that slipped past both the sanitizer and
 * the page's request listener (a prefetch, a CSS import) still shows up.
 */
export async function startBeaconServer(): Promise<BeaconServer> {
  const hits: BeaconServer['hits'] = [];
  const server = createServer((req, res) => {
    hits.push({ method: req.method ?? 'GET', path: req.url ?? '/' });
    res.writeHead(204, { 'Access-Control-Allow-Origin': '*' });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
