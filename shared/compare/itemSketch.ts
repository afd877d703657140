/**
 * A bounded summary of an array item's values (a bottom-k sketch: the SKETCH_SIZE smallest
 * hashes of its values), so how alike two large items are can be estimated at a fixed cost
 * whatever their size. Exact for items of at most SKETCH_SIZE values (bar hash collisions).
 */

export const SKETCH_SIZE = 16;

export interface ItemSketch {
  /** Ascending, distinct. */
  hashes: Uint32Array;
  size: number;
}

/** `values`: the item's values as `path=value` strings, a value found twice given twice. */
export function sketchOf(values: Iterable<[string, number]>, size: number): ItemSketch {
  const hashes: number[] = [];
  for (const [value, count] of values) for (let n = 0; n < count; n++) hashes.push(fnv1a(`${n}:${value}`));
  hashes.sort((x, y) => x - y);
  const distinct = hashes.filter((h, k) => k === 0 || h !== hashes[k - 1]);
  return { hashes: Uint32Array.from(distinct.slice(0, SKETCH_SIZE)), size };
}

/**
 * The share of the two items' values found in both, estimated: the overlap (Jaccard) of the
 * sketches' union's smallest hashes, turned into shared values `J·(x+y)/(1+J)` over the larger size.
 */
export function sketchSimilarity(x: ItemSketch, y: ItemSketch): number {
  const size = Math.max(x.size, y.size);
  if (size === 0) return 1;
  let i = 0;
  let j = 0;
  let taken = 0;
  let both = 0;
  while (taken < SKETCH_SIZE && (i < x.hashes.length || j < y.hashes.length)) {
    const hx = i < x.hashes.length ? x.hashes[i]! : Infinity;
    const hy = j < y.hashes.length ? y.hashes[j]! : Infinity;
    if (hx === hy) {
      both++;
      i++;
      j++;
    } else if (hx < hy) i++;
    else j++;
    taken++;
  }
  const jaccard = taken === 0 ? 0 : both / taken;
  return Math.min(1, (jaccard * (x.size + y.size)) / (1 + jaccard) / size);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) {
    hash ^= text.charCodeAt(k);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
