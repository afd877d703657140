/**
 * A Fenwick (binary indexed) tree of non-negative sizes: prefix sums and "which item holds
 * this offset" in O(log n), and a size change in O(log n). The virtual lists use it for
 * item heights, so 60,000 measured rows cost nothing per scroll frame.
 */
export class SizeTree {
  private readonly tree: Float64Array;
  private readonly sizes: Float64Array;

  constructor(sizes: ArrayLike<number>) {
    const n = sizes.length;
    this.sizes = Float64Array.from(sizes);
    this.tree = new Float64Array(n + 1);
    for (let i = 0; i < n; i++) {
      this.tree[i + 1]! += this.sizes[i]!;
      const parent = i + 1 + ((i + 1) & -(i + 1));
      if (parent <= n) this.tree[parent]! += this.tree[i + 1]!;
    }
  }

  get length(): number {
    return this.sizes.length;
  }

  size(index: number): number {
    return this.sizes[index] ?? 0;
  }

  set(index: number, size: number): void {
    const delta = size - (this.sizes[index] ?? 0);
    if (delta === 0 || index < 0 || index >= this.sizes.length) return;
    this.sizes[index] = size;
    for (let i = index + 1; i < this.tree.length; i += i & -i) this.tree[i]! += delta;
  }

  /** Sum of the sizes of items [0, index). */
  offsetOf(index: number): number {
    let sum = 0;
    for (let i = Math.min(index, this.sizes.length); i > 0; i -= i & -i) sum += this.tree[i]!;
    return sum;
  }

  total(): number {
    return this.offsetOf(this.sizes.length);
  }

  /** The item that covers `offset` (the last one when past the end). */
  indexAt(offset: number): number {
    let index = 0;
    let remaining = offset;
    let step = 1;
    while (step * 2 <= this.sizes.length) step *= 2;
    for (; step > 0; step >>= 1) {
      const next = index + step;
      if (next <= this.sizes.length && this.tree[next]! <= remaining) {
        index = next;
        remaining -= this.tree[next]!;
      }
    }
    return Math.min(index, Math.max(0, this.sizes.length - 1));
  }
}
