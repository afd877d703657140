/** Images sent at once in a batch: a deployment endpoint is one model server, not a fleet. */
export const INFERENCE_CONCURRENCY = 2;
/** At most this many images in one batch: each is held in memory until the batch is cleared. */
export const MAX_BATCH_IMAGES = 100;

/**
 * Runs `work` over the items, at most `concurrency` at a time, in order. Once `signal` aborts
 * no further item starts; the ones already sent finish. `work` reports its own failures (it
 * must not throw), so one bad image never stops the rest.
 */
export async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (!signal.aborted && next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(0, Math.min(concurrency, items.length)) }, worker));
}
