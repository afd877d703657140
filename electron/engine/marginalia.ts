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
 * Which lines of a page are marginalia (running headers and footers): lines in the header or
 * footer zone that repeat (same text up to numbers, same place) on a neighbouring page.
 * Neighbours come from a small window of pages around this one, so a long document is never
 * held whole.
 *
 * A page number that repeats nowhere (a one-page document, a first page, a page parsed alone)
 * is marginalia too, but only standing alone as the page's outermost line, with nothing beside
 * it or between it and the page edge: it is page furniture there, while a number elsewhere in
 * the band (a table cell, the last line of the text) is content.
 */
export function findMarginalia(lines: readonly Line[], page: PageSize, neighbours: readonly (readonly EdgeLine[])[]): Set<Line> {
  const places = placesOf(neighbours);
  const marginal = new Set<Line>();
  const outermost = { top: outermostLine(lines, 'top'), bottom: outermostLine(lines, 'bottom') };
  for (const line of lines) {
    const edge = edgeLineOf(line, page);
    if (!edge) continue;
    const repeated = nearby(places.get(`${edge.zone} ${edge.key}`), edge.y);
    if (repeated || (PAGE_NUMBER.test(edge.key) && outermost[edge.zone] === line)) marginal.add(line);
  }
  return marginal;
}

/** Where each zone+key sits on the neighbouring pages, sorted, so a lookup is a binary search. */
function placesOf(neighbours: readonly (readonly EdgeLine[])[]): Map<string, number[]> {
  const places = new Map<string, number[]>();
  for (const edges of neighbours) {
    for (const edge of edges) {
      const key = `${edge.zone} ${edge.key}`;
      const ys = places.get(key);
      if (ys) ys.push(edge.y);
      else places.set(key, [edge.y]);
    }
  }
  for (const ys of places.values()) ys.sort((a, b) => a - b);
  return places;
}

function nearby(sorted: readonly number[] | undefined, y: number): boolean {
  if (!sorted) return false;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) < y - SAME_PLACE) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && (sorted[lo] as number) <= y + SAME_PLACE;
}

/** The line nearest the top (or bottom) edge when no other line reaches its height band; else null. */
function outermostLine(lines: readonly Line[], edge: 'top' | 'bottom'): Line | null {
  let best: Line | null = null;
  let runnerUp: Line | null = null;
  const outer = (a: Line, b: Line) => (edge === 'top' ? a.y0 < b.y0 : a.y1 > b.y1);
  for (const line of lines) {
    if (!best || outer(line, best)) {
      runnerUp = best;
      best = line;
    } else if (!runnerUp || outer(line, runnerUp)) {
      runnerUp = line;
    }
  }
  if (!best) return null;
  if (!runnerUp) return best;
  const apart = edge === 'top' ? runnerUp.y0 >= best.y1 : runnerUp.y1 <= best.y0;
  return apart ? best : null;
}
