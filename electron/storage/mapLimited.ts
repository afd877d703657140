/**
 * `Promise.all(items.map(task))` with at most `limit` tasks under way: reading 25,000 small
 * files all at once runs out of file handles (EMFILE), and a listing would skip the rest.
 */
export async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
