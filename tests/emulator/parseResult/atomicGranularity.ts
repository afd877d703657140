import type { Grounding, StructureNode } from '../../../shared/contracts/v2Parse.js';
import { fraction } from './codePoints.js';

/** Models that ground per word, with a confidence per word; the others ground per line, unscored. */
export function groundsWords(model: string): boolean {
  return model.startsWith('dpt-3-verity');
}

/** Text the model wrote rather than read carries no confidence. */
const WRITTEN_TYPES = new Set(['figure', 'logo']);

/**
 * A leaf's atomic grounding at the model's granularity. Builders give one entry per line;
 * for a word-level model each line is cut into its words (boxes shared out along the line by
 * code points), each with a confidence. A line-level model's entries carry none.
 */
export function atomicFor(node: StructureNode, markdown: readonly string[], model: string): Grounding[] {
  const entries = node.atomic_grounding ?? [];
  if (!groundsWords(model)) return entries.map(({ confidence: _, ...entry }) => entry);
  return entries.flatMap((line) => {
    const { start, end } = line.range;
    const length = Math.max(1, end - start);
    const words: Grounding[] = [];
    let at = start;
    while (at < end) {
      while (at < end && /\s/.test(markdown[at]!)) at++;
      const wordStart = at;
      while (at < end && !/\s/.test(markdown[at]!)) at++;
      if (at === wordStart) break;
      const { xmin, xmax } = line.box;
      const box = {
        ...line.box,
        xmin: fraction(xmin + ((xmax - xmin) * (wordStart - start)) / length),
        xmax: fraction(xmin + ((xmax - xmin) * (at - start)) / length),
      };
      const word: Grounding = { page: line.page, range: { start: wordStart, end: at }, box };
      if (!WRITTEN_TYPES.has(node.type)) {
        // A builder that already scored this very word keeps its score.
        const scored = typeof line.confidence === 'number' && wordStart === start && at === end;
        word.confidence = scored
          ? (line.confidence as number)
          : wordConfidence(markdown.slice(wordStart, at).join(''), line.page, wordStart);
      }
      words.push(word);
    }
    return words;
  });
}

/**
 * A made-up but repeatable confidence in 0–1: most words 0.8–0.99, about one in five clearly
 * unsure (0.3–0.55) so a reviewer's "unsure word" marks have something to show.
 */
export function wordConfidence(word: string, page: number, offset: number): number {
  let h = 0x811c9dc5;
  for (const ch of `${page}:${offset}:${word}`) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  const spread = (h >>> 8) % 1000;
  const value = h % 5 === 0 ? 0.3 + (spread / 1000) * 0.25 : 0.8 + (spread / 1000) * 0.19;
  return Math.round(value * 10_000) / 10_000;
}
