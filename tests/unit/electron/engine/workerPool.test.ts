import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParseResponse } from '../../../../shared/contracts/v2Parse.js';
import { parseLocally } from '../../../../electron/engine/localEngine.js';
import { endIdleEngineWorkers, idleEngineWorkers } from '../../../../electron/engine/workerPool.js';

// A worker that answered its task is kept warm for the next one; one that was stopped, or
// that was given a password, is never used again. The scripted worker names its thread.
const scripted = fileURLToPath(new URL('./fakeWorkers/scripted.mjs', import.meta.url));
const NO_BYTES = new Uint8Array(0);
const threadOf = (response: ParseResponse) => (response.metadata as unknown as { thread: number }).thread;
const parse = (options: object, hooks: Parameters<typeof parseLocally>[2] = {}) =>
  parseLocally(
    NO_BYTES,
    { pages: 2, script: {}, ...options },
    { workerPath: scripted, limits: { pageBudgetMs: 200, stuckGraceMs: 300 }, ...hooks },
  );

afterEach(async () => {
  await endIdleEngineWorkers();
  expect(idleEngineWorkers()).toBe(0);
});

describe('engine workers kept between tasks', () => {
  it('the worker that answered serves the next task', async () => {
    const first = await parse({});
    expect(idleEngineWorkers()).toBe(1);
    const second = await parse({ pages: 3 });
    expect(threadOf(second)).toBe(threadOf(first));
    expect(second.structure.children).toHaveLength(3);
  });

  it('a worker stopped on a stuck page is not used again; its restart and the next task get new threads', async () => {
    const kept = await parse({});
    const stuck = await parse({ pages: 3, script: { 2: 'hang' } });
    expect(stuck.metadata.failed_pages).toEqual([2]);
    // The kept worker hung and was ended; the restart ran in a new thread, which is kept in turn.
    expect(threadOf(stuck)).not.toBe(threadOf(kept));
    expect(threadOf(await parse({}))).toBe(threadOf(stuck));
  });

  it('a cancelled task ends its worker', async () => {
    const kept = await parse({});
    const controller = new AbortController();
    await expect(
      parse({ pages: 3, script: { 2: 'slow' } }, { signal: controller.signal, onProgress: () => controller.abort() }),
    ).rejects.toMatchObject({ code: 'cancelled' });
    expect(idleEngineWorkers()).toBe(0);
    expect(threadOf(await parse({}))).not.toBe(threadOf(kept));
  });

  it('a worker given a password is ended with its task', async () => {
    const first = await parse({}, { password: 'secret' });
    expect(idleEngineWorkers()).toBe(0);
    expect(threadOf(await parse({}))).not.toBe(threadOf(first));
  });

  it('a kept worker that ends while it waits is dropped', async () => {
    const died = await parse({ exitAfter: true });
    await vi.waitFor(() => expect(idleEngineWorkers()).toBe(0));
    expect(threadOf(await parse({}))).not.toBe(threadOf(died));
  });
});
