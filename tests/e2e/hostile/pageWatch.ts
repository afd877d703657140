import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

export interface PageWatch {
  /** Requests other than the app's own bridge and built files. */
  requests: string[];
  dialogs: string[];
  /** Console lines about the Content Security Policy, and uncaught page errors. */
  console: string[];
  pageErrors: string[];
  /** `securitypolicyviolation` events the page saw (read from the page). */
  cspViolations(): Promise<string[]>;
  /** What payloads managed to set on `window.__pwned` (undefined if nothing ran). */
  pwned(): Promise<unknown>;
}

const RENDERER_DIR = join(process.cwd(), 'dist', 'renderer');

/**
 * Listens to everything a hostile payload could do in the page: requests, dialogs, CSP
 * violations (an init script records them from the first document on), console
 * complaints and uncaught errors. Call before the first navigation.
 */
export async function watchPage(page: Page, appOrigin: string): Promise<PageWatch> {
  const watch = { requests: [] as string[], dialogs: [] as string[], console: [] as string[], pageErrors: [] as string[] };
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener(
      'securitypolicyviolation',
      (e) =>
        seen.push(
          `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`,
        ),
      true,
    );
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === appOrigin && (url.pathname.startsWith('/__bridge/') || isBuiltFile(url))) return;
    watch.requests.push(`${request.method()} ${request.url()}`);
  });
  page.on('dialog', (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('console', (message) => {
    if (/content security policy|refused to/i.test(message.text())) watch.console.push(message.text());
  });
  page.on('pageerror', (error) => watch.pageErrors.push(error.message));
  return {
    ...watch,
    cspViolations: () => page.evaluate(() => [...((window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])]),
    pwned: () => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned),
  };
}

/** The page itself, the bridge client and the built renderer's files: nothing a payload can name. */
function isBuiltFile(url: URL): boolean {
  if (url.search && url.pathname !== '/') return false;
  if (url.pathname === '/' || url.pathname === '/index.html') return true;
  const path = decodeURIComponent(url.pathname);
  return !path.includes('..') && existsSync(join(RENDERER_DIR, path));
}
