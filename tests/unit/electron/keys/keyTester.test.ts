import { describe, expect, it } from 'vitest';
import { testKey } from '../../../../electron/keys/keyTester.js';
import { credential, KEYS, requestsTo, useEmulator } from '../../../support/emulatorHarness.js';

const holder = useEmulator();

describe('"Test key" against the emulator', () => {
  it('a valid v2 key is used for a real read that spends nothing, and said accepted', async () => {
    const before = requestsTo(holder.emulator, '/v2/parse/jobs');
    const result = await testKey(credential('v2', holder.emulator.url, KEYS.v2));
    expect(result).toMatchObject({ ok: true, proof: 'used', message: 'The service accepted this key.' });
    expect(requestsTo(holder.emulator, '/v2/parse/jobs')).toBe(before + 1);
  });

  // An empty request answered 422 does not prove the key: a service may check bodies first.
  it.each([
    ['analyzer', KEYS.analyzer, undefined, '/v1/tools/agentic-document-analysis'],
    ['v1', KEYS.v1, undefined, '/v1/projects'],
    ['v1-legacy', KEYS.pair.key, KEYS.pair.secret, '/v1/projects'],
  ] as const)(
    'a valid %s key is "not refused", and the result says it was not used for a real request',
    async (kind, secret, secret2, path) => {
      const before = requestsTo(holder.emulator, path);
      const result = await testKey(credential(kind, holder.emulator.url, secret, secret2));
      expect(result).toMatchObject({ ok: true, status: 422, proof: 'not_refused' });
      expect(result.message).toMatch(/^The service did not refuse this key; it was not used for a real request\./);
      expect(result.message).not.toMatch(/accepted/);
      expect(requestsTo(holder.emulator, path)).toBe(before + 1);
    },
  );

  it.each([
    ['v2', 'not-a-key', undefined],
    ['analyzer', 'not-a-key', undefined],
    ['v1', 'not-a-key', undefined],
    ['v1-legacy', KEYS.pair.key, 'wrong-secret'],
  ] as const)('a wrong %s key is refused, and the message says so', async (kind, secret, secret2) => {
    const result = await testKey(credential(kind, holder.emulator.url, secret, secret2));
    expect(result.ok).toBe(false);
    expect(result.status).toBe(401);
    expect(result.message).toContain('refused this key');
  });

  it('a legacy key sent without its secret is refused', async () => {
    const result = await testKey(credential('v1', holder.emulator.url, KEYS.pair.key));
    expect(result).toMatchObject({ ok: false, status: 401 });
  });

  it('an address where nothing listens is reported, not thrown', async () => {
    const result = await testKey(credential('v2', 'http://127.0.0.1:9', KEYS.v2));
    expect(result).toMatchObject({ ok: false, status: null });
    expect(result.message).toContain('Could not reach');
  });
});
