import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { V2Client } from '../../../../electron/api/v2Client.js';
import {
  armFault,
  caught,
  credential,
  KEYS,
  pdf,
  presignedStorageUrl,
  requestsTo,
  until,
  useEmulator,
} from '../../../support/emulatorHarness.js';

const holder = useEmulator();
const v2 = (key = KEYS.v2) => new V2Client({ credential: credential('v2', holder.emulator.url, key) });
const doc = async (pages = 2) => ({ document: { bytes: await pdf(pages), filename: 'job.pdf' } });

describe('parse jobs', () => {
  it('goes pending → processing → completed with the result inline', async () => {
    const { job, warnings } = await v2().createParseJob(await doc(2));
    expect(job.job_id).toMatch(/^parse-[0-9a-hjkmnp-tv-z]{26}$/);
    expect(job.status).toBe('pending');
    expect(new Date(job.created_at!).toISOString()).toBe(job.created_at);
    expect(warnings).toEqual([]);
    const seen = new Set<string>();
    const done = await until(
      () => v2().getParseJob(job.job_id),
      (poll) => {
        seen.add(poll.status);
        return poll.status === 'completed';
      },
    );
    expect([...seen]).toContain('completed');
    expect(done.completed_at).toBeTruthy();
    expect(done.result?.metadata).toMatchObject({ job_id: job.job_id, page_count: 2 });
    expect(done.output_url).toBeUndefined();
    expect(done.progress).toBe(1); // an extra field, kept verbatim
  });

  it('delivers to output_save_url and reports output_url instead of result', async () => {
    const url = presignedStorageUrl(holder.emulator, 'result.json', 3600);
    const { job } = await v2().createParseJob({ ...(await doc(1)), output_save_url: url, service_tier: 'priority' });
    const done = await until(
      () => v2().getParseJob(job.job_id),
      (p) => p.status === 'completed',
    );
    expect(done.output_url).toBe(url);
    expect(done.result).toBeNull();
    // The URL is presigned for the upload only; the object is read back without the signature.
    const delivered = (await (await fetch(url.split('?')[0]!)).json()) as { metadata: { job_id: string } };
    expect(delivered.metadata.job_id).toBe(job.job_id);
  });

  it('warns when the output_save_url expiry cannot be read, and refuses a short window before sending', async () => {
    const { warnings } = await v2().createParseJob({ ...(await doc(1)), output_save_url: `${holder.emulator.url}/__storage/plain.json` });
    expect(warnings[0]).toMatch(/could not be read/);
    const short = presignedStorageUrl(holder.emulator, 'short.json', 600);
    const error = await caught(v2().createParseJob({ ...(await doc(1)), output_save_url: short }));
    expect(error.code).toBe('output_save_url_too_short');
    expect(error.message).toMatch(/15 min 3 s/);
    expect(requestsTo(holder.emulator, '/v2/parse/jobs')).toBe(1);
  });

  it('reports a failed job with error {code, message} and failure_reason in the list', async () => {
    await armFault(holder.emulator, { fault: { kind: 'failJob', code: 'document_unreadable', message: 'The scan is blank.' } });
    const { job } = await v2().createParseJob(await doc(1));
    const failed = await until(
      () => v2().getParseJob(job.job_id),
      (p) => p.status === 'failed',
    );
    expect(failed.error).toEqual({ code: 'document_unreadable', message: 'The scan is blank.' });
    expect(failed.result).toBeNull();
    const list = await v2().listParseJobs({ status: 'failed' });
    expect(list.jobs).toEqual([expect.objectContaining({ job_id: job.job_id, status: 'failed', failure_reason: 'The scan is blank.' })]);
  });

  it('may already be completed when the create response arrives', async () => {
    await armFault(holder.emulator, { fault: { kind: 'slowJob', pendingMs: 0, processingMs: 0 } });
    const { job } = await v2().createParseJob(await doc(1));
    expect(job.status).toBe('completed');
  });

  it("lists newest first, paginated, filtered by status, only the caller's jobs", async () => {
    await armFault(holder.emulator, { fault: { kind: 'slowJob', pendingMs: 0, processingMs: 0 }, times: 3 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await v2().createParseJob(await doc(1))).job.job_id);
    await armFault(holder.emulator, { fault: { kind: 'slowJob', pendingMs: 60_000, processingMs: 0 } });
    const pending = (await v2().createParseJob(await doc(1))).job.job_id;
    await v2(KEYS.v2Other).createParseJob(await doc(1));

    const first = await v2().listParseJobs({ page: 0, pageSize: 3 });
    expect(first).toMatchObject({ page: 0, page_size: 3, has_more: true });
    expect(first.jobs.map((j) => j.job_id)).toEqual([pending, ids[2], ids[1]]);
    const second = await v2().listParseJobs({ page: 1, pageSize: 3 });
    expect(second).toMatchObject({ page: 1, has_more: false });
    expect(second.jobs.map((j) => j.job_id)).toEqual([ids[0]]);
    expect((await v2().listParseJobs({ status: 'pending' })).jobs.map((j) => j.job_id)).toEqual([pending]);
    expect((await v2().listParseJobs({ status: 'completed' })).jobs).toHaveLength(3);
    expect((await v2(KEYS.v2Other).listParseJobs()).jobs).toHaveLength(1);
    expect(await caught(v2(KEYS.v2Other).getParseJob(ids[0]!))).toMatchObject({ code: 'not_found', status: 404 });
    const row = first.jobs[1]!;
    expect(row).toMatchObject({ status: 'completed', model_version: 'dpt-3-pro-20251103' });
    expect(row.completed_at).toBeTruthy();
  });

  it.each([
    ['a plain UUID', randomUUID()],
    ['an upper-case UUID', randomUUID().toUpperCase()],
    ['a prefixed older id', 'job_4f2a9c0d11'],
  ])('accepts an older job id: %s', async (_name, jobId) => {
    await fetch(`${holder.emulator.url}/__control/jobs`, {
      method: 'POST',
      body: JSON.stringify({ key: KEYS.v2, service: 'parse', job_id: jobId }),
    });
    const poll = await v2().getParseJob(jobId);
    expect(poll.status).toBe('completed');
    expect(poll.result?.metadata.job_id).toBe(jobId);
    expect((await v2().listParseJobs()).jobs.map((j) => j.job_id)).toContain(jobId);
  });

  it.each([
    ['an empty id', '', 'invalid_job_id'],
    ['a path', '../secrets', 'invalid_job_id'],
    ['an extract id on the parse path', 'extract-01jbcdefghjkmnpqrstvwxyz01', 'invalid_job_id'],
  ])('refuses %s before sending', async (_name, jobId, code) => {
    expect((await caught(v2().getParseJob(jobId))).code).toBe(code);
    expect(holder.emulator.requests).toHaveLength(0);
  });

  it.each([
    ['pageSize 0', { pageSize: 0 }],
    ['pageSize 101', { pageSize: 101 }],
    ['page -1', { page: -1 }],
    ['page 1.5', { page: 1.5 }],
  ])('refuses a list query with %s before sending', async (_name, query) => {
    expect((await caught(v2().listParseJobs(query))).code).toBe('validation_error');
    expect(holder.emulator.requests).toHaveLength(0);
  });
});
