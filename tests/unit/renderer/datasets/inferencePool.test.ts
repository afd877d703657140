import { describe, expect, it } from 'vitest';
import { INFERENCE_CONCURRENCY, runPool } from '../../../../renderer/datasets/inferencePool.js';

/** Work that stays in flight until released by hand, recording how many run at once. */
function gatedWork() {
  const gates: (() => void)[] = [];
  const started: number[] = [];
  let running = 0;
  let most = 0;
  const work = (_item: string, index: number) =>
    new Promise<void>((resolve) => {
      started.push(index);
      most = Math.max(most, ++running);
      gates.push(() => {
        running--;
        resolve();
      });
    });
  const releaseOne = async () => {
    gates.shift()!();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { work, started, releaseOne, most: () => most, inFlight: () => gates.length };
}

describe('inference batch pool', () => {
  it('never has more than two images in flight, and runs every one in order', async () => {
    const g = gatedWork();
    const done = runPool(['a', 'b', 'c', 'd', 'e'], INFERENCE_CONCURRENCY, g.work, new AbortController().signal);
    expect(g.inFlight()).toBe(2);
    while (g.inFlight() > 0) await g.releaseOne();
    await done;
    expect(g.started).toEqual([0, 1, 2, 3, 4]);
    expect(g.most()).toBe(2);
  });

  it('cancel starts nothing new; the images already sent finish', async () => {
    const g = gatedWork();
    const cancel = new AbortController();
    const done = runPool(['a', 'b', 'c', 'd'], INFERENCE_CONCURRENCY, g.work, cancel.signal);
    await g.releaseOne(); // a done, c starts
    cancel.abort();
    while (g.inFlight() > 0) await g.releaseOne();
    await done;
    expect(g.started).toEqual([0, 1, 2]);
  });
});
