import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS, parseKeyFlags } from '../../emulator/keys.js';
import { startEmulator, type Emulator } from '../../emulator/server.js';
import { pdf } from '../../support/emulatorHarness.js';
import { call } from './emulatorCalls.js';

// v1.auth.organization: every key belongs to an organization and reaches nothing of
// another's. v1 projects are the organization's (any of its keys, a legacy pair included);
// v2 jobs are the key's, so another organization's are never listed and polling one is 404.

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ keys: DEMO_KEYS, timings: { pendingMs: 0, processingMs: 0 }, seedLegacyJobs: false });
});
afterAll(() => emulator.close());

const mine = { apikey: 'demo-v1-key' };
const theirs = { apikey: 'other-org-v1-key' };
const pair = { apikey: DEMO_KEYS.pairs[0]!.key, apisecret: DEMO_KEYS.pairs[0]!.secret };
const v1 = (headers: Record<string, string>, method: string, path: string, json?: unknown) =>
  call(emulator, method, path, { json, headers });

describe('organizations', () => {
  it('the demo keys are in two: organization 1, and a second with its own v2 and v1 keys', () => {
    expect(DEMO_KEYS.organizations).toEqual({ 'other-org-v2-key': 2, 'other-org-v1-key': 2 });
    expect(emulator.ctx.keys.organizationOf('demo-v1-key')).toBe(1);
    expect(emulator.ctx.keys.organizationOf('demo-legacy-key')).toBe(1);
    expect(emulator.ctx.keys.organizationOf('other-org-v1-key')).toBe(2);
  });

  it("a v1 key of another organization gets 404 for a project, as for a missing one; the owner's organization keeps it", async () => {
    const made = await v1(mine, 'POST', '/v1/projects', { name: 'ours' });
    const id = (made.json.data as { id: number }).id;
    const missing = await v1(theirs, 'POST', '/v1/projects/987654/tags', { name: 'x' });
    for (const [method, rest, json] of [
      ['POST', '/tags', { name: 'x' }],
      ['PUT', '/active', { isActive: false }],
      ['POST', '/metadata', { name: 'm' }],
      ['POST', '/dataset/snapshots/1/export', { retry: false }],
    ] as const) {
      const refused = await v1(theirs, method, `/v1/projects/${id}${rest}`, json);
      expect(refused.status).toBe(404);
      expect(refused.json.detail).toBe(String(missing.json.detail).replace('987654', String(id)));
    }
    // Another key of the same organization (a legacy pair) reaches it; nothing was changed by the refused calls.
    const tag = await v1(pair, 'POST', `/v1/projects/${id}/tags`, { name: 'x' });
    expect(tag).toMatchObject({ status: 200, json: { data: { name: 'x', orgId: 1 } } });
    expect(emulator.ctx.v1.project(1, id)?.project.isActive).toBe(true);
  });

  it('and the other way round: a project of organization 2 is invisible to organization 1', async () => {
    const id = ((await v1(theirs, 'POST', '/v1/projects', { name: 'theirs' })).json.data as { id: number }).id;
    expect((await v1(theirs, 'POST', `/v1/projects/${id}/tags`, { name: 't' })).json.data).toMatchObject({ orgId: 2 });
    expect((await v1(mine, 'POST', `/v1/projects/${id}/tags`, { name: 't2' })).status).toBe(404);
  });

  it('v2 jobs of another organization are not listed, and polling one is 404', async () => {
    const form = new FormData();
    form.set('document', new Blob([await pdf(1)]), 'a.pdf');
    const jobId = String((await call(emulator, 'POST', '/v2/parse/jobs', { key: 'demo-v2-key', form })).json.job_id);
    const listed = await call(emulator, 'GET', '/v2/parse/jobs', { key: 'other-org-v2-key' });
    expect(listed).toMatchObject({ status: 200, json: { jobs: [] } });
    const poll = await call(emulator, 'GET', `/v2/parse/jobs/${jobId}`, { key: 'other-org-v2-key' });
    expect(poll).toMatchObject({ status: 404, json: { code: 'not_found' } });
    expect((await call(emulator, 'GET', `/v2/parse/jobs/${jobId}`, { key: 'demo-v2-key' })).status).toBe(200);
  });

  it('--org puts configured keys in an organization, and refuses keys that are not configured', () => {
    expect(parseKeyFlags(['v1:a', 'v2:b', 'v1:c'], ['p:s'], ['2:a,b', '3:p']).organizations).toEqual({ a: 2, b: 2, p: 3 });
    expect(() => parseKeyFlags(['v1:a'], [], ['2:zzz'])).toThrow(/--org/);
    expect(() => parseKeyFlags(['v1:a'], [], ['a'])).toThrow(/--org/);
  });
});
