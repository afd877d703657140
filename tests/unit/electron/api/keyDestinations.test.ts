import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointFor } from '../../../../electron/api/clientEndpoint.js';
import { callService } from '../../../../electron/api/serviceCall.js';
import { createHandlers } from '../../../../electron/app/handlers.js';
import type { HandlerTable } from '../../../../electron/core/ipcDispatch.js';
import type { Credential } from '../../../../electron/api/credential.js';
import { UserDesk } from '../../../../electron/preview/userDesk.js';
import type { Services } from '../../../../electron/app/services.js';
import { AppError } from '../../../../shared/errors.js';
import type { Channel } from '../../../../shared/ipc/channels.js';
import type { RequestIn, ResponseOf } from '../../../../shared/ipc/table.js';
import { KEY_KINDS } from '../../../../shared/keys.js';
import { startBeaconServer, type BeaconServer } from '../../../support/beaconServer.js';
import { clearKeychainService } from '../../../support/keychainCleanup.js';
import { ipcCall } from '../../../support/ipcCall.js';
import { recordTrustRow } from '../../../trust/trustReport.js';
import { KEYS, PNG, useEmulator } from '../../../support/emulatorHarness.js';
import { endTestServices, testServices } from '../../../support/testServices.js';

// A key goes to its own service's address, or to an inference host the user confirmed for
// that key, and nowhere else. The stranger is a listener on 127.0.0.2 (loopback, so plain
// http is allowed, but no key's address): it must receive nothing until a confirmation. The user
// here says yes to every question main asks (keysService.inferenceHostConfirm.test.ts covers no).

const holder = useEmulator();
const tally: { case: string; ok: boolean }[] = [];
let stranger: BeaconServer;
let services: Services;
let handlers: HandlerTable;
let root: string;
let keychainService: string;
const user = new UserDesk({ announce: (q) => setImmediate(() => user.answer(q.id, true)) });
const keyIds: Record<'v1' | 'legacy' | 'other', string> = { v1: '', legacy: '', other: '' };

beforeAll(async () => {
  stranger = await startBeaconServer({ host: '127.0.0.2', json: { type: 'ClassificationPrediction', labelName: 'stranger', score: 0.5 } });
  root = await mkdtemp(join(tmpdir(), 'groundwork-key-destinations-'));
  keychainService = `groundwork-unit-destinations-${process.pid}-${Date.now()}`;
  services = await testServices(root, { keychainService, userInMain: user });
  handlers = createHandlers(services);
  keyIds.v1 = (await call('keys:add', { name: 'v1', kind: 'v1', secret: KEYS.v1, address: holder.emulator.url })).id;
  keyIds.legacy = (
    await call('keys:add', {
      name: 'pair',
      kind: 'v1-legacy',
      secret: KEYS.pair.key,
      secret2: KEYS.pair.secret,
      address: holder.emulator.url,
    })
  ).id;
  keyIds.other = (await call('keys:add', { name: 'other v1', kind: 'v1', secret: `${KEYS.v1}-other`, address: holder.emulator.url })).id;
});

afterAll(async () => {
  recordTrustRow({
    check: 'key destinations',
    cases: tally.length,
    failures: tally.filter((t) => !t.ok).length,
    note: tally.find((t) => !t.ok)?.case ?? 'listener on 127.0.0.2; every key kind, inference unconfirmed / confirmed / other key',
  });
  await stranger?.close();
  await clearKeychainService(keychainService);
  await endTestServices(services, root);
});

function call<C extends Channel>(channel: C, request: RequestIn<C>): Promise<ResponseOf<C>> {
  return ipcCall(handlers, services.logger, channel, request);
}

async function codeOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

/** Runs one attempt and records whether it ended as expected with the stranger's count unchanged (or grown by `reached`). */
async function attempt(label: string, run: () => Promise<unknown>, expected: string, reached = 0): Promise<void> {
  const before = stranger.hits.length;
  const code = await codeOf(run);
  const ok = code === expected && stranger.hits.length === before + reached;
  tally.push({ case: `${label}: ${code}, stranger got ${stranger.hits.length - before}`, ok });
  expect({ label, code, requests: stranger.hits.length - before }).toEqual({ label, code: expected, requests: reached });
}

const inference = (keyId: string, endpointUrl: string) => () =>
  call('inference:run', { runId: crypto.randomUUID(), keyId, endpointUrl, fileName: 'a.png', bytes: PNG });

describe('a key reaches only its own service or a host confirmed for it', () => {
  it('no key kind is sent to a URL outside its address, even when a caller names one', async () => {
    for (const kind of KEY_KINDS) {
      const credential: Credential = {
        id: kind,
        kind,
        address: holder.emulator.url,
        secret: 'secret-of-a-test-key',
        secret2: 'second-secret',
        inferenceOrigins: [],
      };
      await attempt(
        `${kind} key, absolute URL to the stranger`,
        () => callService(endpointFor({ credential }), { method: 'GET', path: `${stranger.url}/v1/projects` }),
        'key_destination_refused',
      );
    }
  });

  it('an inference endpoint on an unconfirmed host is refused before sending, for each key of its own', async () => {
    await attempt(
      'v1 key, unconfirmed stranger',
      inference(keyIds.v1, `${stranger.url}/inference/v1/predict?endpoint_id=e`),
      'inference_host_unconfirmed',
    );
    await attempt(
      'legacy pair, unconfirmed stranger',
      inference(keyIds.legacy, `${stranger.url}/inference/v1/predict?endpoint_id=e`),
      'inference_host_unconfirmed',
    );
    // Plain http to another computer never carries a key, confirmed or not.
    await attempt(
      'plain http off this computer',
      inference(keyIds.v1, 'http://predict.example.com/inference/v1/predict?endpoint_id=e'),
      'invalid_address',
    );
    await attempt(
      'confirming plain http off this computer',
      () => call('keys:allowInferenceHost', { id: keyIds.v1, endpointUrl: 'http://predict.example.com/x' }),
      'invalid_address',
    );
    await attempt('credentials in the endpoint', inference(keyIds.v1, `http://user:pw@127.0.0.2:1/x`), 'invalid_address');
  });

  it('once confirmed for a key, that host receives that key only', async () => {
    await attempt(
      'confirm the stranger for the v1 key',
      () => call('keys:allowInferenceHost', { id: keyIds.v1, endpointUrl: `${stranger.url}/inference/v1/predict?endpoint_id=e` }),
      'ok',
    );
    await attempt('v1 key, confirmed host', inference(keyIds.v1, `${stranger.url}/inference/v1/predict?endpoint_id=e`), 'ok', 1);
    expect(stranger.hits.at(-1)?.headers.apikey).toBe(KEYS.v1);
    // Another key, and the same host on another port, are other destinations.
    await attempt(
      'other v1 key, host confirmed only for the first',
      inference(keyIds.other, `${stranger.url}/inference/v1/predict?endpoint_id=e`),
      'inference_host_unconfirmed',
    );
    await attempt(
      'v1 key, same host on another port',
      inference(keyIds.v1, 'http://127.0.0.2:9/inference/v1/predict?endpoint_id=e'),
      'inference_host_unconfirmed',
    );
    const keys = await call('keys:list', {});
    expect(keys.find((k) => k.id === keyIds.v1)?.inferenceOrigins).toEqual([new URL(stranger.url).origin]);
    await attempt('forget the host', () => call('keys:forgetInferenceHost', { id: keyIds.v1, origin: new URL(stranger.url).origin }), 'ok');
    await attempt(
      'v1 key, forgotten host',
      inference(keyIds.v1, `${stranger.url}/inference/v1/predict?endpoint_id=e`),
      'inference_host_unconfirmed',
    );
  });

  it("the key's own service still works", async () => {
    await attempt('v1 key, its own emulator', inference(keyIds.v1, `${holder.emulator.url}/inference/v1/predict?endpoint_id=e`), 'ok');
  });
});
