import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeysService } from '../../../../electron/keys/keysService.js';
import { createLogger } from '../../../../electron/core/log.js';
import { Notices } from '../../../../electron/core/notices.js';
import { createSettingsStore } from '../../../../electron/settings/settings.js';
import { KEYS, requestsTo, useEmulator } from '../../../support/emulatorHarness.js';
import { memoryKeychain } from '../../../support/memoryKeychain.js';

const holder = useEmulator();
let dataDir: string;
let keys: KeysService;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'groundwork-keys-'));
  const logger = createLogger(null, { console: false });
  const notices = new Notices();
  const url = holder.emulator.url;
  keys = new KeysService({
    keychain: memoryKeychain(),
    settings: createSettingsStore(dataDir, { logger, notices }),
    logger,
    notices,
    defaults: () => ({ v2: url, analyzer: url, v1: url, 'v1-legacy': url }),
  });
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('testing a stored key', () => {
  it('tries the key on its own service, a disabled one too', async () => {
    const { id } = await keys.add({ name: 'Team', kind: 'v2', secret: KEYS.v2 });
    await keys.setEnabled(id, false);
    const before = requestsTo(holder.emulator, '/v2/parse/jobs');
    expect(await keys.test(id)).toMatchObject({ ok: true, proof: 'used' });
    expect(requestsTo(holder.emulator, '/v2/parse/jobs')).toBe(before + 1);
  });

  it('says when the service refuses it', async () => {
    const { id } = await keys.add({ name: 'Wrong', kind: 'v2', secret: 'sk_not_a_key_0000' });
    expect(await keys.test(id)).toMatchObject({ ok: false, status: 401 });
  });

  it('refuses a key it does not know, before any request', async () => {
    await expect(keys.test('2f1c6a1e-8a57-4c1b-9a43-1d2e3f4a5b6c')).rejects.toMatchObject({ code: 'key_not_found' });
  });
});
