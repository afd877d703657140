import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { generateLargeDocument, type LargeDocumentFiles } from '../../bench/largeDocument/generate.js';
import { fieldRangesUtf16 } from '../../shared/grounding/groundField.js';
import { extractionView, modelOfResult } from '../../shared/grounding/resultModel.js';
import { selectNode, selectRanges, type Selection } from '../../shared/grounding/selection.js';
import { fieldRow } from '../support/fieldRows.js';
import { expect, test } from './fixtures.js';

// A parse result opens from the result model main built and cached (results:model), not from its
// response. What it shows is checked against the model built from the response itself, the way
// the window built it before: the same nodes, boxes and text for a field click and a box click.
test.describe.configure({ timeout: 120_000 });

const PAGES = 30;

/** What the whole-response load selects, computed here from the files with the same shared code. */
async function expectations(files: LargeDocumentFiles) {
  const model = modelOfResult({ kind: 'parse', response: JSON.parse(await readFile(files.parse, 'utf8')) });
  const fields = extractionView({ kind: 'extract', response: JSON.parse(await readFile(files.extract, 'utf8')) }, model).fields;
  const selections = fields.map((field) => selectRanges(model, field.path, fieldRangesUtf16(model, field)));
  // A field grounded on one far page, so the viewer and the Markdown both have to travel.
  const field = selections.filter((s) => s.pages.length === 1 && s.boxes.length > 0 && s.pages[0]! > PAGES / 2).at(-1)!;
  const headingPage = field.pages[0]! === PAGES ? PAGES - 1 : PAGES;
  const heading = model.order.find((id) => model.nodes.get(id)?.type === 'heading' && model.nodes.get(id)?.page === headingPage)!;
  return { model, field, box: selectNode(model, heading)! };
}

/** The page's boxes as the overlay marks them for `selection`. */
async function expectHighlighted(page: Page, selection: Selection, onPage: number, nodePage: (id: string) => number | null): Promise<void> {
  const pageLocator = page.locator(`[data-testid="page"][data-page="${onPage}"]`);
  const ids = async (selector: string) =>
    (await pageLocator.locator(selector).evaluateAll((els) => els.map((e) => e.getAttribute('data-node-id')!))).sort();
  const onThisPage = (list: readonly string[] | undefined) => (list ?? []).filter((id) => nodePage(id) === onPage).sort();
  await expect(page.getByTestId('selection-text')).toHaveText(selection.text);
  await expect(page.getByTestId('selection-page')).toHaveText(selection.pages.join(', '));
  await expect.poll(() => ids('[data-testid="box"][data-selected="true"]')).toEqual(onThisPage(selection.nodeIds));
  expect(await ids('[data-testid="box"][data-outline="true"]')).toEqual(onThisPage(selection.outlineNodeIds));
  const fieldBoxes = selection.kind === 'field' ? selection.boxes.filter((b) => b.page === onPage) : [];
  const drawn = await pageLocator.locator('[data-testid="field-box"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).style.left));
  expect(drawn.sort()).toEqual(fieldBoxes.map((b) => `${b.left * 100}%`).sort());
}

/** Whether an address is the bridge's call of `channel` (the client escapes the colon). */
const isCall = (url: string, channel: string) => decodeURIComponent(new URL(url).pathname) === `/__bridge/invoke/${channel}`;

/** Bridge calls of one channel, by the ids they asked for. */
function watchCalls(page: Page, channel: string): string[] {
  const ids: string[] = [];
  page.on('request', (request) => {
    if (isCall(request.url(), channel)) ids.push((JSON.parse(request.postData() ?? '{}') as { id?: string }).id ?? '');
  });
  return ids;
}

test('a result opened from its cached model selects and highlights what the whole response did', async ({ page, preview }) => {
  const files = await generateLargeDocument(PAGES, await mkdtemp(join(tmpdir(), 'groundwork-model-')));
  const expected = await expectations(files);
  const nodePage = (id: string) => expected.model.nodes.get(id)?.page ?? null;
  const modelCalls = watchCalls(page, 'results:model');
  const getCalls = watchCalls(page, 'results:get');
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([files.pdf, files.parse, files.extract]);
  await expect(page.getByTestId('page-count')).toHaveText(`of ${PAGES}`);

  // Opened again from the library (the model cached at import), then checked.
  await page.getByTestId('library-document').filter({ hasText: 'invoice' }).click();
  await expect(page.getByTestId('page-count')).toHaveText('of 1');
  await page.getByTestId('library-document').filter({ hasText: 'large' }).click();
  await expect(page.getByTestId('page-count')).toHaveText(`of ${PAGES}`);

  const { field } = expected;
  await (await fieldRow(page, field.id)).click();
  await expect(page.locator(`[data-testid="page"][data-page="${field.pages[0]}"] [data-testid="field-box"]`).first()).toBeInViewport();
  await expectHighlighted(page, field, field.pages[0]!, nodePage);
  await expect(page.locator('[data-testid="md-node"][data-selected="true"]').first()).toBeInViewport();

  const { box } = expected;
  await page.getByTestId('page-input').fill(String(box.pages[0]));
  await page.locator(`[data-testid="page"][data-page="${box.pages[0]}"] [data-testid="box"][data-node-id="${box.id}"]`).click();
  await expectHighlighted(page, box, box.pages[0]!, nodePage);
  await expect(page.locator(`[data-testid="md-node"][data-node-id="${box.id}"]`)).toHaveAttribute('data-selected', 'true');

  // The parse result came as its model, twice; its response never crossed (only the extraction's did).
  const parseId = modelCalls.at(-1)!;
  expect(modelCalls.filter((id) => id === parseId).length).toBeGreaterThanOrEqual(2);
  expect(getCalls).not.toContain(parseId);
  void preview;
});

test('a model that arrives after the reviewer moved to another document does not land on it', async ({ page, preview }) => {
  const files = await generateLargeDocument(PAGES, await mkdtemp(join(tmpdir(), 'groundwork-model-')));
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([files.pdf, files.parse, files.extract]);
  await expect(page.getByTestId('page-count')).toHaveText(`of ${PAGES}`);
  await page.getByTestId('library-document').filter({ hasText: 'invoice' }).click();
  await expect(page.getByTestId('page-count')).toHaveText('of 1');

  // The large document's model is held back on its way; the reviewer goes back to the invoice meanwhile.
  let arrived!: () => void;
  let release!: () => void;
  const asked = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route(
    (url) => isCall(url.href, 'results:model'),
    async (route) => {
      if (held) return route.continue();
      held = true;
      arrived();
      await released;
      return route.continue();
    },
  );
  await page.getByTestId('library-document').filter({ hasText: 'large' }).click();
  await asked;
  await page.getByTestId('library-document').filter({ hasText: 'invoice' }).click();
  await expect(page.getByTestId('page-count')).toHaveText('of 1');
  const late = page.waitForResponse((response) => isCall(response.url(), 'results:model'));
  release();
  await (await late).finished();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

  // Still the invoice, with its own model: its boxes select its text; nothing of the large document is shown.
  await expect(page.getByTestId('page-count')).toHaveText('of 1');
  const box = page.locator('[data-testid="box"][data-node-id="text-0"]');
  await box.click();
  await expect(page.getByTestId('selection-text')).toHaveText('Invoice number: INV-2024-0042');
  await expect(page.locator('[data-testid="md-node"]', { hasText: '## Section' })).toHaveCount(0);
  await expect(page.locator('[data-testid="md-node"][data-node-id="text-0"]')).toContainText('INV-2024-0042');

  // And the large document still opens whole afterwards.
  await page.getByTestId('library-document').filter({ hasText: 'large' }).click();
  await expect(page.getByTestId('page-count')).toHaveText(`of ${PAGES}`);
  await expect(page.locator('[data-testid="page"][data-page="1"] [data-testid="box"][data-type="heading"]')).toHaveCount(1);
  void preview;
});

test('while a stored result is on its way the panel says the document is opening, not that nothing was run', async ({ page, preview }) => {
  const files = await generateLargeDocument(PAGES, await mkdtemp(join(tmpdir(), 'groundwork-model-')));
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([files.pdf, files.parse]);
  await expect(page.getByTestId('page-count')).toHaveText(`of ${PAGES}`);
  await page.getByTestId('library-document').filter({ hasText: 'invoice' }).click();
  await expect(page.getByTestId('page-count')).toHaveText('of 1');

  // The large document's model is held back on its way.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => isCall(url.href, 'results:model'),
    async (route) => {
      await released;
      return route.continue();
    },
  );
  await page.getByTestId('library-document').filter({ hasText: 'large' }).click();
  await expect(page.getByTestId('page-count')).toHaveText(`of ${PAGES}`);
  await expect(page.getByTestId('result-empty')).toHaveText(/^Opening .*large.*…$/);
  await expect(page.getByTestId('run')).toBeDisabled();

  release();
  await expect(page.getByTestId('md-rendered').locator('[data-testid="md-page"]').first()).toBeVisible();
  await expect(page.getByTestId('result-empty')).toHaveCount(0);
  void preview;
});
