import { codePointLength } from './codePoints.js';

/** Builds the document Markdown piece by piece, counting code points, so each range is known as its text is written. */
export class MarkdownWriter {
  private readonly parts: string[] = [];
  private codePoints = 0;

  /** Code points written so far: the start of whatever is written next. */
  get position(): number {
    return this.codePoints;
  }

  write(text: string): { start: number; end: number } {
    const start = this.codePoints;
    this.parts.push(text);
    this.codePoints += codePointLength(text);
    return { start, end: this.codePoints };
  }

  toString(): string {
    return this.parts.join('');
  }
}
