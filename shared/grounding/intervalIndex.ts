/**
 * A static interval index over integer, half-open [start, end) intervals: "which intervals
 * overlap this range". Built once: intervals sorted by start, plus a segment tree of the
 * largest end in each stretch. A query binary-searches the intervals that start before the
 * range ends (a prefix), then descends the tree into only the stretches whose largest end
 * reaches past the range's start. Cost: O(log n) to find nothing, and each reported
 * interval adds at most one root-to-leaf path, O(log n + k·log(n/k)) in all.
 *
 * Everything is in Int32Arrays (values are integers too: node indices in the model), so the
 * index can be written into the model's bytes and read back as views without copying.
 */
export interface Interval {
  start: number;
  end: number;
  value: number;
}

/** The index's arrays, as they are stored. */
export interface IntervalArrays {
  starts: Int32Array;
  ends: Int32Array;
  values: Int32Array;
  /** Segment tree over the sorted intervals: [1] is the root, leaves from the power of two ≥ n. */
  maxEnd: Int32Array;
}

const EMPTY = -0x80000000;

/** The power of two the tree's leaves start at for n intervals. */
export function leafBaseFor(n: number): number {
  let base = 1;
  while (base < n) base *= 2;
  return base;
}

export class IntervalIndex {
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  private readonly values: Int32Array;
  private readonly maxEnd: Int32Array;
  private readonly leafBase: number;

  /** Bounds must be int32 (the model's UTF-16 offsets are). */
  constructor(intervals: ReadonlyArray<Interval> | IntervalArrays) {
    if (!Array.isArray(intervals)) {
      // Arrays already checked by their reader (decodeModel): lengths agree, maxEnd has 2·leafBase entries.
      const arrays = intervals as IntervalArrays;
      this.starts = arrays.starts;
      this.ends = arrays.ends;
      this.values = arrays.values;
      this.maxEnd = arrays.maxEnd;
      this.leafBase = leafBaseFor(arrays.starts.length);
      return;
    }
    const list = intervals as ReadonlyArray<Interval>;
    const sorted = [...list].sort((a, b) => a.start - b.start || a.end - b.end);
    const n = sorted.length;
    this.starts = Int32Array.from(sorted, (i) => i.start);
    this.ends = Int32Array.from(sorted, (i) => i.end);
    this.values = Int32Array.from(sorted, (i) => i.value);
    const base = leafBaseFor(n);
    this.leafBase = base;
    this.maxEnd = new Int32Array(2 * base).fill(EMPTY);
    for (let i = 0; i < n; i++) this.maxEnd[base + i] = this.ends[i]!;
    for (let node = base - 1; node >= 1; node--) this.maxEnd[node] = Math.max(this.maxEnd[2 * node]!, this.maxEnd[2 * node + 1]!);
  }

  get size(): number {
    return this.values.length;
  }

  /** The arrays, to be stored. */
  arrays(): IntervalArrays {
    return { starts: this.starts, ends: this.ends, values: this.values, maxEnd: this.maxEnd };
  }

  /** Values of the intervals overlapping [start, end), in order of their start. An empty range [p, p) asks what contains p. */
  overlapping(start: number, end: number): number[] {
    const out: number[] = [];
    this.forEachOverlapping(start, end, (value) => out.push(value));
    return out;
  }

  /** As overlapping(), without collecting the values. */
  forEachOverlapping(start: number, end: number, visit: (value: number) => void): void {
    const queryEnd = end > start ? end : start + 1;
    const prefix = this.countStartingBefore(queryEnd);
    if (prefix > 0) this.collect(1, 0, this.leafBase, prefix, start, visit);
  }

  /** Values of the intervals that contain the position `at`. */
  containing(at: number): number[] {
    return this.overlapping(at, at + 1);
  }

  private collect(node: number, from: number, to: number, prefix: number, start: number, visit: (value: number) => void): void {
    if (from >= prefix || this.maxEnd[node]! <= start) return;
    if (to - from === 1) {
      visit(this.values[from]!);
      return;
    }
    const mid = (from + to) >>> 1;
    this.collect(2 * node, from, mid, prefix, start, visit);
    this.collect(2 * node + 1, mid, to, prefix, start, visit);
  }

  private countStartingBefore(value: number): number {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.starts[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
