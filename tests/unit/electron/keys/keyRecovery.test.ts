import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeysService } from '../../../../electron/keys/keysService.js';
import { createLogger } from '../../../../electron/core/log.js';
import { Notices } from '../../../../electron/core/notices.js';
import { createSettingsStore } from '../../../../electron/settings/settings.js';
import type { DefaultAddresses } from '../../../../shared/ipc/keys.js';
import { memoryKeychain } from '../../../support/memoryKeychain.js';

// Keys whose settings were lost come back from the keychain only if they would pass as
// keys being added: anything that can write to the keychain could have planted them.
const GOOD = '11111111-1111-4111-8111-111111111111';
const SPACED = '22222222-2222-4222-8222-222222222222';
const CONTROL = '33333333-3333-4333-8333-333333333333';
const STRAY_SECRET2 = '44444444-4444-4444-8444-444444444444';
const NOT_OURS = '55555555-5555-4555-8555-555555555555';
const ADDRESSES: DefaultAddresses = {
  v2: 'https://api.ade.landing.ai',
  analyzer: 'https://api.va.landing.ai',
  v1: 'https://api.landing.ai',
  'v1-legacy': 'https://api.landing.ai',
};
const entry = (kind: string, secret: string, secret2?: string) => JSON.stringify({ v: 1, kind, secret, secret2 });

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'groundwork-recovery-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

async function recover(entries: Record<string, string>, addresses = ADDRESSES) {
  // A settings file that could not be read: the app starts clean with an empty key list.
  await writeFile(join(dataDir, 'settings.json'), '{"version": 1, "keys": [ truncated');
  const logger = createLogger(null, { console: false });
  const notices = new Notices();
  const settings = createSettingsStore(dataDir, { logger, notices });
  const keys = new KeysService({
    keychain: memoryKeychain(new Map(Object.entries(entries))),
    settings,
    logger,
    notices,
    defaults: () => addresses,
  });
  return { listed: await keys.list(), notices: notices.all() };
}

describe('keys recovered from the keychain', () => {
  it('lists a bound key again at the address and hosts bound in its entry, not the default', async () => {
    const bound = JSON.stringify({
      v: 1,
      kind: 'v1',
      secret: 'v1_key_0123456789',
      address: 'https://eu.api.example.com',
      inferenceOrigins: ['https://predict.example.com'],
    });
    const { listed } = await recover({ [GOOD]: bound });
    expect(listed).toEqual([
      expect.objectContaining({ id: GOOD, address: 'https://eu.api.example.com', inferenceOrigins: ['https://predict.example.com'] }),
    ]);
  });

  it('lists a valid key again, disabled; an invalid one is left out and the notice says why, without its secret', async () => {
    const { listed, notices } = await recover({
      [GOOD]: entry('v2', 'sk_good_0123456789abcdef'),
      [SPACED]: entry('v2', 'sk_spaced 0123456789'),
      [CONTROL]: entry('analyzer', 'sk_ctrl\u0007abcdef'),
      [STRAY_SECRET2]: entry('v1', 'v1_key_0123456789', 'a_secret_for_no_pair'),
      [NOT_OURS]: 'hunter2',
    });
    expect(listed.map((k) => [k.id, k.name, k.enabled])).toEqual([[GOOD, 'Recovered v2 key', false]]);
    const notice = notices.find((n) => n.id === 'keys:recovery-refused');
    expect(notice?.level).toBe('warning');
    expect(notice?.message).toMatch(/^4 keys found in the system keychain were not listed again:/);
    expect(notice?.message).toContain('A v2 key: The key contains a space or line break at character 10.');
    expect(notice?.message).toContain('An analyzer key: The key contains an invisible control character at character 8.');
    expect(notice?.message).toContain('(and 1 more)');
    for (const secret of ['sk_spaced', 'sk_ctrl', 'a_secret_for_no_pair', 'hunter2']) expect(JSON.stringify(notices)).not.toContain(secret);
  });

  it('leaves out a key whose default address would not pass (plain http to another host)', async () => {
    const addresses = { ...ADDRESSES, v2: 'http://api.example.com' };
    const { listed, notices } = await recover({ [GOOD]: entry('v2', 'sk_good_0123456789abcdef') }, addresses);
    expect(listed).toEqual([]);
    expect(notices.find((n) => n.id === 'keys:recovery-refused')?.message).toMatch(
      /^1 key found in the system keychain was not listed again: A v2 key: /,
    );
  });

  it('says nothing when every key came back', async () => {
    const { listed, notices } = await recover({ [GOOD]: entry('v1-legacy', 'legacy_key_123456789', 'legacy_secret_987654321') });
    expect(listed.map((k) => k.name)).toEqual(['Recovered v1-legacy key']);
    expect(notices.some((n) => n.id === 'keys:recovery-refused')).toBe(false);
  });
});
