import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { useServiceHealth } from '../../../../renderer/state/serviceHealthStore.js';
import type { AppEvent } from '../../../../shared/events.js';
import type { GroundworkApi } from '../../../../shared/ipc/table.js';
import type { JobRow } from '../../../../shared/jobs.js';
import { openRendererWindow, type RendererBridge } from '../../../support/rendererBridge.js';

// Which services the app shows as unreachable: read from the job records at start, then kept
// from main's 'service' events, which always win over a reading of the records.
let bridge: RendererBridge;
let store: typeof useServiceHealth;
const listeners: Array<(event: AppEvent) => void> = [];
/** The job records `jobs:local` answers with (the real services have none that failed to poll). */
let records: JobRow[] = [];
/** When set, `jobs:local` answers once this settles. */
let recordsGate: Promise<void> | null = null;

const ORIGIN = 'https://api.example.test';
const record = (jobId: string, status: string, unreachableSince: string | null, resultId: string | null = null) =>
  ({ jobId, service: 'parse', status, local: { resultId, problem: null, unreachableSince } }) as unknown as JobRow;
const emit = (event: AppEvent) => listeners.forEach((listener) => listener(event));

beforeAll(async () => {
  const withRecords = (api: GroundworkApi): GroundworkApi => ({
    ...api,
    events: { subscribe: (listener) => (listeners.push(listener), api.events.subscribe(listener)) },
    jobs: {
      ...api.jobs,
      local: async () => {
        await recordsGate;
        return { ok: true, value: { rows: records, unsure: [] } };
      },
    },
  });
  bridge = await openRendererWindow(withRecords);
});

afterAll(async () => {
  await bridge?.close();
});

// Each test is a new window: the store has not heard from main yet.
beforeEach(async () => {
  listeners.length = 0;
  records = [];
  recordsGate = null;
  vi.resetModules();
  store = (await import('../../../../renderer/state/serviceHealthStore.js')).useServiceHealth;
});

describe('service health store', () => {
  it("at start, the earliest outage of a job still running is the services' state; settled jobs do not count", async () => {
    records = [
      record('a', 'processing', '2026-03-02T10:00:00Z'),
      record('b', 'processing', '2026-03-01T09:00:00Z', null),
      record('c', 'completed', '2026-02-01T00:00:00Z', 'result-c'),
      record('d', 'processing', null),
    ];
    await store.getState().load();
    expect(store.getState().unreachable).toEqual({ 'job records': '2026-03-01T09:00:00Z' });
  });

  it("main's event replaces the records' reading, and the service answering again clears it", async () => {
    records = [record('a', 'processing', '2026-03-02T10:00:00Z')];
    await store.getState().load();
    emit({ type: 'service', origin: ORIGIN, unreachableSince: '2026-03-02T11:00:00Z' });
    expect(store.getState().unreachable).toEqual({ [ORIGIN]: '2026-03-02T11:00:00Z' });
    emit({ type: 'service', origin: 'https://other.example.test', unreachableSince: '2026-03-02T12:00:00Z' });
    emit({ type: 'service', origin: ORIGIN, unreachableSince: null });
    expect(store.getState().unreachable).toEqual({ 'https://other.example.test': '2026-03-02T12:00:00Z' });
  });

  it('a reading of the records that lands after main spoke is dropped', async () => {
    records = [record('a', 'processing', '2026-03-02T10:00:00Z')];
    let release!: () => void;
    recordsGate = new Promise((resolve) => (release = resolve));
    const loading = store.getState().load();
    emit({ type: 'service', origin: ORIGIN, unreachableSince: null });
    release();
    await loading;
    expect(store.getState().unreachable).toEqual({});
  });

  it('a job that moves while only the records spoke has them read again', async () => {
    records = [record('a', 'processing', '2026-03-02T10:00:00Z')];
    await store.getState().load();
    records = [record('a', 'completed', '2026-03-02T10:00:00Z', 'result-a')];
    emit({ type: 'job', job: {} as never });
    await vi.waitFor(() => expect(store.getState().unreachable).toEqual({}));
  });
});
