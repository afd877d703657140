/**
 * Pending metadata changes on the media board: "these media get this value of this
 * metadata". Dropping more media on the same value merges; for a single-valued
 * metadata, giving a media another value moves it (the last drop wins), so the preview
 * always says exactly what apply will send.
 */
export interface PendingChange {
  name: string;
  value: string;
  mediaIds: number[];
}

export function addPending(
  changes: PendingChange[],
  name: string,
  value: string,
  mediaIds: number[],
  allowMultiple: boolean,
): PendingChange[] {
  const ids = new Set(mediaIds);
  if (ids.size === 0) return changes;
  const next: PendingChange[] = [];
  let merged = false;
  for (const change of changes) {
    if (change.name === name && change.value === value) {
      next.push({ ...change, mediaIds: sortedUnion(change.mediaIds, ids) });
      merged = true;
    } else if (change.name === name && !allowMultiple) {
      const rest = change.mediaIds.filter((id) => !ids.has(id));
      if (rest.length > 0) next.push({ ...change, mediaIds: rest });
    } else next.push(change);
  }
  if (!merged) next.push({ name, value, mediaIds: [...ids].sort((a, b) => a - b) });
  return next;
}

export function removePending(changes: PendingChange[], name: string, value: string, mediaId?: number): PendingChange[] {
  return changes
    .map((c) =>
      c.name === name && c.value === value ? { ...c, mediaIds: mediaId === undefined ? [] : c.mediaIds.filter((id) => id !== mediaId) } : c,
    )
    .filter((c) => c.mediaIds.length > 0);
}

/**
 * What is left pending once `sent` went out: each sent media drops out of the value it was
 * sent with; changes made while the apply ran stay.
 */
export function subtractPending(changes: PendingChange[], sent: PendingChange[]): PendingChange[] {
  const gone = new Set(sent.flatMap((c) => c.mediaIds.map((id) => JSON.stringify([c.name, c.value, id]))));
  return changes
    .map((c) => ({ ...c, mediaIds: c.mediaIds.filter((id) => !gone.has(JSON.stringify([c.name, c.value, id]))) }))
    .filter((c) => c.mediaIds.length > 0);
}

/** What each media will get: mediaId → [{name, value}]. */
export function pendingByMedia(changes: PendingChange[]): Map<number, { name: string; value: string }[]> {
  const map = new Map<number, { name: string; value: string }[]>();
  for (const change of changes) {
    for (const id of change.mediaIds) {
      const list = map.get(id) ?? [];
      list.push({ name: change.name, value: change.value });
      map.set(id, list);
    }
  }
  return map;
}

export function pendingMediaCount(changes: PendingChange[]): number {
  return pendingByMedia(changes).size;
}

function sortedUnion(a: number[], b: Set<number>): number[] {
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}

/** Splits ids into batches of at most `size`. */
export function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
