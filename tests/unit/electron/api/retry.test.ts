import { describe, expect, it } from 'vitest';
import { backoffMs, DEFAULT_RETRY_POLICY, retryAfterMs, systemClock } from '../../../../electron/api/retry.js';
import { V2Client } from '../../../../electron/api/v2Client.js';
import { endpointFor } from '../../../../electron/api/clientEndpoint.js';
import { callService } from '../../../../electron/api/serviceCall.js';
import { armFault, caught, credential, KEYS, recordingClock, requestsTo, useEmulator } from '../../../support/emulatorHarness.js';

const holder = useEmulator();
const LIST = '/v2/parse/jobs';

function client(clock = recordingClock(), policy = {}) {
  const v2 = new V2Client({ credential: credential('v2', holder.emulator.url, KEYS.v2), retry: { clock, policy } });
  return { v2, clock };
}

describe('Retry-After and backoff arithmetic', () => {
  it('reads delta-seconds and HTTP dates', () => {
    const now = Date.UTC(2025, 0, 1, 0, 0, 0);
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it('grows exponentially with jitter and is capped', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect([1, 2, 3].map((a) => backoffMs(a, policy, 0))).toEqual([50, 100, 200]);
    expect(backoffMs(3, policy, 1)).toBe(400);
    expect(backoffMs(10, policy, 1)).toBe(1000);
  });
});

describe('retries through the clients against the emulator', () => {
  it.each([
    ['429 with Retry-After seconds', { kind: 'status', status: 429, retryAfter: '7' }, [7000]],
    ['503 with Retry-After seconds', { kind: 'status', status: 503, retryAfter: '2' }, [2000]],
    ['503 without Retry-After (backoff)', { kind: 'status', status: 503 }, [375]],
    ['a dropped connection', { kind: 'drop' }, [375]],
  ] as const)('retries %s, then succeeds', async (_name, fault, waits) => {
    await armFault(holder.emulator, { fault, match: { path: LIST } });
    const { v2, clock } = client();
    const list = await v2.listParseJobs({ pageSize: 1 });
    expect(list.jobs).toEqual([]);
    expect(clock.waits).toEqual(waits);
    expect(requestsTo(holder.emulator, LIST)).toBe(2);
  });

  it('honours a Retry-After HTTP date', async () => {
    const at = new Date(Date.now() + 5_000).toUTCString();
    await armFault(holder.emulator, { fault: { kind: 'status', status: 429, retryAfter: at }, match: { path: LIST } });
    const { v2, clock } = client();
    await v2.listParseJobs();
    expect(clock.waits[0]).toBeGreaterThan(3_000);
    expect(clock.waits[0]).toBeLessThanOrEqual(5_000);
  });

  it('gives up after the attempt budget with the service error', async () => {
    await armFault(holder.emulator, { fault: { kind: 'status', status: 429, retryAfter: '1' }, match: { path: LIST }, times: 10 });
    const { v2, clock } = client(recordingClock(), { maxAttempts: 3 });
    const error = await caught(v2.listParseJobs());
    expect(error).toMatchObject({ code: 'rate_limit_exceeded', status: 429 });
    expect(error.hint).toMatch(/after 3 attempts/);
    expect(clock.waits).toEqual([1000, 1000]);
    expect(requestsTo(holder.emulator, LIST)).toBe(3);
  });

  it('retries only the statuses its policy names: a 503 is answered at once when only 429 is retried', async () => {
    await armFault(holder.emulator, { fault: { kind: 'status', status: 503, retryAfter: '1' }, match: { path: LIST } });
    const { v2, clock } = client(recordingClock(), { retryStatuses: new Set([429]) });
    expect(await caught(v2.listParseJobs())).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(clock.waits).toEqual([]);
    await armFault(holder.emulator, { fault: { kind: 'status', status: 429, retryAfter: '1' }, match: { path: LIST } });
    await v2.listParseJobs();
    expect(clock.waits).toEqual([1000]);
    expect(requestsTo(holder.emulator, LIST)).toBe(3);
  });

  it('gives up when the next wait would pass the total time budget', async () => {
    await armFault(holder.emulator, { fault: { kind: 'status', status: 503, retryAfter: '3600' }, match: { path: LIST }, times: 10 });
    const { v2, clock } = client(recordingClock(), { maxTotalMs: 60_000 });
    const error = await caught(v2.listParseJobs());
    expect(error).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(clock.waits).toEqual([]);
    expect(requestsTo(holder.emulator, LIST)).toBe(1);
  });

  it('asks before every attempt (a batch takes its slot there), hears each attempt that got no answer, and stops when told to', async () => {
    const events: string[] = [];
    const clock = recordingClock();
    const v2 = new V2Client({
      credential: credential('v2', holder.emulator.url, KEYS.v2),
      retry: {
        clock,
        beforeAttempt: async () => void events.push(`before ${requestsTo(holder.emulator, LIST) + 1}`),
        onNoAnswer: () => void events.push('no answer'),
      },
    });
    await armFault(holder.emulator, { fault: { kind: 'drop' }, match: { path: LIST }, times: 1 });
    await v2.listParseJobs();
    expect(events).toEqual(['before 1', 'no answer', 'before 2']);
    events.length = 0;
    await armFault(holder.emulator, { fault: { kind: 'status', status: 429, retryAfter: '0' }, match: { path: LIST }, times: 1 });
    await v2.listParseJobs();
    expect(events).toEqual(['before 3', 'before 4']); // an answer (429): heard by the policy, not a lost attempt

    const stopped = new V2Client({
      credential: credential('v2', holder.emulator.url, KEYS.v2),
      retry: { clock, beforeAttempt: async () => Promise.reject(new Error('paused')) },
    });
    const before = requestsTo(holder.emulator, LIST);
    await expect(stopped.listParseJobs()).rejects.toThrow('paused');
    expect(requestsTo(holder.emulator, LIST)).toBe(before);
  });

  it('gives up on connections that keep dropping', async () => {
    await armFault(holder.emulator, { fault: { kind: 'drop' }, match: { path: LIST }, times: 10 });
    const { v2 } = client(recordingClock(), { maxAttempts: 2 });
    const error = await caught(v2.listParseJobs());
    expect(error.code).toBe('connection_reset');
    expect(error.hint).toMatch(/Gave up after 2 attempts/);
    expect(requestsTo(holder.emulator, LIST)).toBe(2);
  });

  it.each([
    ['422', { kind: 'status', status: 422 }, 'validation_error'],
    ['500', { kind: 'status', status: 500 }, 'internal_error'],
  ] as const)('never retries %s', async (_name, fault, code) => {
    await armFault(holder.emulator, { fault, match: { path: LIST } });
    const { v2, clock } = client();
    expect((await caught(v2.listParseJobs())).code).toBe(code);
    expect(clock.waits).toEqual([]);
    expect(requestsTo(holder.emulator, LIST)).toBe(1);
  });

  it('does not retry a real 422 from the service', async () => {
    const clock = recordingClock();
    const endpoint = endpointFor({ credential: credential('v2', holder.emulator.url, KEYS.v2), retry: { clock } });
    const error = await caught(callService(endpoint, { method: 'GET', path: LIST, query: { pageSize: 0 } }));
    expect(error).toMatchObject({ code: 'validation_error', status: 422 });
    expect(clock.waits).toEqual([]);
    expect(requestsTo(holder.emulator, LIST)).toBe(1);
  });
});

describe('cancellation', () => {
  it('aborts a request in flight', async () => {
    await armFault(holder.emulator, { fault: { kind: 'latency', ms: 3_000 }, match: { path: LIST } });
    const { v2 } = client();
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 100);
    const error = await caught(v2.listParseJobs({}, { signal: controller.signal }));
    expect(error.code).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('aborts during a backoff wait', async () => {
    await armFault(holder.emulator, { fault: { kind: 'status', status: 429, retryAfter: '30' }, match: { path: LIST } });
    const v2 = new V2Client({ credential: credential('v2', holder.emulator.url, KEYS.v2), retry: { clock: systemClock } });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 150);
    const error = await caught(v2.listParseJobs({}, { signal: controller.signal }));
    expect(error.code).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(requestsTo(holder.emulator, LIST)).toBe(1);
  });

  it('times out a slow answer', async () => {
    await armFault(holder.emulator, { fault: { kind: 'latency', ms: 2_000 }, match: { path: LIST } });
    const { v2 } = client();
    expect((await caught(v2.listParseJobs({}, { timeoutMs: 100 }))).code).toBe('timeout');
  });
});
