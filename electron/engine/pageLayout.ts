import { groupIntoBlocks, type Block, type FlowUnit } from './blocks.js';
import type { PageSize } from './geometry.js';
import type { Line } from './lines.js';
import { orderByXYCut } from './readingOrder.js';
import { detectTables } from './tables.js';

/**
 * One page's blocks in reading order: the header marginalia, then the body (tables carved
 * out first, then XY-cut for columns, then lines grouped into blocks), then the footer
 * marginalia. `allowCode`: fixed-pitch lines may be code (not where the body is typewritten).
 */
export function layoutPage(
  lines: readonly Line[],
  page: PageSize,
  marginalia: ReadonlySet<Line>,
  bodySize: number,
  allowCode = true,
): Block[] {
  const body = lines.filter((line) => !marginalia.has(line));
  const edges = lines.filter((line) => marginalia.has(line)).sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const header = edges.filter((line) => line.y0 + line.y1 < page.height);
  const footer = edges.filter((line) => line.y0 + line.y1 >= page.height);

  const { tables, rest } = detectTables(body);
  const units: (FlowUnit & { x0: number; y0: number; x1: number; y1: number })[] = [
    ...rest.map((line) => ({ kind: 'line' as const, line, x0: line.x0, y0: line.y0, x1: line.x1, y1: line.y1 })),
    ...tables.map((table) => ({ kind: 'table' as const, table, x0: table.x0, y0: table.y0, x1: table.x1, y1: table.y1 })),
  ];
  const ordered = orderByXYCut(units, bodySize);
  const toMarginalia = (line: Line): Block => ({ type: 'marginalia', lines: [line] });
  return [...header.map(toMarginalia), ...groupIntoBlocks(ordered, bodySize, allowCode), ...footer.map(toMarginalia)];
}

/** The body text size of a set of lines: the size that carries the most characters. */
export function bodySizeOf(histograms: readonly ReadonlyMap<number, number>[]): number {
  const total = new Map<number, number>();
  for (const histogram of histograms) for (const [size, chars] of histogram) total.set(size, (total.get(size) ?? 0) + chars);
  let best = 0;
  let bestChars = -1;
  for (const [size, chars] of total) if (chars > bestChars || (chars === bestChars && size < best)) [best, bestChars] = [size, chars];
  return best > 0 ? best : 12;
}

/** Characters per font size (rounded to half points) on one page. */
export function sizeHistogram(lines: readonly Line[]): Map<number, number> {
  const histogram = new Map<number, number>();
  for (const line of lines) {
    const size = Math.round(line.size * 2) / 2;
    histogram.set(size, (histogram.get(size) ?? 0) + line.text.length);
  }
  return histogram;
}
