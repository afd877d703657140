import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppEvent } from '../../shared/events.js';
import { decodeWire, encodeWire } from '../../shared/wireCodec.js';
import { encodeWireFrames, WIRE_FRAMES_TYPE } from './wireFrames.js';
import { CONTENT_SECURITY_POLICY } from '../core/csp.js';
import type { HandlerTable } from '../core/ipcDispatch.js';
import { dispatch } from '../core/ipcDispatch.js';
import type { Logger } from '../core/log.js';
import { mimeType, resolveStaticPath } from '../core/staticFiles.js';
import { DESK_PREFIX } from './userDeskRoutes.js';

/** Bridge routes. Everything else is the built renderer. */
export const BRIDGE_PREFIX = '/__bridge';
export const TOKEN_HEADER = 'x-groundwork-token';
const MAX_BODY_BYTES = 256 * 1024 * 1024;

export interface BridgeServerOptions {
  handlers: HandlerTable;
  logger: Logger;
  rendererDir: string;
  bridgeClientFile: string;
  port?: number;
  token?: string;
  /** The user desk's routes (under DESK_PREFIX), which check their own token. */
  desk?: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;
}

export interface BridgeServer {
  url: string;
  token: string;
  port: number;
  emit(event: AppEvent): void;
  close(): Promise<void>;
}

/**
 * The browser preview's stand-in for Electron's IPC: the same handler table behind
 * HTTP on 127.0.0.1 only. Every call must carry the per-run token; the Host and Origin
 * headers must name this server (so a web page elsewhere cannot reach it, even through
 * DNS rebinding). Dev and tests only: never packaged.
 */
export async function startBridgeServer(options: BridgeServerOptions): Promise<BridgeServer> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const listeners = new Set<ServerResponse>();
  let port = 0;

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.logger.error('preview request failed', { error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'internal_error', message: 'The preview server failed.' } });
      else res.end();
    });
  });

  // Node closes an idle keep-alive socket after 5 s; a client that picks that socket at
  // the same moment gets ECONNRESET on its POST (browsers retry, Playwright's route.fetch
  // does not). Idle sockets stay open far longer than any client keeps them.
  server.keepAliveTimeout = 120_000;

  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!allowedHosts().has(req.headers.host ?? '')) {
      sendJson(res, 403, refusal('bridge_forbidden_host', 'This preview only answers requests addressed to 127.0.0.1.'));
      return;
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname.startsWith(`${BRIDGE_PREFIX}/`)) return handleBridge(req, res, url);
    if (options.desk && url.pathname.startsWith(`${DESK_PREFIX}/`)) return options.desk(req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendJson(res, 405, refusal('method_not_allowed', 'Only GET is served here.'));
      return;
    }
    return serveStatic(res, url.pathname);
  }

  async function handleBridge(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const route = url.pathname.slice(BRIDGE_PREFIX.length);
    if (route === '/client.js') {
      return sendFile(res, options.bridgeClientFile);
    }
    const presented = route === '/events' ? url.searchParams.get('token') : header(req, TOKEN_HEADER);
    if (!tokenMatches(presented, token)) {
      sendJson(res, 401, refusal('bridge_unauthorized', 'The preview bridge needs the token printed when the preview started.'));
      return;
    }
    const origin = header(req, 'origin');
    if (origin && !allowedHosts().has(origin.replace(/^http:\/\//, ''))) {
      sendJson(res, 403, refusal('bridge_forbidden_origin', 'Calls from other origins are refused.'));
      return;
    }
    if (route === '/events' && req.method === 'GET') return openEventStream(res);
    const channel = route.startsWith('/invoke/') ? decodeURIComponent(route.slice('/invoke/'.length)) : null;
    if (channel === null || req.method !== 'POST') {
      sendJson(res, 404, refusal('not_found', 'No such bridge route.'));
      return;
    }
    let request: unknown;
    try {
      request = decodeWire(await readBody(req));
    } catch (error) {
      sendJson(res, 400, refusal('invalid_request', error instanceof Error ? error.message : 'Unreadable request body.'));
      return;
    }
    const answer = await dispatch(options.handlers, channel, request, options.logger);
    // Bytes (a document, a result model) go as they are to a client that reads frames.
    const frames = header(req, 'accept')?.includes(WIRE_FRAMES_TYPE) ? encodeWireFrames(answer) : null;
    if (frames) {
      res.writeHead(200, { 'Content-Type': WIRE_FRAMES_TYPE, 'Cache-Control': 'no-store' });
      res.end(frames);
    } else sendJson(res, 200, answer);
  }

  function openEventStream(res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    listeners.add(res);
    res.on('close', () => listeners.delete(res));
  }

  async function serveStatic(res: ServerResponse, pathname: string): Promise<void> {
    const file = resolveStaticPath(options.rendererDir, pathname);
    if (!file) {
      sendJson(res, 400, refusal('bad_path', 'That path is outside the app.'));
      return;
    }
    if (file.endsWith('index.html')) {
      let html: string;
      try {
        html = await readFile(file, 'utf8');
      } catch {
        sendJson(res, 500, refusal('not_built', 'The renderer is not built. Run `npm run build` first.'));
        return;
      }
      // The bridge client must define window.groundwork before the app's module script runs.
      const injected = html.replace('<head>', `<head>\n    <script src="${BRIDGE_PREFIX}/client.js"></script>`);
      res.writeHead(200, securityHeaders('text/html; charset=utf-8'));
      res.end(injected);
      return;
    }
    return sendFile(res, file);
  }

  async function sendFile(res: ServerResponse, file: string): Promise<void> {
    try {
      const body = await readFile(file);
      res.writeHead(200, securityHeaders(mimeType(file)));
      res.end(body);
    } catch {
      sendJson(res, 404, refusal('not_found', 'No such file.'));
    }
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    token,
    port,
    emit(event) {
      const frame = `data: ${JSON.stringify(event)}\n\n`;
      for (const res of listeners) res.write(frame);
    },
    close: () =>
      new Promise<void>((resolveClose) => {
        for (const res of listeners) res.end();
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}

function tokenMatches(presented: string | null | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function refusal(code: string, message: string) {
  return { ok: false, error: { code, message } };
}

function securityHeaders(contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(encodeWire(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('The request body is too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
