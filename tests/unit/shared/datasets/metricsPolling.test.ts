import { describe, expect, it } from 'vitest';
import { METRICS_POLL, metricsPollDelay, trainingState } from '../../../../shared/datasets/metricsPolling.js';

describe('metrics polling backoff (v1.training.metrics-pending)', () => {
  it('waits 2 s, then 1.5 times longer each check, never more than 30 s', () => {
    const schedule = Array.from({ length: 10 }, (_, i) => metricsPollDelay(i));
    expect(schedule).toEqual([2000, 3000, 4500, 6750, 10125, 15188, 22781, 30000, 30000, 30000]);
    expect(metricsPollDelay(1000)).toBe(METRICS_POLL.maxMs);
  });

  it('treats odd attempt numbers as the first check', () => {
    expect(metricsPollDelay(-3)).toBe(2000);
    expect(metricsPollDelay(1.7)).toBe(3000);
  });

  it('a run waits until at least one split of metrics came', () => {
    expect(trainingState({})).toBe('waiting');
    expect(trainingState({ metrics: [] })).toBe('waiting');
    expect(trainingState({ metrics: [{ name: 'train', classes: [], metrics: [] }] })).toBe('ready');
  });
});
