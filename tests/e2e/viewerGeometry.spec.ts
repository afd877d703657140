import { expect, test, addEmulatorV2Key } from './fixtures.js';

test('boxes keep their place on a /Rotate page at every zoom', async ({ page, preview }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('open-file').setInputFiles('resources/samples/report.pdf');
  await expect(page.getByTestId('page-count')).toHaveText('of 4');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('4 pages');
  const rotated = page.locator('[data-testid="page"][data-page="3"]');
  await rotated.scrollIntoViewIfNeeded();
  await expect(rotated.locator('[data-testid="box"]').first()).toBeVisible();

  const fractions = async () => {
    const pageRect = (await rotated.boundingBox())!;
    const boxRect = (await rotated.locator('[data-testid="box"]').first().boundingBox())!;
    return [
      (boxRect.x - pageRect.x) / pageRect.width,
      (boxRect.y - pageRect.y) / pageRect.height,
      boxRect.width / pageRect.width,
      boxRect.height / pageRect.height,
      pageRect.width / pageRect.height,
    ];
  };
  // The rotated page is displayed landscape (once its real size has replaced the estimate pages start with).
  await expect.poll(async () => (await fractions())[4]).toBeGreaterThan(1);
  const atFitWidth = await fractions();
  for (const zoom of ['50', '200', 'fit-page']) {
    await page.getByTestId('zoom').selectOption(zoom);
    await rotated.scrollIntoViewIfNeeded();
    const now = await fractions();
    for (let i = 0; i < 5; i++) expect(now[i]).toBeCloseTo(atFitWidth[i]!, 2);
  }
  // The canvas is drawn at the page's displayed size too (not sideways).
  await expect(rotated.locator('canvas[data-rendered="true"]')).toBeVisible();
  const canvasRatio = await rotated.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width / c.height);
  expect(canvasRatio).toBeCloseTo(atFitWidth[4]!, 1);
  void preview;
});

test('a cloud run can be cancelled, and says so', async ({ page, preview, emulator }) => {
  await addEmulatorV2Key(page, emulator);
  await fetch(`${emulator.url}/__control/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fault: { kind: 'latency', ms: 20_000 } }),
  });
  await page.getByTestId('engine').selectOption('parse');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-progress')).toBeVisible();
  await page.getByTestId('cancel-run').click();
  await expect(page.getByTestId('error').first()).toHaveAttribute('data-code', 'cancelled');
  await expect(page.getByTestId('run-progress')).toHaveCount(0);
  await expect(page.getByTestId('run')).toBeEnabled();
  void preview;
});
