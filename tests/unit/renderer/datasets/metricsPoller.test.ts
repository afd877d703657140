import { describe, expect, it } from 'vitest';
import type { ProjectEntry, TrainingRecord } from '../../../../shared/datasets/registry.js';
import { AppError } from '../../../../shared/errors.js';
import { createMetricsPoller, type PollStatus } from '../../../../renderer/datasets/metricsPoller.js';

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
});
