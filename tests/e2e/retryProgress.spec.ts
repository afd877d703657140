import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';

// Issue 9: a refused request that will be sent again is progress, not an error. The run's
// status line says why and when it retries, then the result arrives; no error is shown.
test('a parse refused with 429 shows "retrying" on the run line, then its result, with no error', async ({ page, preview, emulator }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible(); // the first-run sample
  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  emulator.faults.add({ fault: { kind: 'status', status: 429, retryAfter: '2' }, match: { method: 'POST', path: '/v2/parse' }, times: 1 });

  await page.getByTestId('engine').selectOption('parse');
  await page.getByTestId('run').click();
  const line = page.getByTestId('run-progress');
  await expect(line).toHaveAttribute('data-retrying', 'true');
  await expect(line).toContainText('the service is busy (429); retrying in 2 s (attempt 2)');
  await expect(page.getByTestId('error')).toHaveCount(0);

  await expect(page.locator('.status-result')).toContainText('parse · dpt-3-pro');
  await expect(line).toHaveCount(0);
  await expect(page.getByTestId('error')).toHaveCount(0);
  expect(emulator.requests.filter((r) => r.method === 'POST' && r.path === '/v2/parse').map((r) => r.status)).toEqual([429, 200]);
  void preview;
});
