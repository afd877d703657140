import { describe, expect, it } from 'vitest';
import { KEYS, useEmulator } from '../../support/emulatorHarness.js';
import { call } from './emulatorCalls.js';

const holder = useEmulator();
const control = (action: 'revoke' | 'activate', key: string) =>
  call(holder.emulator, 'POST', `/__control/keys/${action}`, { json: { key } });

describe('a key revoked on the service', () => {
  it('gets 401 invalid_api_key on v2 until it is activated again; other keys keep working', async () => {
    expect((await call(holder.emulator, 'GET', '/v2/parse/jobs', { key: KEYS.v2 })).status).toBe(200);
    expect((await control('revoke', KEYS.v2)).status).toBe(200);
    const refused = await call(holder.emulator, 'GET', '/v2/parse/jobs', { key: KEYS.v2 });
    expect(refused).toMatchObject({ status: 401, json: { code: 'invalid_api_key', message: expect.stringMatching(/revoked/) } });
    expect((await call(holder.emulator, 'GET', '/v2/parse/jobs', { key: KEYS.v2Other })).status).toBe(200);
    expect((await control('activate', KEYS.v2)).status).toBe(200);
    expect((await call(holder.emulator, 'GET', '/v2/parse/jobs', { key: KEYS.v2 })).status).toBe(200);
  });

  it('gets 401 {detail} on the older analyzer and on v1 (a key alone and a legacy pair)', async () => {
    const analyze = () =>
      call(holder.emulator, 'POST', '/v1/tools/agentic-document-analysis', { key: KEYS.analyzer, form: new FormData() });
    const project = (headers: Record<string, string>) => call(holder.emulator, 'POST', '/v1/projects', { json: {}, headers });
    const v1 = { apikey: KEYS.v1 };
    const pair = { apikey: KEYS.pair.key, apisecret: KEYS.pair.secret };
    // A valid key reaches validation: 422 for a missing file or an empty body.
    expect((await analyze()).status).toBe(422);
    expect((await project(v1)).status).toBe(422);
    for (const key of [KEYS.analyzer, KEYS.v1, KEYS.pair.key]) await control('revoke', key);
    expect(await analyze()).toMatchObject({ status: 401, json: { detail: expect.stringMatching(/revoked/) } });
    expect(await project(v1)).toMatchObject({ status: 401, json: { detail: expect.stringMatching(/revoked/) } });
    expect(await project(pair)).toMatchObject({ status: 401, json: { detail: expect.stringMatching(/revoked/) } });
    for (const key of [KEYS.analyzer, KEYS.v1, KEYS.pair.key]) await control('activate', key);
    expect((await analyze()).status).toBe(422);
    expect((await project(pair)).status).toBe(422);
  });

  it('can be revoked by a test holding the Emulator, and a reset activates it again', async () => {
    holder.emulator.revokeKey(KEYS.v2);
    expect((await call(holder.emulator, 'GET', '/v2/extract/jobs', { key: KEYS.v2 })).status).toBe(401);
    expect((await call(holder.emulator, 'GET', '/__control/state')).json.revokedKeys).toEqual([KEYS.v2]);
    holder.emulator.activateKey(KEYS.v2);
    expect((await call(holder.emulator, 'GET', '/v2/extract/jobs', { key: KEYS.v2 })).status).toBe(200);
    holder.emulator.revokeKey(KEYS.v2);
    await call(holder.emulator, 'POST', '/__control/reset');
    expect((await call(holder.emulator, 'GET', '/v2/extract/jobs', { key: KEYS.v2 })).status).toBe(200);
  });

  it('refuses to revoke a key it does not know', async () => {
    expect((await control('revoke', 'never-configured')).status).toBe(404);
  });
});
