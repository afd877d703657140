import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { generateLargeDocument } from '../../bench/largeDocument/generate.js';
import { addKeyThroughUi, DEMO_KEYS, expect, test, showCloudParseOptions } from './fixtures.js';

// The review workspace with an impatient reviewer: each test is the exact reproduction of a
// problem a new user hit, and fails on the code before the document scope.
test.describe.configure({ timeout: 120_000 });

const REPORT = join(import.meta.dirname, '../../resources/samples/report.pdf');

/** Every uncaught error and console error of the page, and whether the crash screen ever showed. */
function watchForCrashes(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => void (message.type() === 'error' && errors.push(`console: ${message.text()}`)));
  return { errors };
}

async function expectNoCrash(page: Page, watch: { errors: string[] }): Promise<void> {
  await expect(page.getByTestId('crash-screen')).toHaveCount(0);
  expect(watch.errors).toEqual([]);
}

const libraryEntry = (page: Page, name: string) => page.locator(`[data-testid="library-document"][data-document-name="${name}"]`);

test('clicking library entries quickly while pages draw never crashes the window', async ({ page, preview }) => {
  const watch = watchForCrashes(page);
  const big = await generateLargeDocument(60, await mkdtemp(join(tmpdir(), 'groundwork-switch-')));
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([big.pdf, big.parse]);
  await expect(page.getByTestId('page-count')).toHaveText('of 60');
  await page.getByTestId('open-file').setInputFiles(REPORT);
  await expect(libraryEntry(page, 'report.pdf')).toBeVisible();

  // A page pdf.js drew in its drawing worker comes here as a bitmap of the canvas's size: marked.
  await page.evaluate(() => {
    const drawImage = CanvasRenderingContext2D.prototype.drawImage;
    CanvasRenderingContext2D.prototype.drawImage = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
      const [image] = args;
      if (image instanceof ImageBitmap && image.width === this.canvas.width && image.height === this.canvas.height)
        this.canvas.setAttribute('data-test-frame', 'true');
      return (drawImage as (...a: unknown[]) => void).apply(this, args);
    };
  });
  // Documents and results of one document, clicked faster than pages draw.
  const names = ['invoice.pdf', big.pdf.split('/').pop()!, 'report.pdf'];
  for (let i = 0; i < 24; i++) {
    await libraryEntry(page, names[i % names.length]!).click();
    if (i % 4 === 3)
      await page
        .getByTestId('library-result')
        .nth(i % 2)
        .click();
  }
  // The last click wins: its pages and nothing else.
  await libraryEntry(page, 'report.pdf').click();
  await expect(page.getByTestId('page-count')).toHaveText('of 4');
  await expect(page.locator('[data-testid="page"]')).toHaveCount(4);
  await expect(page.getByTestId('run-disabled-reason')).toHaveCount(0);
  // Its pages were drawn by its drawing worker, not on this thread: no lent worker was still held by a closed document.
  const drawn = page.locator('[data-testid="page"] canvas[data-rendered="true"]');
  await expect(drawn.first()).toBeVisible();
  for (const canvas of await drawn.all()) await expect(canvas).toHaveAttribute('data-test-frame', 'true');
  // Each document ends its pdf.js workers: only the open one's pair (parsing and drawing) and the pair kept ready for the next stay.
  const running = (kind: string) => page.workers().filter((worker) => worker.url().includes(kind)).length;
  await expect.poll(() => running('pdf.worker')).toBeLessThanOrEqual(2);
  await expect.poll(() => running('pdf.renderer')).toBeLessThanOrEqual(2);
  await expectNoCrash(page, watch);
  void preview;
});

test('problem 2: a document reopened with a new result while its pages draw keeps drawing them', async ({ page, preview }) => {
  const watch = watchForCrashes(page);
  const big = await generateLargeDocument(60, await mkdtemp(join(tmpdir(), 'groundwork-reopen-')));
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([big.pdf, big.parse, big.extract]);
  await expect(page.getByTestId('page-count')).toHaveText('of 60');
  const results = page.locator('li.active [data-testid="library-result"]');
  for (let i = 0; i < 12; i++) {
    await results.nth(i % 2).click();
    await page.getByTestId('zoom').selectOption(i % 2 ? 'fit-width' : '150');
  }
  await expect(page.locator('[data-testid="page"] canvas[data-rendered="true"]').first()).toBeVisible();
  await expectNoCrash(page, watch);
  void preview;
});

test('problem 3: a file opened while the first-run sample still loads stays on screen', async ({ page, launchPreview }) => {
  const watch = watchForCrashes(page);
  const preview = await launchPreview();
  await page.goto(preview.url);
  // At once, before the sample (parsed offline on first run) has shown.
  await page.getByTestId('open-file').setInputFiles(REPORT);
  await expect(page.getByTestId('page-count')).toHaveText('of 4');
  // Long enough for the sample's offline parse: the first run does not take the screen back.
  await page.waitForTimeout(3000);
  await expect(page.getByTestId('page-count')).toHaveText('of 4');
  await expect(page.locator('li.active [data-testid="library-document"]')).toHaveAttribute('data-document-name', 'report.pdf');
  await expectNoCrash(page, watch);
});

test('problem 3: importing a result while the first-run sample still loads stays on the import', async ({ page, launchPreview }) => {
  const watch = watchForCrashes(page);
  const big = await generateLargeDocument(40, await mkdtemp(join(tmpdir(), 'groundwork-import-')));
  const preview = await launchPreview();
  await page.goto(preview.url);
  // The sample has begun opening (an import before it starts rightly keeps it from opening at all).
  await expect(page.getByTestId('run-disabled-reason')).toContainText('Opening the sample');
  await page.getByTestId('import-result').setInputFiles([big.pdf, big.parse]);
  await expect(page.getByTestId('page-count')).toHaveText('of 40');
  await expect(libraryEntry(page, 'invoice.pdf')).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(1000);
  await expect(page.getByTestId('page-count')).toHaveText('of 40');
  await expectNoCrash(page, watch);
});

test('problem 4: Run pressed right after opening a file waits for it and parses that file, never the previous one', async ({
  page,
  preview,
}) => {
  const watch = watchForCrashes(page);
  const big = await generateLargeDocument(60, await mkdtemp(join(tmpdir(), 'groundwork-run-')));
  const bigName = big.pdf.split('/').pop()!;
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  const resultsOf = (name: string) => page.locator('li', { has: libraryEntry(page, name) }).locator('[data-testid="library-result"]');
  await expect(resultsOf('invoice.pdf')).toHaveCount(1);

  await page.getByTestId('open-file').setInputFiles(big.pdf);
  // Pressed at once: Run says why it waits, then runs on the file just opened.
  await page.getByTestId('run').click({ force: true });
  await page.getByTestId('run').click();
  await expect(resultsOf(bigName)).toHaveCount(1, { timeout: 60_000 });
  await expect(page.locator('.status-result')).toContainText('local');
  await expect(page.getByTestId('page-count')).toHaveText('of 60');
  await expect(resultsOf('invoice.pdf')).toHaveCount(1);
  await expectNoCrash(page, watch);
  void preview;
});

test('problem 4: while a file opens, Run is disabled and says why, in words', async ({ page, preview }) => {
  const big = await generateLargeDocument(120, await mkdtemp(join(tmpdir(), 'groundwork-wait-')));
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  const reasons: string[] = [];
  await page.exposeFunction('noteReason', (text: string) => reasons.push(text));
  // Every reason shown while the file opens, however briefly.
  await page.evaluate(() => {
    new MutationObserver(() => {
      const reason = document.querySelector('[data-testid="run-disabled-reason"]');
      const run = document.querySelector<HTMLButtonElement>('[data-testid="run"]');
      if (reason && run?.disabled) (window as unknown as { noteReason(text: string): void }).noteReason(reason.textContent ?? '');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByTestId('open-file').setInputFiles(big.pdf);
  await expect(page.getByTestId('page-count')).toHaveText('of 120');
  await expect(page.getByTestId('run')).toBeEnabled();
  expect(reasons.some((r) => r.startsWith(`Opening ${big.pdf.split('/').pop()}`) && r.includes('Run waits'))).toBe(true);
  void preview;
});

test('while a file opens its pages are not counted yet: the page box is off and says why, then takes a page', async ({ page, preview }) => {
  const big = await generateLargeDocument(120, await mkdtemp(join(tmpdir(), 'groundwork-count-')));
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  // Every state of the page counter and its box while the file opens, however brief.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { counterStates: string[] }).counterStates = seen;
    new MutationObserver(() => {
      const input = document.querySelector<HTMLInputElement>('[data-testid="page-input"]');
      const count = document.querySelector('[data-testid="page-count"]')?.textContent;
      if (input && count) seen.push(`${count}|${input.disabled ? 'off' : 'on'}|${input.title}`);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await page.getByTestId('open-file').setInputFiles(big.pdf);
  await expect(page.getByTestId('page-count')).toHaveText('of 120');
  const states = await page.evaluate(() => (window as unknown as { counterStates: string[] }).counterStates);
  const counting = states.filter((s) => s.startsWith('of …'));
  expect(counting.length).toBeGreaterThan(0);
  // (never a box that takes typing and drops it)
  for (const state of counting) expect(state).toMatch(/^of …\|off\|The document is still opening/);
  await expect(page.getByTestId('page-input')).toBeEnabled();
  await page.getByTestId('page-input').fill('60');
  await expect(page.locator('[data-testid="page"][data-page="60"]')).toBeInViewport();
  void preview;
});

test('problem 6: a banner belongs to its document; a job line does not follow the reviewer elsewhere', async ({
  page,
  preview,
  emulator,
}) => {
  await showCloudParseOptions(page, emulator);
  await page.getByTestId('parse-mode').selectOption('job');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('workspace-job')).toContainText('result stored', { timeout: 20_000 });

  // Another document: no job line, no banner of the first.
  await page.getByTestId('open-file').setInputFiles(REPORT);
  await expect(page.locator('li.active [data-testid="library-document"]')).toHaveAttribute('data-document-name', 'report.pdf');
  await expect(page.getByTestId('workspace-job')).toHaveCount(0);

  // A failure there (a direct call with a job-only option) is its own banner…
  await page.getByTestId('parse-mode').selectOption('sync');
  await page.getByTestId('service-tier').selectOption('priority');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('error')).toHaveAttribute('data-code', 'option_needs_job');
  expect(emulator.requests.filter((r) => r.method === 'POST' && r.path === '/v2/parse').length).toBe(0);

  // …which does not show on the invoice, whose job line is back with it.
  await libraryEntry(page, 'invoice.pdf').click();
  await expect(page.getByTestId('workspace-job')).toContainText('result stored');
  await expect(page.locator('[data-testid="error"][data-code="option_needs_job"]')).toHaveCount(0);
  await libraryEntry(page, 'report.pdf').click();
  await expect(page.locator('[data-testid="error"][data-code="option_needs_job"]')).toBeVisible();
  void preview;
});

test('a priority-tier parse in auto mode goes as a job instead of dropping the tier', async ({ page, preview, emulator }) => {
  await showCloudParseOptions(page, emulator);
  await page.getByTestId('service-tier').selectOption('priority');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('workspace-job')).toContainText('the priority tier: jobs only', { timeout: 20_000 });
  await expect(page.getByTestId('workspace-job')).toContainText('result stored', { timeout: 20_000 });
  const create = emulator.requests.find((r) => r.method === 'POST' && r.path === '/v2/parse/jobs');
  expect(create).toBeDefined();
  expect(emulator.requests.some((r) => r.method === 'POST' && r.path === '/v2/parse')).toBe(false);
  void preview;
});

test('deleting the document on screen closes it; deleting the result on screen falls back to the latest one', async ({ page, preview }) => {
  const watch = watchForCrashes(page);
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('open-file').setInputFiles(REPORT);
  await expect(page.getByTestId('page-count')).toHaveText('of 4');
  await page.getByTestId('run').click();
  await expect(page.locator('[data-testid="page"][data-page="1"] [data-testid="box"]').first()).toBeVisible({ timeout: 30_000 });

  const report = page.locator('[data-testid="library-entry"]', { has: libraryEntry(page, 'report.pdf') });
  await report.getByTestId('library-delete-result').first().click();
  await page.getByTestId('library-confirm-delete').click();
  await expect(page.getByTestId('page-count')).toHaveText('of 4');
  await expect(page.locator('[data-testid="box"]')).toHaveCount(0);

  await report.getByTestId('library-delete-document').click();
  await page.getByTestId('library-confirm-delete').click();
  await expect(page.locator('.empty-state').first()).toContainText('Open a PDF or an image');
  await expect(page.getByTestId('run-disabled-reason')).toHaveText('Open a document to run an engine on it.');
  await expectNoCrash(page, watch);
  void preview;
});

test('problem 9: after an analyzer run, Extract says why it is off, and the result says what the service did not report', async ({
  page,
  preview,
  emulator,
}) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await addKeyThroughUi(page, { name: 'Emulator analyzer', kind: 'analyzer', secret: DEMO_KEYS.analyzer[0]!, address: emulator.url });
  await page.getByTestId('engine').selectOption('analyzer');
  await page.getByTestId('run').click();
  const summary = page.getByTestId('result-summary');
  await expect(summary).toHaveText('analyzer · version not reported · 1 page · credits not reported');
  await expect(page.locator('li.active [data-testid="library-result"]').filter({ hasText: 'analyzer' })).toContainText(
    'analyzer · version not reported · 1 page · credits not reported',
  );
  await expect(page.getByTestId('extract-run')).toBeDisabled();
  await expect(page.getByTestId('extract-disabled-reason')).toBeVisible();
  await expect(page.getByTestId('extract-disabled-reason')).toContainText('analyzer result');
  await expect(page.locator('.workspace')).not.toContainText('unknown version');
  void preview;
});
