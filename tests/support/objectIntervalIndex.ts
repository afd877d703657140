/** THE REFERENCE interval index (generic values, Float64 bounds), kept verbatim for objectParseModel.ts. */
export interface Interval<T> {
  start: number;
  end: number;
  value: T;
}

export class IntervalIndex<T> {
  private readonly starts: Float64Array;
  private readonly ends: Float64Array;
  private readonly values: T[];
  /** Segment tree over the sorted intervals: tree[1] is the root, leaves from `leafBase`. */
  private readonly maxEnd: Float64Array;
  private readonly leafBase: number;

  constructor(intervals: ReadonlyArray<Interval<T>>) {
    const sorted = [...intervals].sort((a, b) => a.start - b.start || a.end - b.end);
    const n = sorted.length;
    this.starts = Float64Array.from(sorted, (i) => i.start);
    this.ends = Float64Array.from(sorted, (i) => i.end);
    this.values = sorted.map((i) => i.value);
    let base = 1;
    while (base < n) base <<= 1;
    this.leafBase = base;
    this.maxEnd = new Float64Array(2 * base).fill(-Infinity);
    for (let i = 0; i < n; i++) this.maxEnd[base + i] = this.ends[i]!;
    for (let node = base - 1; node >= 1; node--) {
      this.maxEnd[node] = Math.max(this.maxEnd[2 * node]!, this.maxEnd[2 * node + 1]!);
    }
  }

  get size(): number {
    return this.values.length;
  }

  /** Values of the intervals overlapping [start, end), in order of their start. An empty range [p, p) asks what contains p. */
  overlapping(start: number, end: number): T[] {
    const queryEnd = end > start ? end : start + 1;
    const prefix = this.countStartingBefore(queryEnd);
    const out: T[] = [];
    if (prefix === 0) return out;
    this.collect(1, 0, this.leafBase, prefix, start, out);
    return out;
  }

  /** Values of the intervals that contain the position `at`. */
  containing(at: number): T[] {
    return this.overlapping(at, at + 1);
  }

  private collect(node: number, from: number, to: number, prefix: number, start: number, out: T[]): void {
    if (from >= prefix || this.maxEnd[node]! <= start) return;
    if (to - from === 1) {
      out.push(this.values[from]!);
      return;
    }
    const mid = (from + to) >>> 1;
    this.collect(2 * node, from, mid, prefix, start, out);
    this.collect(2 * node + 1, mid, to, prefix, start, out);
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
