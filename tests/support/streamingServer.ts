import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP server for size and transport tests: each route writes its answer by
 * hand. `streamBody` sends a long body in chunks, only as fast as the client reads it
 * (it waits for 'drain'), and stops the moment the client goes away, so a client that
 * aborts early is seen as such and the server never buffers what was not asked for.
 */
export interface TestServer {
  url: string;
  port: number;
  /** Requests seen, in order. */
  requests: Array<{ method: string; path: string; headers: IncomingMessage['headers'] }>;
  /** TCP connections accepted, whatever came over them (TLS hellos included). */
  connections: number;
  close(): Promise<void>;
}

export async function startServer(route: (req: IncomingMessage, res: ServerResponse) => void, host = '127.0.0.1'): Promise<TestServer> {
  const requests: TestServer['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    route(req, res);
  });
  const state = { connections: 0 };
  server.on('connection', () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    requests,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface StreamStats {
  /** Bytes handed to the socket. */
  sent: number;
  /** The client closed the connection before the whole body was sent. */
  closedEarly: boolean;
  /** Settles when the response is closed, either way. */
  closed: Promise<void>;
}

export const CHUNK_BYTES = 64 * 1024;

/** Streams `total` bytes (starting with `first`, if given) after the given headers. */
export function streamBody(
  res: ServerResponse,
  total: number,
  options: { headers?: Record<string, string>; first?: Uint8Array } = {},
): StreamStats {
  let settle = () => undefined as void;
  const stats: StreamStats = { sent: 0, closedEarly: false, closed: new Promise<void>((resolve) => (settle = resolve)) };
  const filler = Buffer.alloc(CHUNK_BYTES, 0x20);
  res.on('close', () => {
    stats.closedEarly = stats.sent < total;
    settle();
  });
  res.writeHead(200, { 'Content-Type': 'application/octet-stream', ...options.headers });
  const pump = () => {
    while (stats.sent < total && !res.destroyed) {
      let piece = filler.subarray(0, Math.min(CHUNK_BYTES, total - stats.sent));
      if (stats.sent === 0 && options.first) piece = Buffer.concat([options.first, piece]).subarray(0, piece.length);
      stats.sent += piece.length;
      if (!res.write(piece)) {
        res.once('drain', pump);
        return;
      }
    }
    if (stats.sent >= total && !res.destroyed) res.end();
  };
  pump();
  return stats;
}

/** The highest resident set size seen while `run` runs, above what it was before. */
export async function peakRssGrowth<T>(run: () => Promise<T>): Promise<{ value: T | undefined; error: unknown; growthBytes: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const value = await run();
    return { value, error: undefined, growthBytes: Math.max(peak, process.memoryUsage().rss) - before };
  } catch (error) {
    return { value: undefined, error, growthBytes: Math.max(peak, process.memoryUsage().rss) - before };
  } finally {
    clearInterval(sampler);
  }
}
