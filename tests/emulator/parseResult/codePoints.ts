/** Ranges in the contract count Unicode code points, not UTF-16 units (seed 000 §2.4): the engine's counter. */
export { countCodePoints as codePointLength } from '../../../electron/engine/codePoints.js';

export function codePointSlice(text: string, start: number, end: number): string {
  return Array.from(text).slice(start, end).join('');
}

/** Box fractions carry at most 5 decimals and stay in 0–1 (seed 000 §2.4). */
export function fraction(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 100_000) / 100_000;
}
