import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BeaconServer {
  url: string;
  /** Every request that reached it: any entry is a request that should never have been made (unless a test allowed it). */
  hits: Array<{ method: string; path: string; headers: Record<string, string | string[] | undefined> }>;
  close(): Promise<void>;
}

export interface BeaconOptions {
  /** Where it listens; default 127.0.0.1. 127.0.0.2 is loopback too, but a host no key belongs to. */
  host?: string;
  /** Answered as JSON with 200; without it, an empty 204. */
  json?: unknown;
}

/**
 * A server that requests which must never happen are pointed at (hostile payloads, keys sent
 * to a stranger): it answers everything and remembers each request with its headers, so a
 * request that slipped past every check still shows up.
 */
export async function startBeaconServer(options: BeaconOptions = {}): Promise<BeaconServer> {
  const hits: BeaconServer['hits'] = [];
  const host = options.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    hits.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers });
    req.resume();
    if (options.json === undefined) {
      res.writeHead(204, { 'Access-Control-Allow-Origin': '*' });
      res.end();
    } else {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      res.end(JSON.stringify(options.json));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
