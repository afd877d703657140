import { unionBox, type Box, type ElementLayout, type LineLayout, type PageLayout } from '../pageLayout.js';
import type { PdfPageContent, PointBox, TextItem } from './readPdfText.js';

/** A run of text on one visual row, between gaps wide enough to separate columns. */
interface Segment {
  items: TextItem[];
  box: PointBox;
  /** Text height in points. */
  height: number;
}

/** A gap between runs this many text heights wide starts a new column. */
const COLUMN_GAP = 1.2;
/** Bands at the top and bottom of the page where a block is marginalia (headers, footers, page numbers). */
const MARGIN_BAND = 0.08;

/**
 * A page's elements in reading order from what pdf.js read: runs grouped into rows, rows
 * split into segments at column gaps; two or more equal-width rows of three or more
 * segments are a table; other segments stack into blocks (text, a heading when its text is
 * clearly larger, marginalia in the top and bottom bands); images are figures, or logos
 * when small and near the top. Null when the page has no text.
 */
export function layoutPdfPage(content: PdfPageContent): PageLayout | null {
  if (content.items.length === 0 || content.width <= 0 || content.height <= 0) return null;
  const toBox = (b: PointBox): Box => ({
    xmin: b.x0 / content.width,
    ymin: b.y0 / content.height,
    xmax: b.x1 / content.width,
    ymax: b.y1 / content.height,
  });
  const rows = groupRows(content.items).map(splitSegments);
  const placed: Array<{ element: ElementLayout; top: number; left: number }> = [];

  const tableRows = new Set<number>();
  for (let i = 0; i < rows.length;) {
    let j = i;
    const width = rows[i]!.length;
    while (j + 1 < rows.length && rows[j + 1]!.length === width && rows[j + 1]![0]!.box.y0 - rows[j]![0]!.box.y1 < 2 * rows[j]![0]!.height)
      j++;
    if (width >= 3 && j - i + 1 >= 2) {
      const table = rows
        .slice(i, j + 1)
        .map((row) => row.map((segment): LineLayout => ({ text: segmentText(segment), box: toBox(segment.box) })));
      const box = unionBox(table.flat().map((cell) => cell.box));
      placed.push({ element: { type: 'table', rows: table }, top: box.ymin, left: box.xmin });
      for (let k = i; k <= j; k++) tableRows.add(k);
    }
    i = j + 1;
  }

  const segments = rows.flatMap((row, i) => (tableRows.has(i) ? [] : row));
  const medianHeight = median(segments.map((s) => s.height)) || 1;
  const blocks: Segment[][] = [];
  for (const segment of [...segments].sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0)) {
    const block = blocks.find((candidate) => {
      const last = candidate[candidate.length - 1]!;
      const gap = segment.box.y0 - last.box.y1;
      const overlaps = segment.box.x0 < last.box.x1 && segment.box.x1 > last.box.x0;
      const sameSize = Math.max(segment.height, last.height) / Math.min(segment.height, last.height) < 1.3;
      return overlaps && sameSize && gap > -0.5 * segment.height && gap < 0.9 * segment.height;
    });
    if (block) block.push(segment);
    else blocks.push([segment]);
  }
  for (const block of blocks) {
    const lines = block.map((segment): LineLayout => ({ text: segmentText(segment), box: toBox(segment.box) }));
    const box = unionBox(lines.map((line) => line.box));
    const marginal = box.ymax < MARGIN_BAND || box.ymin > 1 - MARGIN_BAND;
    const heading = !marginal && block.every((segment) => segment.height >= 1.3 * medianHeight);
    const element: ElementLayout = marginal
      ? { type: 'marginalia', lines }
      : { type: 'text', lines, ...(heading ? { heading: true } : {}) };
    placed.push({ element, top: box.ymin, left: box.xmin });
  }

  content.images.forEach((image) => {
    const box = clampBox(toBox(image));
    const area = (box.xmax - box.xmin) * (box.ymax - box.ymin);
    if (area < 0.002) return;
    const logo = area < 0.06 && box.ymin < 0.2;
    const caption = logo ? `Logo on page ${content.page}` : `Figure: an image on page ${content.page}`;
    placed.push({ element: { type: logo ? 'logo' : 'figure', caption, box }, top: box.ymin, left: box.xmin });
  });

  placed.sort((a, b) => a.top - b.top || a.left - b.left);
  return { page: content.page, elements: placed.map((p) => p.element) };
}

/** Runs whose vertical middles fall within half a text height of each other share a row; rows top to bottom. */
function groupRows(items: readonly TextItem[]): TextItem[][] {
  const rows: Array<{ items: TextItem[]; middle: number; height: number }> = [];
  for (const item of [...items].sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2)) {
    const middle = (item.y0 + item.y1) / 2;
    const height = item.y1 - item.y0;
    const row = rows.find((r) => Math.abs(r.middle - middle) < 0.5 * Math.min(r.height, height));
    if (row) row.items.push(item);
    else rows.push({ items: [item], middle, height });
  }
  return rows.sort((a, b) => a.middle - b.middle).map((row) => row.items.sort((a, b) => a.x0 - b.x0));
}

function splitSegments(row: TextItem[]): Segment[] {
  const segments: Segment[] = [];
  for (const item of row) {
    const height = item.y1 - item.y0;
    const last = segments[segments.length - 1];
    if (last && item.x0 - last.box.x1 < COLUMN_GAP * Math.max(height, last.height)) {
      last.items.push(item);
      last.box = {
        x0: Math.min(last.box.x0, item.x0),
        y0: Math.min(last.box.y0, item.y0),
        x1: Math.max(last.box.x1, item.x1),
        y1: Math.max(last.box.y1, item.y1),
      };
      last.height = Math.max(last.height, height);
    } else {
      segments.push({ items: [item], box: { x0: item.x0, y0: item.y0, x1: item.x1, y1: item.y1 }, height });
    }
  }
  return segments;
}

/** Runs joined left to right, with a space where the gap between them is wider than a hair. */
function segmentText(segment: Segment): string {
  let text = '';
  let right = -Infinity;
  for (const item of segment.items) {
    const gap = item.x0 - right;
    if (text && gap > 0.1 * segment.height && !/\s$/.test(text) && !/^\s/.test(item.str)) text += ' ';
    text += item.str;
    right = item.x1;
  }
  return text.replace(/\s+/g, ' ').trim();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function clampBox(box: Box): Box {
  const c = (v: number) => Math.min(1, Math.max(0, v));
  return { xmin: c(box.xmin), ymin: c(box.ymin), xmax: c(box.xmax), ymax: c(box.ymax) };
}
