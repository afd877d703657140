/**
 * Two lists aligned by content, as a diff aligns lines: an item inserted at the front is one
 * item only in B, and every item after it keeps its true partner. Exactly equal items (same
 * key) are matched first, as patience diff matches lines: equal ends, then keys found once on
 * each side kept in order (a longest increasing run), and so on inside each gap they leave —
 * linear-ish work whatever the lists' length. Only inside a gap of at most MAX_ALIGN_CELLS
 * pairs is likeness weighed, exactly within MAX_ALIGN_WORK, else estimated (dynamic programming: as many equal pairs as can be, then as much
 * likeness as can be among pairs at least LIKE). Items left over are then paired when exactly
 * equal wherever they stand (moved), and what is still left between two pairs is paired by
 * position (an item edited past likeness, in its place). The rest stands alone.
 */

/** Two items at least this alike (0–1) are partners: most of their values the same. */
export const LIKE = 0.5;
/** Items not equal are never weighed as equal, even when an estimate says so. */
const LIKE_BELOW_EQUAL = 0.999;

/**
 * A gap between equal items is weighed by likeness only within both bounds, else paired by
 * position: its pairs (the table kept in memory) and its work, each pair costing the two
 * items' sizes (values compared), so a list of large items is bounded as well as a long one.
 */
export const MAX_ALIGN_CELLS = 250_000;
export const MAX_ALIGN_WORK = 10_000_000;

export interface Pair {
  /** Index in A, or null: only in B. */
  a: number | null;
  /** Index in B, or null: only in A. */
  b: number | null;
}

export interface AlignInput {
  /** `keysA[i] === keysB[j]` exactly when the items are equal. */
  keysA: readonly string[];
  keysB: readonly string[];
  /** How alike A[i] and B[j] are, 1 for equal. */
  similarity: (i: number, j: number) => number;
  /** What one similarity call costs for each item (its values); 1 each when not given. */
  sizesA?: readonly number[];
  sizesB?: readonly number[];
  /** How alike, estimated at the cost of ROUGH_COST: used for a gap whose exact weighing is past MAX_ALIGN_WORK. */
  roughSimilarity?: (i: number, j: number) => number;
}

/** What one roughSimilarity call costs, in values compared. */
export const ROUGH_COST = 32;

/** Pairs of A's and B's indices, in order (by A's, then B's only-in-B items where they stand). */
export function alignItems(input: AlignInput): Pair[] {
  const steps = aligningItems(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** alignItems in steps (one row of likeness weighed per step), for a caller that runs it between frames. */
export function* aligningItems({ keysA, keysB, similarity, sizesA, sizesB, roughSimilarity }: AlignInput): Generator<void, Pair[]> {
  const n = keysA.length;
  const m = keysB.length;
  const partnerOfA = new Array<number>(n).fill(-1);
  const gaps: Array<[number, number, number, number]> = [[0, n, 0, m]];
  while (gaps.length > 0) {
    let [a0, a1, b0, b1] = gaps.pop()!;
    while (a0 < a1 && b0 < b1 && keysA[a0] === keysB[b0]) partnerOfA[a0++] = b0++;
    while (a1 > a0 && b1 > b0 && keysA[a1 - 1] === keysB[b1 - 1]) partnerOfA[--a1] = --b1;
    if (a0 === a1 || b0 === b1) continue;
    const anchors = uniqueAnchors(keysA, keysB, a0, a1, b0, b1);
    if (anchors.length === 0) {
      const cells = (a1 - a0) * (b1 - b0);
      if (cells > MAX_ALIGN_CELLS) continue;
      const work = (b1 - b0) * sum(sizesA, a0, a1) + (a1 - a0) * sum(sizesB, b0, b1);
      const weigh = work <= MAX_ALIGN_WORK ? similarity : cells * ROUGH_COST <= MAX_ALIGN_WORK ? roughSimilarity : undefined;
      if (weigh)
        yield* alignMiddle(a0, a1, b0, b1, (i, j) => (keysA[i] === keysB[j] ? 1 : Math.min(weigh(i, j), LIKE_BELOW_EQUAL)), partnerOfA);
      continue;
    }
    let i = a0;
    let j = b0;
    for (const [ai, bj] of anchors) {
      partnerOfA[ai] = bj;
      gaps.push([i, ai, j, bj]);
      i = ai + 1;
      j = bj + 1;
    }
    gaps.push([i, a1, j, b1]);
  }
  pairMoved(keysA, keysB, partnerOfA);
  pairInGaps(n, m, partnerOfA);
  return pairsOf(n, m, partnerOfA);
}

/** Keys found exactly once in A[a0..a1) and once in B[b0..b1), the longest run of them in the same order on both sides. */
function uniqueAnchors(
  keysA: readonly string[],
  keysB: readonly string[],
  a0: number,
  a1: number,
  b0: number,
  b1: number,
): Array<[number, number]> {
  const inA = new Map<string, number>(); // key → index, or -1 when found twice
  for (let i = a0; i < a1; i++) inA.set(keysA[i]!, inA.has(keysA[i]!) ? -1 : i);
  const inB = new Map<string, number>();
  for (let j = b0; j < b1; j++) if (inA.has(keysB[j]!)) inB.set(keysB[j]!, inB.has(keysB[j]!) ? -1 : j);
  const candidates: Array<[number, number]> = [];
  for (let i = a0; i < a1; i++) {
    const j = inA.get(keysA[i]!) === i ? inB.get(keysA[i]!) : undefined;
    if (j !== undefined && j >= 0) candidates.push([i, j]);
  }
  // Longest increasing run of B's indices (patience sorting): tails[k] ends the best run of length k + 1.
  const tails: number[] = [];
  const before = new Array<number>(candidates.length).fill(-1);
  candidates.forEach(([, j], k) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (candidates[tails[mid]!]![1] < j) lo = mid + 1;
      else hi = mid;
    }
    before[k] = lo > 0 ? tails[lo - 1]! : -1;
    tails[lo] = k;
  });
  const run: Array<[number, number]> = [];
  for (let k = tails.length > 0 ? tails[tails.length - 1]! : -1; k >= 0; k = before[k]!) run.push(candidates[k]!);
  return run.reverse();
}

function sum(sizes: readonly number[] | undefined, from: number, to: number): number {
  if (!sizes) return to - from;
  let total = 0;
  for (let k = from; k < to; k++) total += sizes[k]!;
  return total;
}

/** The best-scoring order-keeping pairing of A[a0..a1) with B[b0..b1): a pair scores its similarity when at least LIKE. */
function* alignMiddle(
  a0: number,
  a1: number,
  b0: number,
  b1: number,
  similarity: (i: number, j: number) => number,
  partnerOfA: number[],
): Generator<void, void> {
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
    yield;
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
function pairMoved(keysA: readonly string[], keysB: readonly string[], partnerOfA: number[]): void {
  const takenB = new Set(partnerOfA.filter((j) => j >= 0));
  const freeB = new Map<string, number[]>();
  for (let j = keysB.length - 1; j >= 0; j--) {
    if (takenB.has(j)) continue;
    const list = freeB.get(keysB[j]!);
    if (list) list.push(j);
    else freeB.set(keysB[j]!, [j]);
  }
  for (let i = 0; i < keysA.length; i++) {
    if (partnerOfA[i]! >= 0) continue;
    const j = freeB.get(keysA[i]!)?.pop(); // the first free one: lists were filled from the end
    if (j !== undefined) partnerOfA[i] = j;
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
