import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';

// Each key kind keeps its own choice: a v2 key picked for parse is never sent to the older
// analyzer (which refuses it), and coming back to parse finds that v2 key still chosen.
test('a v2 key chosen for parse is not the analyzer key; each engine runs with its own kind', async ({ page, preview, emulator }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await addKeyThroughUi(page, { name: 'First v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  await addKeyThroughUi(page, { name: 'Second v2', kind: 'v2', secret: DEMO_KEYS.v2[1]!, address: emulator.url });
  await addKeyThroughUi(page, { name: 'Analyzer', kind: 'analyzer', secret: DEMO_KEYS.analyzer[0]!, address: emulator.url });

  await page.getByTestId('engine').selectOption('parse');
  await page.getByTestId('engine-options-toggle').click();
  const key = page.getByTestId('engine-key');
  const second = (await key.locator('option', { hasText: 'Second v2' }).getAttribute('value'))!;
  await key.selectOption(second);

  await page.getByTestId('engine').selectOption('analyzer');
  await expect(key.locator('option')).toHaveText(['Analyzer (first enabled)', /^Analyzer · /]);
  await expect(key).toHaveValue('');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('analyzer');
  await expect(page.getByTestId('error')).toHaveCount(0);
  const analyzerCalls = emulator.requests.filter((r) => r.path.startsWith('/v1/tools/agentic-document-analysis'));
  expect(analyzerCalls.length).toBeGreaterThan(0);

  await page.getByTestId('engine').selectOption('parse');
  await expect(key).toHaveValue(second);
  void preview;
});
