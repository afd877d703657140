import type { Page } from '@playwright/test';
import { toSourcePositions } from './sourceStack.js';

/** Thrown by an action when the window stopped answering (not an ordinary miss). */
export class Stuck extends Error {}

/** Something the monkey must stop on. */
export interface Failure {
  kind: 'pageerror' | 'console-error' | 'crash-screen' | 'unexpected-error' | 'page-crashed' | 'hung';
  text: string;
}

const BINDING = '__monkeyFlag';

/**
 * In the page: reports the crash screen, and an error banner with the code `unexpected` (an
 * exception the store caught that no code path meant to throw), the moment either appears.
 * An observer instead of a query after every action: it costs the monkey no round trip.
 */
function watchInPage(binding: string): void {
  const seen = new WeakSet<Element>();
  const flag = (window as unknown as Record<string, (kind: string, text: string) => void>)[binding]!;
  const scan = () => {
    for (const element of document.querySelectorAll('[data-testid="crash-screen"], [data-testid="error"][data-code="unexpected"]')) {
      if (seen.has(element)) continue;
      seen.add(element);
      flag(element.getAttribute('data-testid') === 'crash-screen' ? 'crash-screen' : 'unexpected-error', element.textContent ?? '');
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true });
  scan();
}

/**
 * Collects what counts as a failure: an uncaught page error, any console error (none is
 * ignored: the app logs an error only when something went wrong), the page process dying, the
 * crash screen and `unexpected` error banners. Stacks are mapped back to renderer sources.
 */
export class FailureWatch {
  private readonly failures: Failure[] = [];

  private constructor(private readonly page: Page) {
    page.on('pageerror', (error) => this.add({ kind: 'pageerror', text: error.stack ?? error.message }));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const { url, lineNumber, columnNumber } = message.location();
      this.add({
        kind: 'console-error',
        text: `${message.text()}${url ? `\n    logged at ${url}:${lineNumber + 1}:${columnNumber + 1}` : ''}`,
      });
    });
    page.on('crash', () => this.add({ kind: 'page-crashed', text: 'the page process crashed' }));
  }

  static async start(page: Page): Promise<FailureWatch> {
    const watch = new FailureWatch(page);
    await page.exposeBinding(BINDING, (_source, kind: 'crash-screen' | 'unexpected-error', text: string) => watch.add({ kind, text }));
    // From the next load on, and in the page that is already open.
    await page.addInitScript(watchInPage, BINDING);
    await page.evaluate(watchInPage, BINDING);
    return watch;
  }

  add(failure: Failure): void {
    this.failures.push({ kind: failure.kind, text: toSourcePositions(failure.text) });
  }

  /** The failures seen so far (cleared). */
  take(): Failure[] {
    return this.failures.splice(0);
  }
}
