import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../../electron/app/handlers.js';
import type { HandlerTable } from '../../../../electron/core/ipcDispatch.js';
import { UserDesk, type DeskQuestion } from '../../../../electron/preview/userDesk.js';
import type { Services } from '../../../../electron/app/services.js';
import type { Channel } from '../../../../shared/ipc/channels.js';
import type { RequestIn, ResponseOf } from '../../../../shared/ipc/table.js';
import { startBeaconServer, type BeaconServer } from '../../../support/beaconServer.js';
import { errorOf, KEYS, PNG, useEmulator } from '../../../support/emulatorHarness.js';
import { ipcCall } from '../../../support/ipcCall.js';
import { clearKeychainService } from '../../../support/keychainCleanup.js';
import { endTestServices, testServices } from '../../../support/testServices.js';
import { recordTrustRow } from '../../../trust/trustReport.js';

// keys:allowInferenceHost is a request from the window, not the user's yes: the host is
// recorded for the key only after the user says yes in main's own dialog (here the preview's
// desk, answered as the user would). The stranger is a loopback listener no key belongs to.

const holder = useEmulator();
let stranger: BeaconServer;
let services: Services;
let handlers: HandlerTable;
let root: string;
let keychainService: string;
let keyId = '';
let answerWith: boolean | null = null;
const asked: DeskQuestion[] = [];
const desk = new UserDesk({
  answerWithinMs: 300,
  announce: (q) => {
    asked.push(q);
    if (answerWith !== null) {
      const yes = answerWith;
      setImmediate(() => desk.answer(q.id, yes));
    }
  },
});
const tally: { case: string; ok: boolean }[] = [];

beforeAll(async () => {
  stranger = await startBeaconServer({ host: '127.0.0.2', json: { type: 'ClassificationPrediction', labelName: 'stranger', score: 0.5 } });
  root = await mkdtemp(join(tmpdir(), 'groundwork-infer-confirm-'));
  keychainService = `groundwork-unit-infer-confirm-${process.pid}-${Date.now()}`;
  services = await testServices(root, { keychainService, userInMain: desk });
  handlers = createHandlers(services);
  keyId = (await call('keys:add', { name: 'Deploy key', kind: 'v1', secret: KEYS.v1, address: holder.emulator.url })).id;
});

afterAll(async () => {
  recordTrustRow({
    check: 'inference hosts confirmed in main',
    cases: tally.length,
    failures: tally.filter((t) => !t.ok).length,
    note: tally.find((t) => !t.ok)?.case ?? 'bare request, unanswered, refused, confirmed in main; listener on 127.0.0.2',
  });
  await stranger?.close();
  await clearKeychainService(keychainService);
  await endTestServices(services, root);
});

function call<C extends Channel>(channel: C, request: RequestIn<C>): Promise<ResponseOf<C>> {
  return ipcCall(handlers, services.logger, channel, request);
}

const endpointUrl = () => `${stranger.url}/inference/v1/predict?endpoint_id=e`;
const infer = () => call('inference:run', { runId: crypto.randomUUID(), keyId, endpointUrl: endpointUrl(), fileName: 'a.png', bytes: PNG });
const origins = async () => (await call('keys:list', {})).find((k) => k.id === keyId)?.inferenceOrigins ?? [];

function check(label: string, ok: boolean): void {
  tally.push({ case: label, ok });
  expect(ok, label).toBe(true);
}

describe('an inference host is confirmed by the user in main, not by the window', () => {
  it('a bare keys:allowInferenceHost left unanswered records nothing, and the run sends no key', async () => {
    answerWith = null;
    const error = await errorOf(() => call('keys:allowInferenceHost', { id: keyId, endpointUrl: endpointUrl() }));
    check('unanswered: refused with inference_host_refused', error?.code === 'inference_host_refused');
    check('unanswered: nothing recorded', (await origins()).length === 0);
    const run = await errorOf(infer);
    check('unanswered: the run is refused before sending', run?.code === 'inference_host_unconfirmed' && stranger.hits.length === 0);
  });

  it('a no in main records nothing; the question names the key and the host', async () => {
    answerWith = false;
    asked.length = 0;
    const error = await errorOf(() => call('keys:allowInferenceHost', { id: keyId, endpointUrl: endpointUrl() }));
    check('refused: a clear AppError', error?.code === 'inference_host_refused' && !!error.message && !!error.hint);
    const host = new URL(stranger.url).host;
    check(
      'refused: asked once, naming key and host',
      asked.length === 1 && asked[0]!.message.includes('Deploy key') && asked[0]!.message.includes(host),
    );
    check('refused: nothing recorded', (await origins()).length === 0);
    const run = await errorOf(infer);
    check('refused: the run sends no key', run?.code === 'inference_host_unconfirmed' && stranger.hits.length === 0);
  });

  it('a yes in main records the host, and then the key goes there', async () => {
    answerWith = true;
    await call('keys:allowInferenceHost', { id: keyId, endpointUrl: endpointUrl() });
    check('confirmed: recorded', (await origins()).includes(new URL(stranger.url).origin));
    await infer();
    check('confirmed: the key reached the host', stranger.hits.length === 1 && stranger.hits[0]?.headers.apikey === KEYS.v1);
  });
});
