import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../../electron/app/handlers.js';
import type { HandlerTable } from '../../../../electron/core/ipcDispatch.js';
import { UserDesk } from '../../../../electron/preview/userDesk.js';
import type { Services } from '../../../../electron/app/services.js';
import type { AppError } from '../../../../shared/errors.js';
import type { Channel } from '../../../../shared/ipc/channels.js';
import type { RequestIn, ResponseOf } from '../../../../shared/ipc/table.js';
import { startBeaconServer, type BeaconServer } from '../../../support/beaconServer.js';
import { errorOf, KEYS, PNG, useEmulator } from '../../../support/emulatorHarness.js';
import { ipcCall } from '../../../support/ipcCall.js';
import { clearKeychainService } from '../../../support/keychainCleanup.js';
import { endTestServices, testServices } from '../../../support/testServices.js';
import { recordTrustRow } from '../../../trust/trustReport.js';

// A key's address and its confirmed inference hosts are bound to its keychain entry: settings.json
// edited to send the key elsewhere is refused after a restart, and the other listener (a loopback
// server on 127.0.0.2 counting requests) receives nothing. Against the OS keychain.

const holder = useEmulator();
let other: BeaconServer;
let services: Services;
let handlers: HandlerTable;
let root: string;
let keychainService: string;
const desk = new UserDesk({ announce: (q) => setImmediate(() => desk.answer(q.id, true)) });
const tally: { case: string; ok: boolean }[] = [];

beforeAll(async () => {
  other = await startBeaconServer({ host: '127.0.0.2', json: { type: 'ClassificationPrediction', labelName: 'other', score: 0.5 } });
});

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'groundwork-key-binding-'));
  keychainService = `groundwork-unit-binding-${process.pid}-${Date.now()}`;
  await start();
});

afterEach(async () => {
  await clearKeychainService(keychainService);
  await endTestServices(services, root);
});

afterAll(async () => {
  recordTrustRow({
    check: 'key addresses bound',
    cases: tally.length,
    failures: tally.filter((t) => !t.ok).length,
    note: tally.find((t) => !t.ok)?.case ?? 'settings.json edited, services restarted; listener on 127.0.0.2 counting requests',
  });
  await other?.close();
});

async function start(): Promise<void> {
  services = await testServices(root, { keychainService, userInMain: desk });
  handlers = createHandlers(services);
}

/** As at quit and start again: createServices over the same folder and keychain. */
async function restart(): Promise<void> {
  services.jobs.stop();
  await services.close();
  await start();
}

function call<C extends Channel>(channel: C, request: RequestIn<C>): Promise<ResponseOf<C>> {
  return ipcCall(handlers, services.logger, channel, request);
}

async function editSettings(change: (key: Record<string, unknown>) => void): Promise<void> {
  const file = join(root, 'settings.json');
  const settings = JSON.parse(await readFile(file, 'utf8')) as { keys: Record<string, unknown>[] };
  for (const key of settings.keys) change(key);
  await writeFile(file, JSON.stringify(settings, null, 2));
}

function check(label: string, ok: boolean): void {
  tally.push({ case: label, ok });
  expect(ok, label).toBe(true);
}

/** A refusal that names the key and says the address was changed outside the app, with what to do. */
function refusedAsChanged(error: AppError | null, name: string): boolean {
  return (
    error?.code === 'key_address_changed' &&
    error.message.includes(`"${name}"`) &&
    /outside Groundwork/.test(error.message) &&
    /Keys screen/.test(error.hint ?? '')
  );
}

describe("a key's destination is bound to its keychain entry", () => {
  it('an address changed in settings.json is refused after a restart; nothing reaches the other listener', async () => {
    const key = await call('keys:add', { name: 'Parse key', kind: 'v2', secret: KEYS.v2, address: holder.emulator.url });
    expect((await call('keys:test', { id: key.id })).ok).toBe(true);
    await editSettings((k) => void (k.address = other.url));
    await restart();
    const error = await errorOf(() => call('keys:test', { id: key.id }));
    check('edited address: refused, naming the key', refusedAsChanged(error, 'Parse key'));
    check('edited address: the other listener got nothing', other.hits.length === 0);
    const listed = (await call('keys:list', {})).find((k) => k.id === key.id);
    check('edited address: the Keys screen is told', /changed outside Groundwork/.test(listed?.destinationChanged ?? ''));
  });

  it('an inference host added in settings.json is refused; nothing reaches it', async () => {
    const key = await call('keys:add', { name: 'Deploy key', kind: 'v1', secret: KEYS.v1, address: holder.emulator.url });
    await editSettings((k) => void (k.inferenceOrigins = [new URL(other.url).origin]));
    await restart();
    const error = await errorOf(() =>
      call('inference:run', {
        runId: randomUUID(),
        keyId: key.id,
        endpointUrl: `${other.url}/inference/v1/predict?endpoint_id=e`,
        fileName: 'a.png',
        bytes: PNG,
      }),
    );
    check('edited inference hosts: refused, naming the key', refusedAsChanged(error, 'Deploy key'));
    check('edited inference hosts: the other listener got nothing', other.hits.length === 0);
  });

  it('a key saved by an older version (no binding) keeps working and is bound on first use', async () => {
    const id = randomUUID();
    await keytar.setPassword(keychainService, id, JSON.stringify({ v: 1, kind: 'v2', secret: KEYS.v2 }));
    const record = {
      id,
      name: 'Old key',
      kind: 'v2',
      address: holder.emulator.url,
      createdAt: new Date().toISOString(),
      enabled: true,
      masked: '********ey',
    };
    await writeFile(join(root, 'settings.json'), JSON.stringify({ version: 1, keys: [record] }));
    await restart();
    check('older key: still works', (await call('keys:test', { id })).ok);
    const stored = JSON.parse((await keytar.getPassword(keychainService, id))!) as { address?: string };
    check('older key: bound on first use', stored.address === holder.emulator.url);
    await editSettings((k) => void (k.address = other.url));
    await restart();
    check('older key, then edited: refused', refusedAsChanged(await errorOf(() => call('keys:test', { id })), 'Old key'));
    check('older key, then edited: the other listener got nothing', other.hits.length === 0);
  });

  it('re-entering the address on the Keys screen, confirmed in main, binds it again', async () => {
    const key = await call('keys:add', { name: 'Moved key', kind: 'v2', secret: KEYS.v2, address: 'http://127.0.0.1:9' });
    await editSettings((k) => void (k.address = holder.emulator.url));
    await restart();
    expect(await errorOf(() => call('keys:test', { id: key.id }))).toMatchObject({ code: 'key_address_changed' });
    const updated = await call('keys:setAddress', { id: key.id, address: holder.emulator.url });
    check('re-entered: the address is the new one', updated.address === holder.emulator.url);
    check('re-entered: the key works there', (await call('keys:test', { id: key.id })).ok);
  });
});
