import type { Page } from '@playwright/test';
import type { FaultRequest } from '../emulator/faults.js';
import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';

// A refused or dropped request that will be sent again is progress, not an error.
// The run's status line says why and when it retries, then the result arrives; no error is
// shown. Every text the line shows is recorded, so a short wait cannot slip between polls.

const SCHEMA = JSON.stringify({ type: 'object', properties: { total: { type: 'string', description: 'Total' } } });

interface Case {
  what: string;
  fault: FaultRequest;
  path: string;
  /** What the status line must have said while it waited. */
  said: string;
  run(page: Page): Promise<void>;
  done(page: Page): Promise<void>;
}

async function runEngine(page: Page, engine: 'parse' | 'analyzer', asJob = false): Promise<void> {
  await page.getByTestId('engine').selectOption(engine);
  if (asJob) {
    await page.getByTestId('engine-options-toggle').click();
    await page.getByTestId('parse-mode').selectOption('job');
  }
  await page.getByTestId('run').click();
}

const CASES: Case[] = [
  {
    what: 'a parse refused with 429',
    fault: { fault: { kind: 'status', status: 429, retryAfter: '1' }, match: { method: 'POST', path: '/v2/parse' }, times: 1 },
    path: '/v2/parse',
    said: 'Parsing in the cloud: the service is busy (429); retrying in 1 s (attempt 2)',
    run: (page) => runEngine(page, 'parse'),
    done: (page) => expect(page.locator('.status-result')).toContainText('parse · dpt-3-pro'),
  },
  {
    what: 'the older analyzer answering 503',
    fault: {
      fault: { kind: 'status', status: 503, retryAfter: '1' },
      match: { method: 'POST', path: '/v1/tools/agentic-document-analysis' },
      times: 1,
    },
    path: '/v1/tools/agentic-document-analysis',
    said: 'Analyzing in the cloud: the service is unavailable (503); retrying in 1 s (attempt 2)',
    run: (page) => runEngine(page, 'analyzer'),
    done: (page) => expect(page.getByTestId('library-result').filter({ hasText: 'analyzer' })).toHaveCount(1),
  },
  {
    what: 'an extraction whose connection drops',
    fault: { fault: { kind: 'drop' }, match: { method: 'POST', path: '/v2/extract' }, times: 1 },
    path: '/v2/extract',
    said: 'Extracting in the cloud: the connection dropped; retrying in',
    run: async (page) => {
      await page.getByTestId('schema-input').fill(SCHEMA);
      await page.getByTestId('extractor').selectOption('extract');
      await page.getByTestId('extract-run').click();
    },
    done: (page) => expect(page.locator('[data-testid="field"][data-field="total"]')).toBeVisible(),
  },
  {
    what: 'a job create answering 503',
    fault: { fault: { kind: 'status', status: 503, retryAfter: '1' }, match: { method: 'POST', path: '/v2/parse/jobs' }, times: 1 },
    path: '/v2/parse/jobs',
    said: 'Creating the job: the service is unavailable (503); retrying in 1 s (attempt 2)',
    run: (page) => runEngine(page, 'parse', true),
    done: (page) => expect(page.getByTestId('workspace-job')).toContainText('result stored', { timeout: 20_000 }),
  },
];

for (const c of CASES) {
  test(`${c.what}: the run line says it retries, then the result comes, with no error`, async ({ page, preview, emulator }) => {
    await expect(page.locator('[data-testid="box"]').first()).toBeVisible(); // the first-run sample
    const keys = { v2: DEMO_KEYS.v2[0]!, analyzer: DEMO_KEYS.analyzer[0]! };
    await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: keys.v2, address: emulator.url });
    await addKeyThroughUi(page, { name: 'Emulator analyzer', kind: 'analyzer', secret: keys.analyzer, address: emulator.url });
    if (c.path === '/v2/extract') {
      await runEngine(page, 'parse'); // extraction reads a cloud parse result
      await expect(page.locator('.status-result')).toContainText('parse · dpt-3-pro');
    }
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { runLineTexts: string[] }).runLineTexts = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="run-progress"]')?.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const before = emulator.requests.filter((r) => r.method === 'POST' && r.path === c.path).length;
    emulator.faults.add(c.fault);

    await c.run(page);
    await c.done(page);
    const texts = await page.evaluate(() => (window as unknown as { runLineTexts: string[] }).runLineTexts);
    expect(
      texts.some((t) => t.includes(c.said)),
      `the run line said: ${JSON.stringify(texts)}`,
    ).toBe(true);
    await expect(page.getByTestId('run-progress')).toHaveCount(0);
    await expect(page.getByTestId('error')).toHaveCount(0);
    const statuses = emulator.requests
      .filter((r) => r.method === 'POST' && r.path === c.path)
      .slice(before)
      .map((r) => r.status);
    expect(statuses).toEqual([
      c.fault.fault.kind === 'drop' ? 'dropped' : (c.fault.fault as { status: number }).status,
      c.path.endsWith('/jobs') ? 202 : 200,
    ]);
    void preview;
  });
}
