import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RecordedService {
  url: string;
  /** `METHOD /path` → the answers to give, in turn (the last one repeats). */
  answer(route: string, ...answers: Recorded[]): void;
  requests: Array<{ method: string; path: string; query: string; headers: Record<string, string | string[] | undefined>; body: string }>;
  close(): Promise<void>;
}

/** A plain loopback server that plays back recorded answers by route, and logs what it was sent. */
export async function startRecordedService(): Promise<RecordedService> {
  const routes = new Map<string, Recorded[]>();
  const requests: RecordedService['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://recorded.local');
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.search,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('latin1'),
      });
      const queue = routes.get(`${req.method} ${url.pathname}`);
      const next = queue && (queue.length > 1 ? queue.shift()! : queue[0]!);
      const answer = next ?? { status: 404, body: { code: 'not_found', message: `No recorded answer for ${req.method} ${url.pathname}.` } };
      res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answer: (route, ...answers) => routes.set(route, [...answers]),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
