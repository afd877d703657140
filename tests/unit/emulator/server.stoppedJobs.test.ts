import { describe, expect, it } from 'vitest';
import { armFault, KEYS, pdf, useEmulator } from '../../support/emulatorHarness.js';
import { call } from './emulatorCalls.js';

// v2.jobs.statuses, v2.jobs.cancelled-ends-job: the contract's job statuses are pending,
// processing, completed and failed; `cancelled` is retired. A job the service stops is
// `failed`, with an error, in its poll and in the lists.

const holder = useEmulator();
const stop = (jobId: string) => call(holder.emulator, 'POST', '/__control/jobs/cancel', { json: { job_id: jobId } });

async function slowJob(service: 'parse' | 'extract'): Promise<string> {
  await armFault(holder.emulator, { fault: { kind: 'slowJob', pendingMs: 5_000, processingMs: 5_000 } });
  const form = new FormData();
  form.set('document', new Blob([await pdf(1)]), 'a.pdf');
  const created =
    service === 'parse'
      ? await call(holder.emulator, 'POST', '/v2/parse/jobs', { key: KEYS.v2, form })
      : await call(holder.emulator, 'POST', '/v2/extract/jobs', { key: KEYS.v2, json: { schema: { type: 'object' }, markdown: 'x' } });
  expect(created.status).toBe(202);
  return String(created.json.job_id);
}

describe('a job the service stops', () => {
  it.each(['parse', 'extract'] as const)('%s: ends failed with an error, never the retired cancelled', async (service) => {
    const jobId = await slowJob(service);
    expect(await stop(jobId)).toMatchObject({ status: 200, json: { job_id: jobId, status: 'failed' } });

    const poll = await call(holder.emulator, 'GET', `/v2/${service}/jobs/${jobId}`, { key: KEYS.v2 });
    expect(poll).toMatchObject({
      status: 200,
      json: { status: 'failed', completed_at: expect.any(String), error: { code: 'cancelled_by_service', message: expect.any(String) } },
    });
    expect(poll.json.result).toBeUndefined();
    const failed = await call(holder.emulator, 'GET', `/v2/${service}/jobs?status=failed`, { key: KEYS.v2 });
    expect(failed.json.jobs).toEqual([expect.objectContaining({ job_id: jobId, status: 'failed', failure_reason: expect.any(String) })]);
    expect(JSON.stringify(holder.emulator.ctx.jobs.all().map((j) => j.status))).not.toContain('cancelled');
  });

  it('a stopped job stays failed when its timers run out, and a finished one cannot be stopped (409)', async () => {
    await armFault(holder.emulator, { fault: { kind: 'slowJob', pendingMs: 150, processingMs: 150 } });
    const form = new FormData();
    form.set('document', new Blob([await pdf(1)]), 'a.pdf');
    const jobId = String((await call(holder.emulator, 'POST', '/v2/parse/jobs', { key: KEYS.v2, form })).json.job_id);
    await stop(jobId);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const poll = await call(holder.emulator, 'GET', `/v2/parse/jobs/${jobId}`, { key: KEYS.v2 });
    expect(poll.json).toMatchObject({ status: 'failed', error: { code: 'cancelled_by_service' } });
    expect((await stop(jobId)).status).toBe(409);
  });
});
