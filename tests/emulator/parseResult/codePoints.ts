/** Ranges count Unicode code points, not UTF-16 units: an astral character (a surrogate pair) is one. */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export function codePointSlice(text: string, start: number, end: number): string {
  return Array.from(text).slice(start, end).join('');
}

/** Box fractions carry at most 5 decimals and stay in 0–1. */
export function fraction(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 100_000) / 100_000;
}
