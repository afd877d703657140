import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An https server on loopback with a certificate for docs.example.test and
 * bucket.example.test (self-signed, valid for a century). A client that trusts `TEST_CA`
 * and is told those names live at 127.0.0.1 reaches it by name, as it would a real host.
 */
const dir = new URL('./tls/', import.meta.url);
export const TEST_CA = readFileSync(new URL('cert.pem', dir), 'utf8');
const KEY = readFileSync(new URL('key.pem', dir), 'utf8');

export interface TlsTestServer {
  port: number;
  /** Requests seen, in order, with their Host header. */
  requests: Array<{ path: string; host: string | undefined }>;
  close(): Promise<void>;
}

export async function startTlsServer(route: (req: IncomingMessage, res: ServerResponse) => void): Promise<TlsTestServer> {
  const requests: TlsTestServer['requests'] = [];
  const server: Server = createServer({ cert: TEST_CA, key: KEY }, (req, res) => {
    requests.push({ path: req.url ?? '', host: req.headers.host });
    route(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
