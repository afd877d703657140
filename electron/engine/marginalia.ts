import type { PageSize } from './geometry.js';
import type { Line } from './lines.js';

/** A line in a page's header or footer zone, reduced to what repeats from page to page. */
export interface EdgeLine {
  zone: 'top' | 'bottom';
  /** Lower-cased text with every digit run replaced by "#", so "Page 3" matches "Page 4". */
  key: string;
  /** Centre of the line as a fraction of the page height. */
  y: number;
}

/** Header and footer zones: this fraction of the page height at the top and at the bottom. */
const ZONE = 0.12;
/** Two edge lines sit in the same place when their centres are this close (fraction of height). */
const SAME_PLACE = 0.02;
const PAGE_NUMBER = /^(?:page\s*)?[-–(]?\s*#\s*[-–)]?(?:\s*(?:of|\/)\s*#)?$/;

export function edgeLineOf(line: Line, page: PageSize): EdgeLine | null {
  const y = (line.y0 + line.y1) / 2 / page.height;
  const zone = y < ZONE ? 'top' : y > 1 - ZONE ? 'bottom' : null;
  if (!zone) return null;
  return { zone, key: line.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim(), y };
}

/**
 * Which lines of a page are marginalia: lines in the header or footer zone that repeat (same
 * text up to numbers, same place) on a neighbouring page, and page numbers on their own.
 * Neighbours come from a small window of pages around this one, so a long document is never
 * held whole.
 */
export function findMarginalia(lines: readonly Line[], page: PageSize, neighbours: readonly (readonly EdgeLine[])[]): Set<Line> {
  const marginal = new Set<Line>();
  for (const line of lines) {
    const edge = edgeLineOf(line, page);
    if (!edge) continue;
    const repeated = neighbours.some((other) =>
      other.some((o) => o.zone === edge.zone && o.key === edge.key && Math.abs(o.y - edge.y) <= SAME_PLACE),
    );
    if (repeated || PAGE_NUMBER.test(edge.key)) marginal.add(line);
  }
  return marginal;
}
