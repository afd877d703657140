import type { Page } from '@playwright/test';
import { hostileBlock, hostileMarkdownCases, hugeTable } from '../fixtures/hostileMarkdown.js';
import type { Emulator } from '../emulator/server.js';
import { startBeaconServer } from '../support/beaconServer.js';
import { recordTrustRow } from '../trust/trustReport.js';
import { expect, test, addEmulatorV2Key } from './fixtures.js';
import { watchPage, type PageWatch } from './hostile/pageWatch.js';
import { blockProblems, coveredControls, frameLatency } from './hostile/renderedChecks.js';
import { smallPdf } from './jobsHelpers.js';

/** From now on the emulator's parse results carry exactly these Markdown blocks. */
async function serveMarkdown(emulator: Emulator, blocks: string[]): Promise<void> {
  const response = await fetch(`${emulator.url}/__control/markdown`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ blocks }),
  });
  expect(response.status).toBe(200);
}

/** The app with a v2 key for the emulator and a one-page PDF open, the cloud parser selected. */
async function openForCloudParse(page: Page, url: string, emulator: Emulator): Promise<void> {
  await page.goto(url);
  await addEmulatorV2Key(page, emulator);
  await page
    .getByTestId('open-file')
    .setInputFiles({ name: 'hostile.pdf', mimeType: 'application/pdf', buffer: await smallPdf('hostile') });
  // The sample shown at first run has one page too: wait for this document to be the open one.
  await expect(page.locator('li.active > [data-testid="library-document"]')).toHaveAttribute('data-document-name', 'hostile.pdf');
  await page.getByTestId('engine').selectOption('parse');
}

/** Everything the watchers collected, as counts, so each case can be judged on what it added. */
async function tally(watch: PageWatch, beaconHits: unknown[]) {
  return {
    requests: watch.requests.length,
    dialogs: watch.dialogs.length,
    console: watch.console.length,
    errors: watch.pageErrors.length,
    csp: (await watch.cspViolations()).length,
    beacon: beaconHits.length,
  };
}

test('hostile service Markdown through the cloud path: nothing runs, nothing is fetched, nothing is hidden', async ({
  page,
  launchPreview,
  emulator,
}) => {
  test.setTimeout(240_000);
  const beacon = await startBeaconServer();
  try {
    const preview = await launchPreview();
    const watch = await watchPage(page, preview.origin);
    await openForCloudParse(page, preview.url, emulator);

    const cases = hostileMarkdownCases(beacon.url);
    // The app itself starts clean: any violation before the first payload is the app's own.
    const failures: string[] = (await watch.cspViolations()).map((v) => `start-up: CSP violation ${v}`);
    for (const c of cases) {
      const { markdown, marker } = hostileBlock(c);
      await serveMarkdown(emulator, [markdown]);
      const before = await tally(watch, beacon.hits);
      await page.getByTestId('run').click();
      const block = page.locator('[data-testid="md-node"]').filter({ hasText: marker });
      const problems: string[] = [];
      try {
        await expect(block).toHaveCount(1, { timeout: 20_000 });
        await block.scrollIntoViewIfNeeded();
        await block.hover(); // mouse handlers, had any survived, fire now
        // Long enough for a failed image load, a refresh, an autofocus or a style to act.
        await page.waitForTimeout(150);
        problems.push(...(await blockProblems(block, [...c.visible, marker])));
      } catch (error) {
        problems.push(`never rendered: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      }
      const latency = await frameLatency(page);
      if (latency > 1_000) problems.push(`the window took ${Math.round(latency)} ms to answer`);
      problems.push(...(await coveredControls(page, ['run', 'nav-keys'])).map((id) => `the "${id}" control is covered`));
      problems.push(
        ...watch.requests.slice(before.requests).map((r) => `request ${r}`),
        ...beacon.hits.slice(before.beacon).map((h) => `beacon hit ${h.method} ${h.path}`),
        ...watch.dialogs.slice(before.dialogs).map((d) => `dialog ${d}`),
        ...(await watch.cspViolations()).slice(before.csp).map((v) => `CSP violation ${v}`),
        ...watch.console.slice(before.console).map((m) => `console: ${m}`),
        ...watch.pageErrors.slice(before.errors).map((e) => `page error: ${e}`),
      );
      const pwned = await watch.pwned();
      if (pwned !== undefined) {
        problems.push(`script ran (window.__pwned = ${JSON.stringify(pwned)})`);
        await page.evaluate(() => delete (window as unknown as { __pwned?: unknown }).__pwned);
      }
      failures.push(...problems.map((p) => `${c.id}: ${p}`));
    }

    // Late effects (a timer, a refresh) show up here; and the app still works afterwards.
    const settled = await tally(watch, beacon.hits);
    await page.waitForTimeout(1_000);
    const late = await tally(watch, beacon.hits);
    for (const [what, count] of Object.entries(late)) {
      if (count > settled[what as keyof typeof settled])
        failures.push(`late: ${count - settled[what as keyof typeof settled]} more ${what}`);
    }
    if ((await watch.pwned()) !== undefined) failures.push(`late: script ran (${JSON.stringify(await watch.pwned())})`);
    await page.getByTestId('nav-keys').click();
    await expect(page.locator('[data-testid="key-row"][data-key-name="Emulator v2"]')).toBeVisible();
    await page.getByTestId('nav-workspace').click();
    await expect(page.getByTestId('run')).toBeVisible();

    const failedCases = new Set(failures.map((f) => f.split(':')[0]));
    recordTrustRow({
      check: 'hostile Markdown',
      cases: cases.length,
      failures: failedCases.size,
      ...(failures[0] ? { note: failures[0].slice(0, 120) } : {}),
    });
    expect(failures).toEqual([]);
  } finally {
    await beacon.close();
  }
});

test('a 2,000 × 50 table from the service renders bounded, never freezing the window; Raw shows all of it', async ({
  page,
  launchPreview,
  emulator,
}) => {
  test.setTimeout(120_000);
  const preview = await launchPreview();
  const watch = await watchPage(page, preview.origin);
  await openForCloudParse(page, preview.url, emulator);
  await serveMarkdown(emulator, [hugeTable(2_000, 50), 'After the table']);
  // The longest task the page runs from here on: the window is frozen for that long.
  await page.evaluate(() => {
    const longest = { ms: 0 };
    Object.defineProperty(window, '__longestTask', { value: longest });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longest.ms = Math.max(longest.ms, entry.duration);
    }).observe({ type: 'longtask' });
  });

  let passed = false;
  try {
    await renderHugeTable(page, watch);
    passed = true;
  } finally {
    recordTrustRow({ check: 'hostile Markdown: 2,000 x 50 table', cases: 1, failures: passed ? 0 : 1 });
  }
});

async function renderHugeTable(page: Page, watch: PageWatch): Promise<void> {
  const started = Date.now();
  await page.getByTestId('run').click();
  const table = page.locator('[data-testid="md-node"][data-node-id="text-0"]');
  // waitFor, not expect: Playwright's expect takes an accessibility snapshot of the whole page
  // on this thread each time it finds nothing yet, and that would count as the page's task.
  await table.getByTestId('md-cut-note').waitFor({ timeout: 60_000 });
  const rendered = Date.now() - started;
  // Cut, and said so: the first rows are there, the note says where the rest is.
  await expect(table.locator('td', { hasText: /^r0c0$/ })).toBeVisible();
  const rows = await table.locator('tbody tr').count();
  expect(rows).toBeGreaterThan(90);
  expect(rows).toBeLessThan(2_000);
  expect(await frameLatency(page)).toBeLessThan(1_000);
  // Still usable: scrolling past the table reaches the next block.
  await page.getByTestId('md-rendered').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(page.locator('[data-testid="md-node"][data-node-id="text-1"]')).toBeVisible();
  const longest = await page.evaluate(() => (window as unknown as { __longestTask: { ms: number } }).__longestTask.ms);
  console.log(`huge table: ${rows} of 2000 rows rendered in ${rendered} ms, longest task ${Math.round(longest)} ms`);
  expect(longest).toBeLessThan(1_500);
  await page.getByTestId('md-raw-toggle').check();
  await expect(page.getByTestId('md-raw')).toContainText('r1999c49 |');
  expect(watch.requests).toEqual([]);
  expect(watch.pageErrors).toEqual([]);
  expect(await watch.cspViolations()).toEqual([]);
}
