import type { ParseModel } from '../../shared/grounding/parseModel.js';
import { blocksOf, firstBlockRow, type MarkdownRows } from './markdownRows.js';

/**
 * The rows a field's click mounts around its block: the panel puts the block a third of the way
 * down its view, about ten rows of a usual result above it and twenty below.
 */
const ROWS_BEFORE = 10;
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
const SLICE_MS = 4;

/**
 * The blocks a click on each field would mount, each once, at most `limit` of them (counting
 * the long ones passed over): first every field's own block (the one drawn whatever a frame's
 * budget), then the rows around each field in turn, nearest first. Lazy: a field's nodes are
 * found only when its turn comes, so the work spreads over idle periods too.
 */
export function* blocksAroundFields(
  model: ParseModel,
  rows: MarkdownRows,
  fieldNodeIds: Iterable<readonly string[]>,
  limit = MAX_BLOCKS_AHEAD,
): Generator<string> {
  const seen = new Set<number>();
  const fieldRows: number[] = [];
  function* atRow(row: number): Generator<string> {
    if (row < 0 || row >= rows.count || seen.size >= limit) return;
    const node = rows.node[row]!;
    if (node < 0 || seen.has(node)) return;
    seen.add(node);
    const range = model.nodes.rangeAt(node);
    if (range && range.end - range.start > MAX_LENGTH_AHEAD) return;
    yield model.nodes.idAt(node);
  }
  for (const nodeIds of fieldNodeIds) {
    const row = firstBlockRow(model, rows, blocksOf(model, nodeIds));
    if (row < 0) continue;
    fieldRows.push(row);
    yield* atRow(row);
  }
  for (const row of fieldRows) {
    for (let distance = 1; distance <= Math.max(ROWS_BEFORE, ROWS_AFTER); distance++) {
      if (distance <= ROWS_AFTER) yield* atRow(row + distance);
      if (distance <= ROWS_BEFORE) yield* atRow(row - distance);
    }
  }
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
