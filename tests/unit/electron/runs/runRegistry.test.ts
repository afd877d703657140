import { describe, expect, it } from 'vitest';
import { RunRegistry } from '../../../../electron/runs/runRegistry.js';

const RUN = '0b6c7a4e-1f2d-4c3b-8a9e-5d6f7a8b9c0d';

/** Work that waits until its signal is aborted, then says so. */
const untilCancelled = (signal?: AbortSignal) =>
  new Promise<string>((resolve) => signal?.addEventListener('abort', () => resolve('cancelled'), { once: true }));

describe('runs the renderer can cancel', () => {
  it('a run named by the request is registered: Cancel reaches it, and its id is taken while it goes', async () => {
    const runs = new RunRegistry();
    const going = runs.runIfNamed(RUN, untilCancelled);
    await expect(runs.run(RUN, async () => 'second')).rejects.toMatchObject({ code: 'run_exists' });
    expect(runs.cancel(RUN)).toBe(true);
    expect(await going).toBe('cancelled');
    expect(runs.cancel(RUN)).toBe(false);
  });

  it('a cancel that comes before its run (the two requests crossed) stops that run as it starts, and only that one', async () => {
    const runs = new RunRegistry();
    expect(runs.cancel(RUN)).toBe(false);
    let started = false;
    await expect(
      runs.run(RUN, async () => {
        started = true;
        return 'ran';
      }),
    ).rejects.toMatchObject({ code: 'cancelled' });
    expect(started).toBe(false);
    // Remembered for one start: the id runs after that, and no other id was held back.
    expect(await runs.run(RUN, async () => 'ran')).toBe('ran');
    expect(await runs.run('another-run', async () => 'ran')).toBe('ran');
  });

  it('a run stopped while it waited on a request says it was cancelled and what that means, whatever the request threw', async () => {
    const runs = new RunRegistry();
    const going = runs.run(
      RUN,
      (signal) =>
        new Promise<string>((_, reject) =>
          signal.addEventListener('abort', () => reject(new Error('The operation was aborted.')), { once: true }),
        ),
    );
    runs.cancel(RUN);
    await expect(going).rejects.toMatchObject({
      code: 'cancelled',
      message: 'The run was cancelled; nothing was stored.',
      hint: expect.stringContaining('may already have done, and charged for'),
    });
    // A run on this computer (the offline engine) sent nothing and was charged nothing: its cancel says so.
    const local = runs.run('local-run', (signal) => new Promise<string>((_, reject) => signal.addEventListener('abort', reject)), 'local');
    runs.cancel('local-run');
    const localCancel = await local.catch((error: unknown) => error);
    expect(localCancel).toMatchObject({ code: 'cancelled', hint: expect.stringContaining('nothing was sent or charged') });
    expect((localCancel as { hint: string }).hint).not.toContain('cloud');
    // A failure of its own, not a cancel, is told as it is.
    await expect(runs.run(RUN, async () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
  });

  it('early cancels are bounded: the oldest of more than a thousand is forgotten', async () => {
    const runs = new RunRegistry();
    runs.cancel('first');
    for (let i = 0; i < 1000; i++) runs.cancel(`run-${i}`);
    expect(await runs.run('first', async () => 'ran')).toBe('ran');
    await expect(runs.run('run-999', async () => 'ran')).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('work the request names no run for is done as it is, with no signal', async () => {
    const runs = new RunRegistry();
    expect(await runs.runIfNamed(undefined, async (signal) => (signal === undefined ? 'plain' : 'registered'))).toBe('plain');
  });
});
