import { readFile } from 'node:fs/promises';
import type { ParseResponse, StructureNode } from '../../shared/contracts/v2Parse.js';
import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';

// A cloud parse of a four-page PDF comes back 206 with pages 2 and 4 failed; one press sends
// exactly those pages again and opens a merged result beside the original, with no failed page,
// whose blocks on the re-run pages light their exact Markdown and their own box.
const SAMPLE = 'resources/samples/report.pdf';

/** The service's own answer for those pages, asked directly: what the merged result must show on them. */
async function serviceAnswer(url: string, pages: number[]): Promise<ParseResponse> {
  const form = new FormData();
  form.append('document', new Blob([await readFile(SAMPLE)], { type: 'application/pdf' }), 'report.pdf');
  form.append('options', JSON.stringify({ pages }));
  const response = await fetch(`${url}/v2/parse`, { method: 'POST', headers: { Authorization: `Bearer ${DEMO_KEYS.v2[0]!}` }, body: form });
  expect(response.status).toBe(200);
  return (await response.json()) as ParseResponse;
}

const elementsOn = (answer: ParseResponse, page: number): StructureNode[] =>
  (answer.structure.children ?? []).find((p) => p.type === 'page' && p.page === page)?.children ?? [];

test('failed pages re-run: exactly the failed pages are sent, the merged result has none failed and highlights exactly', async ({
  page,
  preview,
  emulator,
}) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  await page.getByTestId('open-file').setInputFiles(SAMPLE);
  await expect(page.getByTestId('page-count')).toHaveText('of 4');
  await fetch(`${emulator.url}/__control/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fault: { kind: 'failPages', pages: [2, 4] } }),
  });
  await page.getByTestId('engine').selectOption('parse');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('partial');
  for (const p of [2, 4])
    await expect(page.locator(`[data-testid="page"][data-page="${p}"] [data-testid="page-flag"]`)).toContainText('failed');

  const rerun = page.getByTestId('rerun-failed-pages');
  await expect(rerun).toHaveText('Re-run 2 failed pages');
  await expect(rerun).toBeEnabled();
  await expect(rerun).toHaveAttribute('title', /pages 2, 4 again/);
  await page.screenshot({ path: '/tmp/shots/rerun-failed-pages-button.png' });

  // A slow first try: it shows as a run (progress, Cancel; the button says why it waits), and Cancel ends it with nothing stored.
  await fetch(`${emulator.url}/__control/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fault: { kind: 'latency', ms: 4000 }, match: { method: 'POST', path: '/v2/parse' } }),
  });
  await rerun.click();
  await expect(page.getByTestId('run-progress')).toContainText('Re-running pages 2, 4: ');
  await expect(rerun).toBeDisabled();
  await expect(rerun).toHaveAttribute('title', 'A run is under way on this document.');
  await page.screenshot({ path: '/tmp/shots/rerun-failed-pages-progress.png' });
  await page.getByTestId('cancel-run').click();
  await expect(page.getByTestId('error').first()).toHaveAttribute('data-code', 'cancelled');
  await expect(page.getByTestId('run-progress')).toHaveCount(0);
  await expect(page.getByTestId('result-summary')).toContainText('partial');
  await expect(page.locator('[data-testid="library-entry"]').filter({ hasText: 'report.pdf' })).toContainText('1 result');

  await expect(rerun).toBeEnabled();
  await rerun.click();

  await expect(page.getByTestId('rerun-origin')).toHaveText('Merged result: pages 2, 4 re-run');
  await expect(page.getByTestId('result-summary')).toContainText('4 pages');
  await expect(page.getByTestId('result-summary')).toContainText('pages 2, 4 re-run');
  await expect(page.getByTestId('result-summary')).not.toContainText('partial');
  await expect(page.locator('[data-testid="page-flag"]')).toHaveCount(0);
  await expect(page.getByTestId('rerun-failed-pages')).toHaveCount(0);

  // The service got the document once more, asked for exactly the failed pages.
  const state = (await (await fetch(`${emulator.url}/__control/state`)).json()) as {
    requests: Array<{ method: string; path: string; status: number; fields?: Record<string, string> }>;
  };
  const parses = state.requests.filter((r) => r.method === 'POST' && r.path === '/v2/parse');
  expect(parses[0]!.status).toBe(206);
  expect(parses.at(-1)!.status).toBe(200);
  // The re-run that landed asked for exactly the failed pages (the cancelled try's connection closed during its wait, so the emulator logged no fields for it).
  expect(JSON.parse(parses.at(-1)!.fields!.options!)).toEqual({ pages: [2, 4] });
  expect(parses).toHaveLength(3);

  // A block on re-run page 4: its exact text (the service's own for it) and its own box.
  const answer = await serviceAnswer(emulator.url, [2, 4]);
  const expected = elementsOn(answer, 4).find((n) => n.type === 'text')!;
  const expectedText = Array.from(answer.markdown).slice(expected.grounding!.range.start, expected.grounding!.range.end).join('');
  const pageFour = page.locator('[data-testid="page"][data-page="4"]');
  const boxes = pageFour.locator('[data-testid="box"]');
  // Pages draw their boxes as they come into view.
  await pageFour.scrollIntoViewIfNeeded();
  await expect(boxes).toHaveCount(elementsOn(answer, 4).length);
  // The box drawn where the service put it on the page (fractions of the drawn page, to a pixel).
  const pageRect = (await pageFour.boundingBox())!;
  const b = expected.grounding!.box;
  const near = (x: number, y: number) => Math.abs(x - y) < 2;
  let box = null;
  for (const candidate of await boxes.all()) {
    const r = (await candidate.boundingBox())!;
    if (
      near(r.x - pageRect.x, b.xmin * pageRect.width) &&
      near(r.y - pageRect.y, b.ymin * pageRect.height) &&
      near(r.width, (b.xmax - b.xmin) * pageRect.width)
    )
      box = candidate;
  }
  expect(box, 'a box where the service put the block').not.toBe(null);
  await box!.click();
  await expect(box!).toHaveAttribute('data-selected', 'true');
  await expect(page.getByTestId('selection-page')).toHaveText('4');
  await expect(page.getByTestId('selection-text')).toHaveAttribute('title', expectedText);
  const nodeId = (await box!.getAttribute('data-node-id'))!;
  await expect(page.locator(`[data-testid="md-node"][data-node-id="${nodeId}"]`)).toHaveAttribute('data-selected', 'true');
  await page.screenshot({ path: '/tmp/shots/rerun-failed-pages.png' });

  // The original partial result is still in the library, beside the merge and the re-run's own answer.
  await expect(page.locator('[data-testid="library-entry"]').filter({ hasText: 'report.pdf' })).toContainText('3 results');
  void preview;
});
