import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroundworkApi } from '../../../../shared/ipc/table.js';
import type { JobRow } from '../../../../shared/jobs.js';
import type { useJobsStore } from '../../../../renderer/jobs/jobsStore.js';
import { DEMO_KEYS } from '../../../emulator/keys.js';
import { startEmulator, type Emulator } from '../../../emulator/server.js';
import { openRendererWindow, type RendererBridge } from '../../../support/rendererBridge.js';

// The Jobs screen's store against the real services and the emulator: a job's details that
// come late never replace what the user opened since.
let bridge: RendererBridge;
let emulator: Emulator;
let store: typeof useJobsStore;
/** Job ids whose detail answer waits until released. */
const slow = new Map<string, Promise<void>>();
/** Services whose listing answer waits until released. */
const slowLists = new Map<string, Promise<void>>();

beforeAll(async () => {
  emulator = await startEmulator();
  // Details of the jobs in `slow` come late.
  const withSlowDetails = ({ jobs, ...api }: GroundworkApi): GroundworkApi => ({
    ...api,
    jobs: {
      ...jobs,
      detail: async (request) => {
        const answer = await jobs.detail(request);
        await slow.get((request as { jobId: string }).jobId);
        return answer;
      },
      list: async (request) => {
        const answer = await jobs.list(request);
        await slowLists.get((request as { service: string }).service);
        return answer;
      },
    },
  });
  bridge = await openRendererWindow(withSlowDetails);
  await bridge.services.keys.add({ name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  store = (await import('../../../../renderer/jobs/jobsStore.js')).useJobsStore;
});

afterAll(async () => {
  await bridge?.close();
  await emulator?.close();
});

/** A parse job made straight on the emulator (as another machine would). */
async function createJobOnService(title: string): Promise<string> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.addPage([300, 400]);
  const form = new FormData();
  form.set('document', new Blob([new Uint8Array(await doc.save())]), `${title}.pdf`);
  const response = await fetch(`${emulator.url}/v2/parse/jobs`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${DEMO_KEYS.v2[0]!}` },
  });
  if (response.status !== 202) throw new Error(`create answered ${response.status}`);
  return ((await response.json()) as { job_id: string }).job_id;
}

const row = (jobId: string): JobRow => ({
  jobId,
  service: 'parse',
  status: 'completed',
  createdAt: null,
  completedAt: null,
  modelVersion: null,
  failureReason: null,
  idFormat: 'current',
  local: null,
});

describe('jobs store: open a job by id', () => {
  it('a late answer is dropped when the user opened another job meanwhile', async () => {
    const first = await createJobOnService('first');
    const second = await createJobOnService('second');
    let release!: () => void;
    slow.set(first, new Promise<void>((resolve) => (release = resolve)));
    const late = store.getState().openById('parse', first);
    await store.getState().showDetail(row(second));
    expect(store.getState().detail?.row.jobId).toBe(second);
    release();
    await late;
    expect(store.getState().detail?.row.jobId).toBe(second);
    expect(store.getState().error).toBeNull();
  });

  it('a late answer does not reopen a panel the user closed or paged away from', async () => {
    const job = await createJobOnService('third');
    let release!: () => void;
    slow.set(job, new Promise<void>((resolve) => (release = resolve)));
    const late = store.getState().openById('parse', job);
    await store.getState().goToPage(0);
    release();
    await late;
    expect(store.getState().detail).toBeNull();
  });

  it("a list row's late details are dropped too when another row was opened since", async () => {
    const first = await createJobOnService('fifth');
    const second = await createJobOnService('sixth');
    let release!: () => void;
    slow.set(first, new Promise<void>((resolve) => (release = resolve)));
    const late = store.getState().showDetail(row(first));
    await store.getState().showDetail(row(second));
    release();
    await late;
    expect(store.getState().detail?.row.jobId).toBe(second);
  });

  it('an answer still current is shown', async () => {
    const job = await createJobOnService('fourth');
    await store.getState().openById('parse', job);
    expect(store.getState().detail?.row.jobId).toBe(job);
  });
});

describe('jobs store: the service list', () => {
  it('a listing that answers late never replaces the one the user asked for since', async () => {
    const parseJob = await createJobOnService('listed late');
    let release = () => {};
    slowLists.set('parse', new Promise<void>((resolve) => (release = resolve)));
    const late = store.getState().setQuery({ service: 'parse' });
    await store.getState().setQuery({ service: 'extract' });
    expect(store.getState().rows.every((r) => r.service === 'extract')).toBe(true);
    release();
    await late;
    slowLists.clear();
    const { rows, service, loading } = store.getState();
    expect(service).toBe('extract');
    expect(rows.some((r) => r.jobId === parseJob)).toBe(false);
    expect(rows.every((r) => r.service === 'extract')).toBe(true);
    expect(loading).toBe(false);
    // Asked again for parse jobs, the list has them.
    await store.getState().setQuery({ service: 'parse' });
    expect(store.getState().rows.some((r) => r.jobId === parseJob)).toBe(true);
  });
});
