import { describe, expect, it } from 'vitest';
import { KEYS, pdf, useEmulator } from '../../support/emulatorHarness.js';
import { call } from './emulatorCalls.js';

const holder = useEmulator();

const seed = (service: 'parse' | 'extract', jobId: string, createdAt: string) =>
  call(holder.emulator, 'POST', '/__control/jobs', { json: { key: KEYS.v2, service, job_id: jobId, created_at: createdAt } });
const ids = async (service: 'parse' | 'extract', query = '') =>
  (
    (await call(holder.emulator, 'GET', `/v2/${service}/jobs${query}`, { key: KEYS.v2 })).json.jobs as {
      job_id: string;
      created_at: string;
    }[]
  ).map((j) => j.job_id);

describe('job lists', () => {
  it('are sorted by created_at, newest first, whatever order the jobs were made in', async () => {
    const form = new FormData();
    form.set('document', new Blob([await pdf(1)]), 'a.pdf');
    const created = await call(holder.emulator, 'POST', '/v2/parse/jobs', { key: KEYS.v2, form });
    expect(created.status).toBe(202);
    // Seeded after it, but created long before.
    await seed('parse', 'job_march', '2024-03-01T10:00:00Z');
    await seed('parse', 'job_2023', '2023-01-01T10:00:00Z');
    await seed('parse', 'job_june', '2025-06-01T10:00:00Z');
    expect(await ids('parse')).toEqual([created.json.job_id, 'job_june', 'job_march', 'job_2023']);
    // Pages cut the sorted list.
    expect(await ids('parse', '?page=1&pageSize=2')).toEqual(['job_march', 'job_2023']);
  });

  it('put the older-format jobs seeded at start after any job made now', async () => {
    const { startEmulator } = await import('../../emulator/server.js');
    const emulator = await startEmulator({
      keys: { v2: ['k'], analyzer: [], v1: [], pairs: [] },
      timings: { pendingMs: 0, processingMs: 0 },
    });
    try {
      const job = await call(emulator, 'POST', '/v2/extract/jobs', {
        key: 'k',
        json: { schema: { type: 'object', properties: {} }, markdown: 'x' },
      });
      const rows = (await call(emulator, 'GET', '/v2/extract/jobs', { key: 'k' })).json.jobs as { job_id: string; created_at: string }[];
      expect(rows.map((r) => r.job_id)).toEqual([job.json.job_id, expect.stringMatching(/^job_[0-9a-f]+$/)]);
      expect(Date.parse(rows[1]!.created_at)).toBeLessThan(Date.parse(rows[0]!.created_at));
    } finally {
      await emulator.close();
    }
  });

  it('seed only older-format ids, with a readable created_at', async () => {
    expect((await seed('parse', 'parse-01jbcdefghjkmnpqrstvwxyz01', '2024-01-01T00:00:00Z')).status).toBe(400);
    expect((await seed('parse', 'job_1', 'yesterday')).status).toBe(400);
  });
});

describe('the list query, judged by the emulator itself', () => {
  it.each([
    ['pageSize=0', /pageSize/],
    ['pageSize=101', /pageSize/],
    ['page=-1', /page must be 0 or more/],
    ['page=1.5', /integer/],
    ['status=cancelled', /status must be one of pending, processing, completed, failed/],
  ])('refuses ?%s with 422 validation_error', async (query, message) => {
    const answer = await call(holder.emulator, 'GET', `/v2/parse/jobs?${query}`, { key: KEYS.v2 });
    expect(answer).toMatchObject({ status: 422, json: { code: 'validation_error', message: expect.stringMatching(message) } });
  });

  it('defaults to page 0 of 10, and accepts pageSize 100', async () => {
    expect((await call(holder.emulator, 'GET', '/v2/parse/jobs', { key: KEYS.v2 })).json).toMatchObject({
      page: 0,
      page_size: 10,
      has_more: false,
    });
    expect((await call(holder.emulator, 'GET', '/v2/parse/jobs?pageSize=100&status=', { key: KEYS.v2 })).status).toBe(200);
  });
});

describe('job ids, judged by the emulator itself', () => {
  it('mints parse-<ulid> and extract-<ulid> whose time part is the creation time', async () => {
    const before = Date.now();
    const job = await call(holder.emulator, 'POST', '/v2/extract/jobs', {
      key: KEYS.v2,
      json: { schema: { type: 'object' }, markdown: 'x' },
    });
    const id = job.json.job_id as string;
    expect(id).toMatch(/^extract-[0-9a-hjkmnp-tv-z]{26}$/);
    const time = [...id.slice(8, 18)].reduce((t, c) => t * 32 + '0123456789abcdefghjkmnpqrstvwxyz'.indexOf(c), 0);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a current-format id of the other service (422) and does not know an absent older id (404)', async () => {
    expect((await call(holder.emulator, 'GET', '/v2/parse/jobs/extract-01jbcdefghjkmnpqrstvwxyz01', { key: KEYS.v2 })).json.code).toBe(
      'validation_error',
    );
    expect((await call(holder.emulator, 'GET', '/v2/parse/jobs/3f2b8c1e-0000-4000-8000-000000000000', { key: KEYS.v2 })).status).toBe(404);
    expect((await call(holder.emulator, 'GET', '/v2/parse/jobs/a%20b', { key: KEYS.v2 })).status).toBe(422);
  });
});
