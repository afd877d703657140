/**
 * A service on 127.0.0.1 that answers with whatever the current case says: the real
 * clients send real requests and read the fuzzed body the way they would read the cloud's.
 * Each path has a queue of answers (the last one repeats); other paths are a v2 404.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FuzzAnswer {
  status: number;
  text: string;
}

export interface FuzzService {
  readonly url: string;
  /** Replaces every route: path (without query) → answers in order. */
  routes(table: Record<string, FuzzAnswer[]>): void;
  close(): Promise<void>;
}

const NOT_FOUND: FuzzAnswer = { status: 404, text: JSON.stringify({ code: 'not_found', message: 'No such resource.' }) };

export async function startFuzzService(): Promise<FuzzService> {
  let table = new Map<string, FuzzAnswer[]>();
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const queue = table.get(path);
      const answer = queue && queue.length > 0 ? (queue.length > 1 ? queue.shift()! : queue[0]!) : NOT_FOUND;
      response.writeHead(answer.status, { 'Content-Type': 'application/json' });
      response.end(answer.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routes: (next) => {
      table = new Map(Object.entries(next).map(([path, answers]) => [path, [...answers]]));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
