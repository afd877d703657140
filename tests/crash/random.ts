/** A small seeded generator (mulberry32), so a failing crash run can be replayed from its printed seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A size between min and max, skewed small: most writes are small, a few are large. */
export function skewedSize(random: () => number, min: number, max: number): number {
  return Math.round(min + (max - min) * random() ** 4);
}
