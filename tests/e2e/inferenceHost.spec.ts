import { startBeaconServer, type BeaconServer } from '../support/beaconServer.js';
import { answerAsUser } from '../support/preview.js';
import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';

// A pasted inference endpoint on a host that is not the key's own service: the panel says
// where the key would go, and nothing reaches that host until the user says yes in main's own
// dialog (the preview's desk, answered here as the user): the window's button only asks main to ask.
// The stranger listens on 127.0.0.2 — this computer, but no key's address.

const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
let stranger: BeaconServer;

test.beforeEach(async () => {
  stranger = await startBeaconServer({
    host: '127.0.0.2',
    json: { type: 'ClassificationPrediction', labelName: 'from the stranger', score: 0.9 },
  });
});
test.afterEach(async () => {
  await stranger.close();
});

test('an unconfirmed inference host gets the key only after the user confirms it in main, once', async ({ page, preview, emulator }) => {
  await addKeyThroughUi(page, { name: 'Emulator v1', kind: 'v1', secret: DEMO_KEYS.v1[0]!, address: emulator.url });
  await page.getByTestId('nav-datasets').click();
  await page.getByTestId('ds-project-name').fill('Hosts');
  await page.getByTestId('ds-project-save').click();
  await expect(page.getByTestId('ds-project')).toContainText('Hosts');
  await page.getByTestId('ds-tab-inference').click();

  const endpoint = `${stranger.url}/inference/v1/predict?endpoint_id=e`;
  await page.getByTestId('infer-endpoint').fill(endpoint);
  await expect(page.getByTestId('infer-destination')).toContainText(
    `The key is sent to ${new URL(stranger.url).host} (not yet confirmed for this key`,
  );
  await page.getByTestId('infer-file').setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: TINY_PNG });

  await page.getByTestId('infer-run').click();
  const confirm = page.getByTestId('infer-confirm-host');
  await expect(confirm).toContainText(`Send the key “Emulator v1” to ${new URL(stranger.url).host}?`);
  expect(stranger.hits).toEqual([]);

  // Cancel: still nothing sent; running again asks again.
  await page.getByTestId('infer-confirm-cancel').click();
  await expect(confirm).toHaveCount(0);
  await page.getByTestId('infer-run').click();
  await expect(confirm).toBeVisible();
  expect(stranger.hits).toEqual([]);

  // The window's yes is a request: main asks the user, who says no there. Nothing is recorded or sent.
  await page.getByTestId('infer-confirm-send').click();
  await expect(page.getByTestId('infer-confirm-waiting')).toHaveText('Waiting for your answer in Groundwork’s own dialog…');
  await page.screenshot({ path: test.info().outputPath('asking-main.png') });
  const refused = await answerAsUser(preview, false);
  expect(refused.message).toBe(`Send the key “Emulator v1” to ${new URL(stranger.url).host}?`);
  await expect(page.getByTestId('error')).toHaveAttribute('data-code', 'inference_host_refused');
  await page.screenshot({ path: test.info().outputPath('refused-in-main.png') });
  await expect(page.getByTestId('infer-destination')).toContainText('not yet confirmed for this key');
  expect(stranger.hits).toEqual([]);

  // Asked again, and this time the user says yes in main.
  await page.getByTestId('infer-run').click();
  await page.getByTestId('infer-confirm-send').click();
  await answerAsUser(preview, true);
  await expect(page.getByTestId('pred-label')).toContainText('from the stranger');
  expect(stranger.hits).toHaveLength(1);
  expect(stranger.hits[0]!.headers.apikey).toBe(DEMO_KEYS.v1[0]);
  await expect(page.getByTestId('infer-destination')).toContainText('(confirmed for this key)');

  // Confirmed once: the next run goes straight there.
  await page.getByTestId('infer-run').click();
  await expect.poll(() => stranger.hits.length).toBe(2);
  await expect(confirm).toHaveCount(0);

  // Plain http to another computer is refused outright, with no question to answer.
  await page.getByTestId('infer-endpoint').fill('http://predict.example.com/inference/v1/predict?endpoint_id=e');
  await page.getByTestId('infer-run').click();
  await expect(page.getByTestId('error')).toHaveAttribute('data-code', 'invalid_address');
  await expect(confirm).toHaveCount(0);
  expect(stranger.hits).toHaveLength(2);
});
