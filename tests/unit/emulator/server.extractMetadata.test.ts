import { describe, expect, it } from 'vitest';
import { KEYS, useEmulator } from '../../support/emulatorHarness.js';
import { call } from './emulatorCalls.js';

// v2.extract.response: the contract renamed the extract metadata's `version` to `model_version`.
// The official package's type still requires `version`; the contract wins, so a client that
// reads only `version` is caught.

const holder = useEmulator({ timings: { pendingMs: 0, processingMs: 0 } });
const body = { schema: { type: 'object', properties: { total: { type: 'number' } } }, markdown: 'Total: 12\n', model: 'extract-20250930' };

describe('extract metadata', () => {
  it('names the snapshot as model_version and never sends the retired version, sync or as a job', async () => {
    const sync = await call(holder.emulator, 'POST', '/v2/extract', { key: KEYS.v2, json: body });
    expect(sync.status).toBe(200);
    const created = await call(holder.emulator, 'POST', '/v2/extract/jobs', { key: KEYS.v2, json: body });
    const poll = await call(holder.emulator, 'GET', `/v2/extract/jobs/${String(created.json.job_id)}`, { key: KEYS.v2 });
    const fromJob = (poll.json.result as { metadata: Record<string, unknown> }).metadata;
    for (const metadata of [sync.json.metadata as Record<string, unknown>, fromJob]) {
      expect(metadata.model_version).toBe('extract-20250930');
      expect(metadata).not.toHaveProperty('version');
    }
  });
});
