import type { ParseModel, TextRange } from '../../shared/grounding/parseModel.js';
import { blockIndexOf, leafIndicesOverlapping } from '../../shared/grounding/selection.js';
import { ROWS_ABOVE_SELECTION, type MarkdownRows } from './markdownRows.js';

/** The rows a field's click mounts around its block: those above it, and about twenty below (two thirds of the view). */
const ROWS_BEFORE = ROWS_ABOVE_SELECTION;
const ROWS_AFTER = 20;
/** Blocks rendered ahead at most: well inside blockHtml's cache, so the blocks the reviewer has seen stay in it. */
export const MAX_BLOCKS_AHEAD = 1500;
/**
 * Longer blocks (a table of hundreds of rows, say) are left to be rendered when shown: one of
 * them alone can outlast an idle period many times over, a long task in the reviewer's way.
 */
export const MAX_LENGTH_AHEAD = 8000;
/** An idle period shorter than this is left to the browser: one block takes about a third of it. */
const MIN_IDLE_MS = 2;
/**
 * The most one idle callback works, however long the period: a click that comes meanwhile
 * waits for the slice to end, and idle time knows nothing of input on its way.
 */
const SLICE_MS = 2;

/**
 * The blocks a click on each field would mount, each once, at most `limit` of them (counting
 * the long ones passed over): first every field's own blocks (drawn whatever a frame's budget),
 * then the rows around each field's first block in turn, nearest first. One step at a time: a
 * step gives a block's id to render, or null when it looked at a field or row and found nothing
 * to render, so a caller can stop between any two steps.
 */
export function* blocksAroundFields(
  model: ParseModel,
  rows: MarkdownRows,
  fieldRanges: Iterable<readonly TextRange[]>,
  limit = MAX_BLOCKS_AHEAD,
): Generator<string | null> {
  const seen = new Set<number>();
  const fieldRows: number[] = [];
  const take = (node: number): string | null => {
    if (node < 0 || seen.has(node)) return null;
    seen.add(node);
    const range = model.nodes.rangeAt(node);
    return range && range.end - range.start > MAX_LENGTH_AHEAD ? null : model.nodes.idAt(node);
  };
  for (const ranges of fieldRanges) {
    const blocks = blocksOfRanges(model, ranges);
    const row = blocks.length > 0 ? rows.rowOfNode[blocks[0]!]! : -1;
    if (row >= 0) fieldRows.push(row);
    yield null;
    for (const block of blocks) {
      yield take(block);
      if (seen.size >= limit) return;
    }
  }
  for (const row of fieldRows) {
    for (let distance = 1; distance <= Math.max(ROWS_BEFORE, ROWS_AFTER); distance++) {
      for (const at of [distance <= ROWS_AFTER ? row + distance : -1, distance <= ROWS_BEFORE ? row - distance : -1]) {
        if (at < 0 || at >= rows.count) continue;
        yield take(rows.node[at]!);
        if (seen.size >= limit) return;
      }
    }
  }
}

/** The blocks holding the nodes a selection of these ranges selects, in that selection's order, each once. */
function blocksOfRanges(model: ParseModel, ranges: readonly TextRange[]): number[] {
  const blocks = new Set<number>();
  for (const range of ranges) {
    for (const leaf of leafIndicesOverlapping(model, range)) {
      const block = blockIndexOf(model, leaf);
      if (block >= 0) blocks.add(block);
    }
  }
  return [...blocks];
}

type IdleScheduler = Pick<typeof globalThis, 'requestIdleCallback' | 'cancelIdleCallback'>;

/** Runs `work` item by item in the window's idle periods until it ends or `signal` aborts. */
export function runWhenIdle(work: Iterator<unknown>, signal: AbortSignal, idle: IdleScheduler = globalThis): void {
  let handle = 0;
  const step = (deadline: IdleDeadline) => {
    if (signal.aborted) return;
    const sliceEnd = deadline.timeRemaining() - SLICE_MS;
    while (deadline.timeRemaining() > Math.max(MIN_IDLE_MS, sliceEnd)) if (work.next().done) return;
    handle = idle.requestIdleCallback(step);
  };
  handle = idle.requestIdleCallback(step);
  signal.addEventListener('abort', () => idle.cancelIdleCallback(handle), { once: true });
}
