/**
 * Two lists aligned by content, as a diff aligns lines: an item inserted at the front is one
 * item only in B, and every item after it keeps its true partner. Items are paired in order by
 * dynamic programming: as many exactly equal pairs as can be (a longest common subsequence),
 * then as much likeness as can be among alike pairs (similarity at least LIKE); items left over are then paired when exactly equal wherever they stand (moved),
 * and what is still left between two pairs is paired by position (an item edited past
 * likeness, in its place). The rest stands alone.
 */

/** Two items at least this alike (0–1) are partners: most of their values the same. */
export const LIKE = 0.5;

/** Past this many item pairs the lists are aligned only at their equal ends, the middle by position. */
export const MAX_ALIGN_CELLS = 250_000;

export interface Pair {
  /** Index in A, or null: only in B. */
  a: number | null;
  /** Index in B, or null: only in A. */
  b: number | null;
}

/**
 * Pairs of A's and B's indices, in order (by A's, then B's only-in-B items where they stand).
 * `similarity(i, j)` says how alike A[i] and B[j] are, 1 for equal.
 */
export function alignItems(n: number, m: number, similarity: (i: number, j: number) => number): Pair[] {
  const partnerOfA = new Array<number>(n).fill(-1);
  let start = 0;
  while (start < n && start < m && similarity(start, start) === 1) partnerOfA[start] = start++;
  let endA = n;
  let endB = m;
  while (endA > start && endB > start && similarity(endA - 1, endB - 1) === 1) partnerOfA[--endA] = --endB;
  const rows = endA - start;
  const cols = endB - start;
  if (rows * cols <= MAX_ALIGN_CELLS) alignMiddle(start, endA, start, endB, similarity, partnerOfA);
  pairMoved(n, m, similarity, partnerOfA);
  pairInGaps(n, m, partnerOfA);
  return pairsOf(n, m, partnerOfA);
}

/** The best-scoring order-keeping pairing of A[a0..a1) with B[b0..b1): a pair scores its similarity when at least LIKE. */
function alignMiddle(
  a0: number,
  a1: number,
  b0: number,
  b1: number,
  similarity: (i: number, j: number) => number,
  partnerOfA: number[],
): void {
  const rows = a1 - a0;
  const cols = b1 - b0;
  const width = cols + 1;
  const score = new Float64Array((rows + 1) * width);
  const like = new Float64Array(rows * cols);
  // An equal pair outweighs any number of merely alike ones, so two swapped items stay each with its equal.
  const exact = Math.min(rows, cols) + 1;
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = cols - 1; j >= 0; j--) {
      const s = similarity(a0 + i, b0 + j);
      like[i * cols + j] = s === 1 ? exact : s >= LIKE ? s : 0;
      const take = like[i * cols + j]! > 0 ? like[i * cols + j]! + score[(i + 1) * width + j + 1]! : 0;
      score[i * width + j] = Math.max(take, score[(i + 1) * width + j]!, score[i * width + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < rows && j < cols) {
    const here = score[i * width + j]!;
    const s = like[i * cols + j]!;
    if (s > 0 && here === s + score[(i + 1) * width + j + 1]!) {
      partnerOfA[a0 + i] = b0 + j;
      i++;
      j++;
    } else if (here === score[(i + 1) * width + j]!) i++;
    else j++;
  }
}

/** Items left over that are exactly equal to one left over on the other side: moved, so partners. */
function pairMoved(n: number, m: number, similarity: (i: number, j: number) => number, partnerOfA: number[]): void {
  const takenB = new Set(partnerOfA.filter((j) => j >= 0));
  const freeB: number[] = [];
  for (let j = 0; j < m; j++) if (!takenB.has(j)) freeB.push(j);
  if (freeB.length === 0 || (n - takenB.size) * freeB.length > MAX_ALIGN_CELLS) return;
  for (let i = 0; i < n; i++) {
    if (partnerOfA[i]! >= 0) continue;
    const k = freeB.findIndex((j) => similarity(i, j) === 1);
    if (k >= 0) partnerOfA[i] = freeB.splice(k, 1)[0]!;
  }
}

/** Between two ordered pairs (moved pairs do not count as bounds), left-over items paired by position. */
function pairInGaps(n: number, m: number, partnerOfA: number[]): void {
  const takenB = new Set(partnerOfA.filter((j) => j >= 0));
  let lastB = -1;
  let i = 0;
  while (i < n) {
    if (partnerOfA[i]! >= 0 && partnerOfA[i]! > lastB) {
      lastB = partnerOfA[i]!;
      i++;
      continue;
    }
    // A run of A items with no ordered partner; B's free items up to the next ordered pair are its gap.
    let end = i;
    while (end < n && !(partnerOfA[end]! >= 0 && partnerOfA[end]! > lastB)) end++;
    const nextB = end < n ? partnerOfA[end]! : m;
    let j = lastB + 1;
    for (let k = i; k < end; k++) {
      if (partnerOfA[k]! >= 0) continue;
      while (j < nextB && takenB.has(j)) j++;
      if (j >= nextB) break;
      partnerOfA[k] = j;
      takenB.add(j++);
    }
    i = end;
  }
}

function pairsOf(n: number, m: number, partnerOfA: number[]): Pair[] {
  const partnered = new Set(partnerOfA.filter((j) => j >= 0));
  const out: Pair[] = [];
  let nextB = 0;
  const flushB = (upTo: number) => {
    for (; nextB < upTo; nextB++) if (!partnered.has(nextB)) out.push({ a: null, b: nextB });
  };
  for (let i = 0; i < n; i++) {
    const j = partnerOfA[i]!;
    if (j >= 0) flushB(j);
    out.push({ a: i, b: j >= 0 ? j : null });
  }
  flushB(m);
  return out;
}
