import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../core/csp.js';
import { mimeType, resolveStaticPath } from '../core/staticFiles.js';

export const APP_SCHEME = 'app';
export const APP_HOST = 'groundwork';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Must run before the app is ready: app:// behaves like https (secure, fetch, workers). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

/** Serves the built renderer from `rendererDir` at app://groundwork/, never anything outside it. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = url.host === APP_HOST ? resolveStaticPath(rendererDir, url.pathname) : null;
    if (!file) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: {
          'Content-Type': mimeType(file),
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}
