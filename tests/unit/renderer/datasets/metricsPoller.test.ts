import { describe, expect, it } from 'vitest';
import type { ProjectEntry, TrainingRecord } from '../../../../shared/datasets/registry.js';
import { AppError } from '../../../../shared/errors.js';
import { createMetricsPoller, type PollStatus } from '../../../../renderer/datasets/metricsPoller.js';
import { METRICS_POLL } from '../../../../shared/datasets/metricsPolling.js';

const SPLIT = { name: 'train', classes: [], metrics: [{ name: 'mAP', performance: 0.9, recall: 0.9, precision: 0.9 }] };

function project(trainings: TrainingRecord[]): ProjectEntry {
  return { id: 7, name: 'P', keyId: 'k', origin: 'created', addedAt: '', tags: [], metadata: [], media: [], trainings, exports: [] };
}

/** A poller on hand-driven timers: `fire()` runs the one pending timer and lets its check finish. */
function harness(answers: (() => Promise<ProjectEntry>)[]) {
  const timers: { run: () => void; ms: number }[] = [];
  const statuses: (PollStatus | null)[] = [];
  const asked: string[] = [];
  const poller = createMetricsPoller({
    fetchMetrics: (_projectId, trainingId) => {
      asked.push(trainingId);
      return answers.shift()!();
    },
    onProject: () => undefined,
    onStatus: (_id, status) => statuses.push(status),
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
  });
  const fire = async () => {
    timers.shift()!.run();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { poller, timers, statuses, asked, fire };
}

describe('metrics poller', () => {
  it('asks on the backoff until metrics come, then stops', async () => {
    const empty = () => Promise.resolve(project([{ id: 't', startedAt: '', request: {}, metrics: [] }]));
    const ready = () => Promise.resolve(project([{ id: 't', startedAt: '', request: {}, metrics: [SPLIT] }]));
    const h = harness([empty, empty, ready]);
    h.poller.watch(7, 't');
    h.poller.watch(7, 't'); // already watched: no second timer
    expect(h.timers.map((t) => t.ms)).toEqual([2000]);
    await h.fire();
    expect(h.timers.map((t) => t.ms)).toEqual([3000]);
    await h.fire();
    expect(h.timers.map((t) => t.ms)).toEqual([4500]);
    await h.fire();
    expect(h.timers).toEqual([]);
    expect(h.asked).toEqual(['t', 't', 't']);
    expect(h.statuses.at(-1)).toBeNull();
  });

  it('goes on after a busy service, stops (saying why) after a refusal', async () => {
    const busy = () => Promise.reject(new AppError({ code: 'service_unavailable', message: 'busy', status: 503 }));
    const gone = () => Promise.reject(new AppError({ code: 'not_found', message: 'Training t not found.', status: 404 }));
    const h = harness([busy, gone]);
    h.poller.watch(7, 't');
    await h.fire();
    expect(h.timers.map((t) => t.ms)).toEqual([3000]);
    expect(h.statuses.at(-1)).toMatchObject({ checks: 1, error: { status: 503 } });
    await h.fire();
    expect(h.timers).toEqual([]);
    expect(h.statuses.at(-1)).toMatchObject({ checks: 2, nextAt: null, error: { status: 404 } });
  });

  it('resumes every run still waiting in a loaded registry, and only those', () => {
    const h = harness([]);
    h.poller.watchWaiting({
      projects: [
        project([
          { id: 'waiting', startedAt: '', request: {} },
          { id: 'done', startedAt: '', request: {}, metrics: [SPLIT] },
        ]),
      ],
      settings: { tagTimeout: 60 },
      imageFolders: [],
    });
    expect(h.timers).toHaveLength(1);
    expect(h.statuses).toEqual([expect.objectContaining({ projectId: 7, checks: 0 })]);
  });

  const waiting = () => project([{ id: 't', startedAt: '', request: {}, metrics: [] }]);
  /** An answer the test releases by hand, to act while the check is in flight. */
  const held = () => {
    let release!: () => void;
    const answer = new Promise<ProjectEntry>((resolve) => (release = () => resolve(waiting())));
    return { answer: () => answer, release };
  };
  const settle = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };

  it('stopAll while a check is in flight: its answer does not re-arm a timer or report a status', async () => {
    const slow = held();
    const h = harness([slow.answer]);
    h.poller.watch(7, 't');
    h.timers.shift()!.run();
    h.poller.stopAll();
    expect(h.statuses.at(-1)).toBeNull();
    slow.release();
    await settle();
    expect(h.timers).toEqual([]);
    expect(h.statuses.at(-1)).toBeNull();
  });

  it('stopProject stops only that project’s runs', () => {
    const h = harness([]);
    h.poller.watch(7, 'a');
    h.poller.watch(8, 'b');
    h.poller.stopProject(7);
    expect(h.statuses.at(-1)).toBeNull();
    h.poller.watch(8, 'b'); // still watched: not restarted
    expect(h.statuses.filter((s) => s?.projectId === 8)).toHaveLength(1);
  });

  it('Check now during a background check joins it: one request, the backoff goes on from there', async () => {
    const slow = held();
    const h = harness([slow.answer]);
    h.poller.watch(7, 't');
    h.timers.shift()!.run();
    const joined = h.poller.checkNow(7, 't');
    h.poller.watch(7, 't'); // a registry load meanwhile: no second watch
    slow.release();
    await joined;
    await settle();
    expect(h.asked).toEqual(['t']);
    expect(h.timers.map((t) => t.ms)).toEqual([3000]);
  });

  it('a load does not reset a run already on its backoff', async () => {
    const h = harness([() => Promise.resolve(waiting())]);
    h.poller.watch(7, 't');
    await h.fire();
    h.poller.watch(7, 't');
    expect(h.timers.map((t) => t.ms)).toEqual([3000]);
  });

  it('errors without an HTTP status: the network is asked again, a disabled key or a bad answer stops', async () => {
    const fail = (code: string) => () => Promise.reject(new AppError({ code, message: code }));
    for (const code of ['network_error', 'timeout', 'connection_reset']) {
      const h = harness([fail(code)]);
      h.poller.watch(7, 't');
      await h.fire();
      expect(h.timers, code).toHaveLength(1);
    }
    for (const code of ['key_disabled', 'key_not_found', 'no_key', 'invalid_response']) {
      const h = harness([fail(code)]);
      h.poller.watch(7, 't');
      await h.fire();
      expect(h.timers, code).toEqual([]);
      expect(h.statuses.at(-1), code).toMatchObject({ nextAt: null, error: { code } });
    }
  });

  it('gives up after the bounded number of checks, saying so; Check now still asks once', async () => {
    const h = harness(Array.from({ length: METRICS_POLL.maxChecks + 1 }, () => () => Promise.resolve(waiting())));
    h.poller.watch(7, 't');
    for (let i = 0; i < METRICS_POLL.maxChecks; i++) await h.fire();
    expect(h.timers).toEqual([]);
    expect(h.statuses.at(-1)).toMatchObject({ checks: METRICS_POLL.maxChecks, nextAt: null, gaveUp: true });
    await h.poller.checkNow(7, 't');
    expect(h.asked).toHaveLength(METRICS_POLL.maxChecks + 1);
    expect(h.timers).toEqual([]);
  });

  it('a thrown non-AppError becomes an unexpected error with a hint', async () => {
    const h = harness([() => Promise.reject(new Error('boom'))]);
    h.poller.watch(7, 't');
    await h.fire();
    expect(h.statuses.at(-1)).toMatchObject({ nextAt: null, error: { code: 'unexpected', hint: expect.any(String) } });
  });
});
