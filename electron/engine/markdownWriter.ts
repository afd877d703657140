import type { CodePointRange } from '../../shared/contracts/v2Parse.js';
import { countCodePoints } from './codePoints.js';

/**
 * Builds the document Markdown piece by piece while counting code points, so every range
 * is known the moment its text is written and the string is joined only once at the end.
 */
export class MarkdownWriter {
  private readonly parts: string[] = [];
  private codePoints = 0;

  /** Code points written so far: the start of whatever is written next. */
  get position(): number {
    return this.codePoints;
  }

  write(text: string): CodePointRange {
    const start = this.codePoints;
    this.append(text);
    return { start, end: this.codePoints };
  }

  /** `write` for text whose range nobody keeps (separators, table tags): no range object made. */
  append(text: string): void {
    this.parts.push(text);
    this.codePoints += countCodePoints(text);
  }

  /** A bookmark for `textSince`: how many pieces have been written. */
  mark(): number {
    return this.parts.length;
  }

  /** Drops everything written since the bookmark (a page that failed while being written). */
  rewind(mark: number): void {
    for (const part of this.parts.splice(mark)) this.codePoints -= countCodePoints(part);
  }

  /** Everything written since the bookmark (a node's inline Markdown). */
  textSince(mark: number): string {
    return this.parts.slice(mark).join('');
  }

  toString(): string {
    return this.parts.join('');
  }
}
