import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import keytar from 'keytar';
import { AppError } from '../../../../shared/errors.js';
import { createServices, type Services } from '../../../../electron/app/services.js';
import { UserDesk } from '../../../../electron/preview/userDesk.js';
import { runAnalyzer } from '../../../../electron/runs/cloudRuns.js';
import { clearKeychainService } from '../../../support/keychainCleanup.js';
import { endTestServices } from '../../../support/testServices.js';
import { whitePng } from '../../../support/png.js';

const PNG = whitePng(20, 20);

// Runs against the real OS keychain (a private Secret Service under `npm test` in CI),
// under a service name of its own so that it never touches a user's keys.
const SECRET = 'sk_roundtrip_a1b2c3d4e5f6g7h8';
let services: Services;
let dataDir: string;
let keychainService: string;
// The user, saying yes to each copy main asks about; the desk's clipboard is where a copy lands.
const desk = new UserDesk({ announce: (q) => setImmediate(() => desk.answer(q.id, true)) });
const copied = async (id: string, part: 'secret' | 'secret2' = 'secret') => {
  await services.keys.copySecret(id, part);
  return desk.clipboardText();
};

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'groundwork-keys-'));
  keychainService = `groundwork-unit-${process.pid}-${Date.now()}`;
  services = await createServices({
    shell: 'preview',
    version: 'test',
    dataDir,
    samplesDir: 'resources/samples',
    keychainService,
    userInMain: desk,
  });
});

afterEach(async () => {
  await clearKeychainService(keychainService);
  await endTestServices(services, dataDir);
});

describe('keys in the OS keychain', () => {
  it('adds, lists masked, copies, renames and deletes; the secret leaves the keychain on delete', async () => {
    const added = await services.keys.add({ name: 'Team A', kind: 'v2', secret: SECRET });
    expect(added.masked).toBe('sk_r********g7h8');
    expect(JSON.stringify(added)).not.toContain(SECRET);

    const stored = await keytar.getPassword(keychainService, added.id);
    expect(stored && JSON.parse(stored)).toEqual({ v: 1, kind: 'v2', secret: SECRET, address: added.address, inferenceOrigins: [] });

    const listed = await services.keys.list();
    expect(listed).toEqual([
      expect.objectContaining({ id: added.id, name: 'Team A', masked: 'sk_r********g7h8', inKeychain: true, enabled: true }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(SECRET);

    expect(await copied(added.id)).toBe(SECRET);

    const renamed = await services.keys.rename(added.id, '  Team B  ');
    expect(renamed.name).toBe('Team B');
    expect((await services.keys.list())[0]?.name).toBe('Team B');

    await services.keys.delete(added.id);
    expect(await keytar.getPassword(keychainService, added.id)).toBeNull();
    expect(await services.keys.list()).toEqual([]);
    expect(await readFile(join(dataDir, 'settings.json'), 'utf8')).not.toContain(added.id);
  });

  it('keeps a legacy pair together and refuses a pair without its secret', async () => {
    const pair = await services.keys.add({
      name: 'Edge',
      kind: 'v1-legacy',
      secret: 'legacy_key_123456789',
      secret2: 'legacy_secret_987654321',
    });
    expect(pair.masked2).toBe('********4321');
    expect(await copied(pair.id, 'secret')).toBe('legacy_key_123456789');
    expect(await copied(pair.id, 'secret2')).toBe('legacy_secret_987654321');
    await expect(services.keys.add({ name: 'Half', kind: 'v1-legacy', secret: 'legacy_key_123456789' })).rejects.toMatchObject({
      code: 'invalid_key_secret',
    });
  });

  it('refuses duplicate names (ignoring case and spaces) and leaves no orphan secret behind', async () => {
    await services.keys.add({ name: 'Prod', kind: 'v2', secret: SECRET });
    const error = await services.keys.add({ name: ' prod ', kind: 'v1', secret: 'another_key_12345678' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('duplicate_key_name');
    expect(await keytar.findCredentials(keychainService)).toHaveLength(1);
  });

  it('the older analyzer is never offered a v2 key: with none of its own it asks for an analyzer key, before anything is sent', async () => {
    const v2 = await services.keys.add({
      name: 'Parse key',
      kind: 'v2',
      secret: 'sk_v2_default_order_1234',
      address: 'http://127.0.0.1:9',
    });
    const document = await services.workspace.addDocument('a.png', PNG);
    const deps = { workspace: services.workspace, keys: services.keys, emit: () => undefined };
    const signal = new AbortController().signal;
    const refused = await runAnalyzer(deps, { runId: 'r1', documentId: document.id }, signal).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: 'no_analyzer_key',
      message: expect.stringMatching(/needs an analyzer key/),
      hint: expect.stringMatching(/Add an analyzer key on the Keys screen/),
    });
    // Picked by hand, a v2 key is refused by name.
    expect(await runAnalyzer(deps, { runId: 'r2', documentId: document.id, keyId: v2.id }, signal).catch((e: unknown) => e)).toMatchObject({
      code: 'wrong_key_kind',
    });
    const analyzer = await services.keys.add({ name: 'Analyzer key', kind: 'analyzer', secret: 'sk_an_default_order_5678' });
    expect((await services.keys.credentialFor(['analyzer'])).id).toBe(analyzer.id);
  });

  it('a disabled key gives no credential for service calls, but can still be copied', async () => {
    const key = await services.keys.add({ name: 'Paused', kind: 'v2', secret: SECRET });
    await services.keys.setEnabled(key.id, false);
    await expect(services.keys.credential(key.id)).rejects.toMatchObject({ code: 'key_disabled' });
    expect(await copied(key.id)).toBe(SECRET);
  });

  it('flags a key whose secret vanished from the keychain', async () => {
    const key = await services.keys.add({ name: 'Gone', kind: 'v2', secret: SECRET });
    await keytar.deletePassword(keychainService, key.id);
    expect((await services.keys.list())[0]?.inKeychain).toBe(false);
    await expect(services.keys.copySecret(key.id, 'secret')).rejects.toMatchObject({ code: 'key_missing_from_keychain' });
  });
});
