/** Ranges in the contract count Unicode code points, not UTF-16 units (seed 000 §2.4). */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export function codePointSlice(text: string, start: number, end: number): string {
  return Array.from(text).slice(start, end).join('');
}

/** Appends Markdown piece by piece and answers each piece's code-point range. */
export class MarkdownWriter {
  private parts: string[] = [];
  private length = 0;

  get offset(): number {
    return this.length;
  }

  append(text: string): { start: number; end: number } {
    const start = this.length;
    this.parts.push(text);
    this.length += codePointLength(text);
    return { start, end: this.length };
  }

  toString(): string {
    return this.parts.join('');
  }
}

/** Box fractions carry at most 5 decimals and stay in 0–1 (seed 000 §2.4). */
export function fraction(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 100_000) / 100_000;
}
