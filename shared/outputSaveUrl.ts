/**
 * The `output_save_url` validity rule (v2.output-save-url.window): at submit the URL must stay valid
 * for at least 15 minutes plus 3 seconds per document page. The expiry is read from the
 * query parameters of the common presigned-URL schemes. Used by the client preflight and
 * by the window's note beside the field, so both judge a URL the same way (the emulator has its own).
 * No DOM or Node: query parsed by hand.
 */

export const OUTPUT_SAVE_WINDOW = { baseMs: 15 * 60_000, perPageMs: 3_000 } as const;

/**
 * Pages a document whose count is not known is judged as: the service counts them and would
 * refuse a URL too short for them, so the URL must last as long as this many need (8 h 35 min),
 * which few documents pass.
 */
export const UNKNOWN_PAGE_BOUND = 10_000;

export type ExpirySource = 'aws' | 'gcs' | 'azure' | 'generic';

export interface PresignedExpiry {
  expiresAt: number;
  source: ExpirySource;
}

export type OutputSaveUrlCheck =
  | { ok: true; expiry: PresignedExpiry | null; warnings: string[] }
  | { ok: false; code: 'invalid_url' | 'validation_error'; message: string };

export function requiredWindowMs(pageCount: number): number {
  return OUTPUT_SAVE_WINDOW.baseMs + OUTPUT_SAVE_WINDOW.perPageMs * Math.max(0, pageCount);
}

/** `900000` → `15 min`, `909000` → `15 min 9 s`. */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (minutes === 0) return `${seconds} s`;
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

export function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value);
}

/** The names of this computer a plain-http URL may go to: the service writes there only when it runs here too (the emulator). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Whether an http(s) URL may carry a result: https anywhere, plain http only to this computer.
 * The service PUTs the whole result to it, so plain http elsewhere would send it readable to
 * every network in between. The host is cut by hand (no DOM or Node here): after the scheme,
 * up to the path, query or fragment, without user info and port.
 */
export function isSecureOrLoopbackUrl(value: string): boolean {
  if (/^https:\/\//i.test(value)) return true;
  const authority = /^http:\/\/([^/?#]*)/i.exec(value)?.[1] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
  return LOOPBACK_HOSTS.has(host.toLowerCase());
}

/** Query parameters with lower-cased names (schemes differ in case; values kept). */
export function queryParams(url: string): Map<string, string> {
  const params = new Map<string, string>();
  const query = url.split('#')[0]?.split('?')[1];
  if (!query) return params;
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    try {
      params.set(decodeURIComponent(name).toLowerCase(), decodeURIComponent(value.replace(/\+/g, ' ')));
    } catch {
      // A malformed escape: ignore that one parameter.
    }
  }
  return params;
}

/** `20250102T030405Z` (AWS SigV4 and GCS V4 signing dates) → epoch ms. */
function parseCompactDate(value: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

function seconds(value: string | undefined): number | null {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * Reads the expiry of a presigned URL: AWS `X-Amz-Date` + `X-Amz-Expires`, GCS
 * `X-Goog-Date` + `X-Goog-Expires`, Azure SAS `se=` (ISO 8601), generic `Expires=` (epoch
 * seconds, as S3 SigV2 and CloudFront use). Null when none is present or readable.
 */
export function readPresignedExpiry(url: string): PresignedExpiry | null {
  const q = queryParams(url);
  for (const [prefix, source] of [
    ['x-amz', 'aws'],
    ['x-goog', 'gcs'],
  ] as const) {
    const date = q.get(`${prefix}-date`);
    const expires = seconds(q.get(`${prefix}-expires`));
    if (date !== undefined && expires !== null) {
      const signedAt = parseCompactDate(date);
      if (signedAt !== null) return { expiresAt: signedAt + expires * 1000, source };
    }
  }
  const se = q.get('se');
  if (se !== undefined) {
    const at = Date.parse(se);
    if (!Number.isNaN(at)) return { expiresAt: at, source: 'azure' };
  }
  const epoch = seconds(q.get('expires'));
  if (epoch !== null) return { expiresAt: epoch * 1000, source: 'generic' };
  return null;
}

/**
 * Judges an `output_save_url` at submit time, for `pageCount` pages (0 for an extract job).
 * Null means the count is not known (a `document_url` whose copy was not counted): the URL is
 * judged as for UNKNOWN_PAGE_BOUND pages, and a warning says so.
 */
export function checkOutputSaveUrl(url: string, pageCount: number | null, now: number): OutputSaveUrlCheck {
  if (!isHttpUrl(url)) {
    return { ok: false, code: 'invalid_url', message: `output_save_url must be an http(s) URL; got "${url}".` };
  }
  if (!isSecureOrLoopbackUrl(url)) {
    return {
      ok: false,
      code: 'invalid_url',
      message:
        'output_save_url must be https: the result would cross the network unencrypted. Plain http is taken only to this computer (127.0.0.1, ::1, localhost).',
    };
  }
  const warnings: string[] = [];
  const expiry = readPresignedExpiry(url);
  const pages = pageCount ?? UNKNOWN_PAGE_BOUND;
  const needed = requiredWindowMs(pages);
  const perPage =
    pageCount === null
      ? `3 s × up to ${pages.toLocaleString('en-US')} pages: the page count is not known`
      : `3 s × ${pages} page${pages === 1 ? '' : 's'}`;
  const window = `${formatDuration(needed)} (15 minutes + ${perPage})`;
  if (expiry) {
    const remaining = expiry.expiresAt - now;
    if (remaining <= 0) {
      return {
        ok: false,
        code: 'validation_error',
        message: `output_save_url has already expired; it must stay valid for at least ${window}.`,
      };
    }
    if (remaining < needed) {
      return {
        ok: false,
        code: 'validation_error',
        message: `output_save_url expires in ${formatDuration(remaining)}; it must stay valid for at least ${window}.`,
      };
    }
  } else {
    warnings.push(`The expiry of output_save_url could not be read from the URL; make sure it stays valid for at least ${window}.`);
  }
  if (pageCount === null) {
    warnings.push(
      `The page count is not known before sending, so the URL was judged as for a document of up to ${pages.toLocaleString('en-US')} pages; a longer one needs 3 s more per page.`,
    );
  }
  const q = queryParams(url);
  if (q.has('x-amz-security-token') || q.has('x-goog-security-token')) {
    warnings.push(
      'output_save_url is signed with temporary session credentials: it stops working when that session expires, whatever its stated expiry.',
    );
  }
  return { ok: true, expiry, warnings };
}
