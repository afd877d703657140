import { findCodeRuns } from './codeBlocks.js';
import type { Line } from './lines.js';
import { parseListMarker, type ListMarker } from './listMarkers.js';
import type { DetectedTable } from './tables.js';

/** Element types the local engine emits (ids are `<type>-<index>`). */
export type TextBlockType = 'text' | 'title' | 'heading' | 'list_item' | 'marginalia' | 'code';

export type Block = { type: TextBlockType; lines: Line[]; marker?: ListMarker } | { type: 'table'; table: DetectedTable };

/** A unit of the reading order: one line, or a whole table. */
export type FlowUnit = { kind: 'line'; line: Line } | { kind: 'table'; table: DetectedTable };

/** "Label: value" lines stay blocks of their own, so stacked fields never run together. */
const KEY_VALUE = /^[^:]{1,40}:\s+\S/u;

/** Font size relative to the body text that makes a line a title (`#`) or a heading (`##`). */
const TITLE_RATIO = 1.6;
const HEADING_RATIO = 1.15;

export function lineType(line: Line, bodySize: number): 'title' | 'heading' | 'body' {
  const ratio = line.size / bodySize;
  if (ratio >= TITLE_RATIO) return 'title';
  if (ratio >= HEADING_RATIO) return 'heading';
  return 'body';
}

/** The usual distance between consecutive baselines of body lines on this page. */
export function typicalPitch(lines: readonly Line[]): number | null {
  const pitches: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1] as Line;
    const b = lines[i] as Line;
    const pitch = b.baseline - a.baseline;
    if (pitch > 0 && pitch < 2.5 * a.size && Math.abs(a.size - b.size) <= 0.15 * a.size) pitches.push(pitch);
  }
  if (pitches.length === 0) return null;
  pitches.sort((x, y) => x - y);
  return pitches[Math.floor(pitches.length / 2)] ?? null;
}

/**
 * Groups lines (already in reading order) into blocks. A line continues the current block
 * when it sits right below it (baseline pitch under ~1.3 lines), overlaps it horizontally,
 * has the same size class and does not start a list item; a list item's continuation lines
 * must be indented past its marker. Tables are blocks of their own. Body lines in a
 * fixed-pitch font are code (`allowCode` is false where the body text itself is typewritten).
 */
export function groupIntoBlocks(units: readonly FlowUnit[], bodySize: number, allowCode = true): Block[] {
  const lines = units.flatMap((u) => (u.kind === 'line' ? [u.line] : []));
  const pitch = typicalPitch(lines);
  const blocks: Block[] = [];
  let current: Extract<Block, { lines: Line[] }> | null = null;
  const codeRuns = allowCode
    ? findCodeRuns(
        units.map((u) => (u.kind === 'line' ? u.line : null)),
        (line) => lineType(line, bodySize) === 'body',
      )
    : new Map<number, number>();

  for (let i = 0; i < units.length; i++) {
    const unit = units[i] as FlowUnit;
    const codeEnd = codeRuns.get(i);
    if (codeEnd !== undefined) {
      blocks.push({ type: 'code', lines: units.slice(i, codeEnd).flatMap((u) => (u.kind === 'line' ? [u.line] : [])) });
      current = null;
      i = codeEnd - 1;
      continue;
    }
    if (unit.kind === 'table') {
      blocks.push({ type: 'table', table: unit.table });
      current = null;
      continue;
    }
    const line = unit.line;
    const kind = lineType(line, bodySize);
    const type: TextBlockType = kind === 'body' ? 'text' : kind;
    const marker = type === 'text' ? parseListMarker(line.text) : null;
    const keyValue = type === 'text' && KEY_VALUE.test(line.text);
    if (current && !marker && !keyValue && continues(current, line, type, pitch)) {
      current.lines.push(line);
      continue;
    }
    current = marker ? { type: 'list_item', lines: [line], marker } : { type, lines: [line] };
    blocks.push(current);
  }
  return blocks;
}

function continues(block: Extract<Block, { lines: Line[] }>, line: Line, type: TextBlockType, pitch: number | null): boolean {
  const prev = block.lines[block.lines.length - 1] as Line;
  const first = block.lines[0] as Line;
  const blockType = block.type === 'list_item' ? 'text' : block.type;
  if (blockType !== type) return false;
  const size = Math.max(prev.size, line.size);
  if (Math.abs(prev.size - line.size) > 0.15 * size) return false;
  const step = line.baseline - prev.baseline;
  const limit = Math.max(1.35 * size, 1.25 * (pitch ?? 0));
  if (step <= 0 || step > limit) return false;
  if (Math.min(prev.x1, line.x1) <= Math.max(prev.x0, line.x0)) return false;
  if (block.type === 'list_item' && line.x0 < first.x0 + 0.3 * size) return false;
  return true;
}
