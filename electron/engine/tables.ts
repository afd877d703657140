import { unionRects, type Rect } from './geometry.js';
import type { Line } from './lines.js';

export interface TableCell {
  row: number;
  col: number;
  line: Line;
}

export interface DetectedTable extends Rect {
  rowCount: number;
  colCount: number;
  /** Non-empty cells, row by row, left to right. */
  cells: TableCell[];
}

/** Rows further apart than this (in ems) belong to different tables. */
const ROW_PITCH_EM = 2.2;
const MIN_COLUMNS = 3;
const MIN_ROWS = 2;
/** A table fills at least this share of its grid: a sparser one is scattered text, and its empty cells would cost rows × columns. */
const MIN_FILL = 1 / 8;

/**
 * Finds grid-like runs of rows: at least two consecutive rows of two or more segments whose
 * x-extents fall into at least three columns that never collide. Anything less regular stays
 * text (a wrong table is worse than a right paragraph). Cells are one line each; merged cells
 * are not recognized, so every span is 1.
 */
export function detectTables(lines: readonly Line[]): { tables: DetectedTable[]; rest: Line[] } {
  const rows = groupRows(lines);
  const tables: DetectedTable[] = [];
  const used = new Set<Line>();
  let run: Line[][] = [];
  const flush = () => {
    const table = run.length >= MIN_ROWS ? (toTable(run) ?? toTable(trimNarrowEnds(run))) : null;
    if (table) {
      tables.push(table);
      for (const cell of table.cells) used.add(cell.line);
    }
    run = [];
  };
  for (const row of rows) {
    const prev = run[run.length - 1];
    const first = row[0] as Line;
    let size = 0;
    for (const line of row) size = Math.max(size, line.size);
    const close = prev !== undefined && first.baseline - (prev[0] as Line).baseline <= ROW_PITCH_EM * size;
    if (row.length < 2 || (prev !== undefined && !close)) flush();
    if (row.length >= 2) run.push(row);
  }
  flush();
  return { tables, rest: lines.filter((line) => !used.has(line)) };
}

/** Drops two-segment rows at either end (side-by-side text just above or below a table). */
function trimNarrowEnds(rows: Line[][]): Line[][] {
  let first = 0;
  let last = rows.length;
  while (first < last && (rows[first] as Line[]).length < MIN_COLUMNS) first++;
  while (last > first && (rows[last - 1] as Line[]).length < MIN_COLUMNS) last--;
  return rows.slice(first, last);
}

function groupRows(lines: readonly Line[]): Line[][] {
  const sorted = [...lines].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  const rows: Line[][] = [];
  for (const line of sorted) {
    const row = rows[rows.length - 1];
    const head = row?.[0];
    if (row && head && Math.abs(line.baseline - head.baseline) <= 0.35 * Math.max(line.size, head.size)) row.push(line);
    else rows.push([line]);
  }
  for (const row of rows) row.sort((a, b) => a.x0 - b.x0);
  return rows;
}

function toTable(rows: readonly Line[][]): DetectedTable | null {
  if (rows.length < MIN_ROWS || !rows.some((row) => row.length >= MIN_COLUMNS)) return null;
  // Columns: the x-extents of all segments, merged where they overlap.
  const spans = rows
    .flat()
    .map((l) => [l.x0, l.x1] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const columns: [number, number][] = [];
  for (const [x0, x1] of spans) {
    const last = columns[columns.length - 1];
    if (last && x0 <= last[1]) last[1] = Math.max(last[1], x1);
    else columns.push([x0, x1]);
  }
  if (columns.length < MIN_COLUMNS || spans.length < MIN_FILL * rows.length * columns.length) return null;
  const cells: TableCell[] = [];
  for (let r = 0; r < rows.length; r++) {
    const taken = new Set<number>();
    for (const line of rows[r] as Line[]) {
      const col = columnOf(columns, line);
      if (col < 0 || taken.has(col)) return null;
      taken.add(col);
      cells.push({ row: r, col, line });
    }
  }
  return { ...unionRects(cells.map((c) => c.line)), rowCount: rows.length, colCount: columns.length, cells };
}

/** The column (sorted, disjoint spans) holding the line, by binary search: a row may have thousands of segments. */
function columnOf(columns: readonly [number, number][], line: Line): number {
  let lo = 0;
  let hi = columns.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [x0, x1] = columns[mid] as [number, number];
    if (line.x0 < x0) hi = mid - 1;
    else if (line.x0 > x1) lo = mid + 1;
    else return line.x1 <= x1 ? mid : -1;
  }
  return -1;
}
