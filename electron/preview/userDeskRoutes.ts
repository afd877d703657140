import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { UserDesk } from './userDesk.js';

/** The desk's routes, beside the bridge's on the preview's server. */
export const DESK_PREFIX = '/__user';
export const DESK_TOKEN_HEADER = 'x-groundwork-user-token';

const answerSchema = z.object({ id: z.string().min(1).max(64), yes: z.boolean() }).strict();

/**
 * Acting as the user at the preview's desk: the questions main asks, the answer, the clipboard.
 * A script in the page cannot use these: they take a token of their own that the page is never
 * given (the bridge's is in its address), and a request a browser makes (it names its site
 * or origin) is refused even with the token.
 */
export function deskRoutes(desk: UserDesk, token: string) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    // A browser names the site a request comes from (Sec-Fetch-Site, on every request to this
    // loopback address) or its origin; Node's fetch, a test's, names neither.
    if (req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined || req.headers['sec-fetch-dest'] !== undefined) {
      return send(res, 403, { ok: false, error: { code: 'desk_forbidden', message: 'The user desk does not answer a browser.' } });
    }
    if (!tokenMatches(req.headers[DESK_TOKEN_HEADER], token)) {
      return send(res, 401, { ok: false, error: { code: 'desk_unauthorized', message: 'The user desk needs its own token.' } });
    }
    const route = url.pathname.slice(DESK_PREFIX.length);
    if (route === '/questions' && req.method === 'GET') return send(res, 200, { ok: true, value: desk.questions() });
    if (route === '/clipboard' && req.method === 'GET') return send(res, 200, { ok: true, value: desk.clipboardText() });
    if (route === '/answer' && req.method === 'POST') {
      const parsed = answerSchema.safeParse(await readJson(req));
      if (!parsed.success) return send(res, 400, { ok: false, error: { code: 'invalid_request', message: 'Send {id, yes}.' } });
      return send(res, 200, { ok: true, value: desk.answer(parsed.data.id, parsed.data.yes) });
    }
    return send(res, 404, { ok: false, error: { code: 'not_found', message: 'No such desk route.' } });
  };
}

function tokenMatches(presented: string | string[] | undefined, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 4096) return null;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}
