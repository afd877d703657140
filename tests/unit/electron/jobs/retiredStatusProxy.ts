import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RetiredStatusProxy {
  url: string;
  close(): Promise<void>;
}

const HOP_BY_HOP = ['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'expect'];

/**
 * A service that still reports the retired job status `cancelled` (the official package
 * lists it): forwards every request to the emulator and rewrites a job the emulator reports
 * stopped (`failed`, `cancelled_by_service`) as `cancelled` without an error in its polls.
 * The emulator itself follows the contract and never sends `cancelled`.
 */
export async function startRetiredStatusProxy(target: () => string): Promise<RetiredStatusProxy> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string' && !HOP_BY_HOP.includes(e[0])),
      );
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
      void fetch(`${target()}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, ...(body ? { body } : {}) })
        .then(async (answer) => {
          const text = await answer.text();
          res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' });
          const poll = /^\/v2\/(parse|extract)\/jobs\/[^/?]+/.test(req.url ?? '') && answer.ok;
          res.end(poll ? JSON.stringify(retire(JSON.parse(text) as Poll)) : text);
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Poll = { status?: unknown; error?: { code?: unknown } | null };

function retire(poll: Poll): Poll {
  if (poll.status !== 'failed' || poll.error?.code !== 'cancelled_by_service') return poll;
  const { error: _error, ...rest } = poll;
  return { ...rest, status: 'cancelled' };
}
