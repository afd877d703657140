import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../../electron/app/handlers.js';
import { dispatch, type HandlerTable } from '../../../../electron/core/ipcDispatch.js';
import { UserDesk } from '../../../../electron/preview/userDesk.js';
import type { Services } from '../../../../electron/app/services.js';
import { CHANNELS } from '../../../../shared/ipc/channels.js';
import { encodeWire } from '../../../../shared/wireCodec.js';
import { clearKeychainService } from '../../../support/keychainCleanup.js';
import { endTestServices, testServices } from '../../../support/testServices.js';
import { recordTrustRow } from '../../../trust/trustReport.js';

// No keys:* answer carries a secret, even to a user who says yes to every question main asks:
// a key reaches the user only through main's own path (confirmed in main, copied from main).
// Every keys channel is called; one without a request here fails the test, so a new channel
// is searched too. Against the OS keychain (run under dbus-run-session, as npm test does).

const SECRET = 'gwStays+k4P/u7Q=z1W~c8R.e3T_m6Y';
const SECRET2 = 'gwStays2+a9S/d2F=g5H~j8K.l1Z_x4C';
let services: Services;
let handlers: HandlerTable;
let root: string;
let keychainService: string;
const desk = new UserDesk({ announce: (q) => setImmediate(() => desk.answer(q.id, true)) });
const tally: { channel: string; leaked: boolean }[] = [];
const ids = { v1: '', pair: '' };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'groundwork-secret-stays-'));
  keychainService = `groundwork-unit-stays-${process.pid}-${Date.now()}`;
  services = await testServices(root, { keychainService, userInMain: desk });
  handlers = createHandlers(services);
  ids.v1 = (await services.keys.add({ name: 'v1', kind: 'v1', secret: SECRET, address: 'http://127.0.0.1:9' })).id;
  ids.pair = (
    await services.keys.add({ name: 'pair', kind: 'v1-legacy', secret: SECRET, secret2: SECRET2, address: 'http://127.0.0.1:9' })
  ).id;
});

afterAll(async () => {
  recordTrustRow({
    check: 'secrets stay in main',
    cases: tally.length,
    failures: tally.filter((t) => t.leaked).length,
    note: tally.find((t) => t.leaked)?.channel ?? 'every keys:* channel answered, the user saying yes to all; copied only from main',
  });
  await clearKeychainService(keychainService);
  await endTestServices(services, root);
});

/** A request for every keys channel there is or was; the last ones are the destructive ones. */
function requestFor(channel: string): unknown {
  const endpointUrl = 'http://127.0.0.1:9/inference/v1/predict?endpoint_id=e';
  const requests: Record<string, unknown> = {
    'keys:list': {},
    'keys:defaults': {},
    'keys:add': { name: 'added', kind: 'v2', secret: `${SECRET}-added`, address: 'http://127.0.0.1:9' },
    'keys:reveal': { id: ids.pair },
    'keys:copySecret': { id: ids.pair, part: 'secret2' },
    'keys:rename': { id: ids.pair, name: 'pair renamed' },
    'keys:setEnabled': { id: ids.pair, enabled: false },
    'keys:setAddress': { id: ids.pair, address: 'http://127.0.0.1:10' },
    'keys:test': { id: ids.pair },
    'keys:allowInferenceHost': { id: ids.v1, endpointUrl },
    'keys:forgetInferenceHost': { id: ids.v1, origin: 'http://127.0.0.1:9' },
    'keys:delete': { id: ids.v1 },
  };
  return requests[channel];
}

describe('a secret never crosses IPC', () => {
  it('no keys:* answer holds a secret, in any encoding the wire uses', async () => {
    const keyChannels = CHANNELS.filter((c) => c.startsWith('keys:')).sort((a, b) =>
      a === 'keys:delete' ? 1 : b === 'keys:delete' ? -1 : 0,
    );
    for (const channel of keyChannels) {
      const request = requestFor(channel);
      expect(request, `no request for ${channel}: add one so its answers are searched too`).toBeDefined();
      const answer = encodeWire(await dispatch(handlers, channel, request, services.logger));
      const leaked = [SECRET, SECRET2, encodeURIComponent(SECRET), Buffer.from(SECRET).toString('base64')].some((s) => answer.includes(s));
      tally.push({ channel, leaked });
    }
    expect(tally.filter((t) => t.leaked).map((t) => t.channel)).toEqual([]);
  });

  it('the user still gets the key: copied from main after a yes there, cleared from the clipboard once the time is up', async () => {
    const pair = (
      await services.keys.add({
        name: 'to copy',
        kind: 'v1-legacy',
        secret: `${SECRET}-c`,
        secret2: `${SECRET2}-c`,
        address: 'http://127.0.0.1:9',
      })
    ).id;
    const answer = await dispatch(handlers, 'keys:copySecret', { id: pair, part: 'secret' }, services.logger);
    expect(answer).toEqual({ ok: true, value: { clearAfterSeconds: 30 } });
    expect(desk.clipboardText()).toBe(`${SECRET}-c`);
    const second = await dispatch(handlers, 'keys:copySecret', { id: pair, part: 'secret2' }, services.logger);
    expect(second.ok).toBe(true);
    expect(desk.clipboardText()).toBe(`${SECRET2}-c`);
  });
});
