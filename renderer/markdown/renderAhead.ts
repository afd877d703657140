import type { ParseModel, TextRange } from '../../shared/grounding/parseModel.js';
import { blockIndexOf, leafIndicesOverlapping } from '../../shared/grounding/selection.js';
import { BLOCKS_KEPT, CHARACTERS_KEPT } from './blockHtml.js';
import { ROWS_ABOVE_SELECTION, type MarkdownRows } from './markdownRows.js';

/** The rows a field's click mounts around its block: those above it, and about twenty below (two thirds of the view). */
const ROWS_BEFORE = ROWS_ABOVE_SELECTION;
const ROWS_AFTER = 20;
/**
 * Blocks rendered ahead at most (about thirty for each of 250 fields): three quarters of the
 * HTML cache, so the blocks the reviewer has seen stay in it too.
 */
export const MAX_BLOCKS_AHEAD = (BLOCKS_KEPT * 3) / 4;
/** Characters of HTML rendered ahead at most: three quarters of the cache's too (long blocks fill it before their count does). */
export const MAX_CHARACTERS_AHEAD = (CHARACTERS_KEPT * 3) / 4;
/**
 * Longer blocks (a table of hundreds of rows, say) are left to be rendered when shown: one of
 * them alone can outlast an idle period many times over, a long task in the reviewer's way.
 */
export const MAX_LENGTH_AHEAD = 8000;
/** An idle period with less left than this is left to the browser: one block takes about a third of it. */
const MIN_IDLE_MS = 2;
/**
 * The most one task works. An idle period lasts up to 50 ms when nothing is drawing, and idle
 * time knows nothing of input on its way: the period is worked in slices of this long, each its
 * own task of the lowest priority, so a click waits at most one slice before it is handled.
 */
const SLICE_MS = 2;

/**
 * The blocks a click on each field would mount, each once, at most `limit` of them (counting
 * the long ones passed over): first every field's own blocks (drawn whatever a frame's budget),
 * then the rows around the fields' first blocks ring by ring: every field's next rows before any
 * field's farther ones, so a limit cuts the rows a click is least likely to show. One step at a time: a
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
  for (let distance = 1; distance <= Math.max(ROWS_BEFORE, ROWS_AFTER); distance++) {
    for (const row of fieldRows) {
      for (const at of [distance <= ROWS_AFTER ? row + distance : -1, distance <= ROWS_BEFORE ? row - distance : -1]) {
        if (at < 0 || at >= rows.count) continue;
        yield take(rows.node[at]!);
        if (seen.size >= limit) return;
      }
    }
  }
}

/**
 * Renders each block `blocks` gives (`render` answers its HTML's length), one step per step of
 * `blocks` so a caller can stop between any two, until the HTML rendered comes to `maxCharacters`.
 */
export function* renderEach(
  blocks: Iterable<string | null>,
  render: (id: string) => number,
  maxCharacters = MAX_CHARACTERS_AHEAD,
): Generator<void> {
  let characters = 0;
  for (const id of blocks) {
    if (id !== null && (characters += render(id)) >= maxCharacters) return;
    yield;
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

/** When the window is idle, and how work goes on in a later task (the lowest priority there is). */
export interface IdleScheduler {
  requestIdleCallback(callback: IdleRequestCallback): number;
  cancelIdleCallback(handle: number): void;
  /** Runs `task` in a task of its own, after whatever waits with a higher priority. */
  later(task: () => void): void;
}

const windowScheduler: IdleScheduler = {
  requestIdleCallback: (callback) => requestIdleCallback(callback),
  cancelIdleCallback: (handle) => cancelIdleCallback(handle),
  // Chromium's (and so Electron's) task scheduler; a plain timeout elsewhere. A task that throws
  // is reported as an uncaught error, as from a timeout, not as a rejection nobody handles.
  later: (task) =>
    'scheduler' in globalThis
      ? void (globalThis as unknown as { scheduler: TaskScheduler }).scheduler.postTask(task, { priority: 'background' }).catch(reportError)
      : void setTimeout(task),
};
interface TaskScheduler {
  postTask(task: () => void, options: { priority: 'background' }): Promise<void>;
}

/**
 * Runs `work` item by item while the window is idle, until it ends or `signal` aborts: from the
 * start of an idle period to its end, a slice per task (a single slice per period would use a
 * twenty-fifth of a quiet window's idle time), then in the next period.
 */
export function runWhenIdle(work: Iterator<unknown>, signal: AbortSignal, scheduler: IdleScheduler = windowScheduler): void {
  let handle = 0;
  const slice = (deadline: IdleDeadline) => {
    if (signal.aborted) return;
    const sliceEnd = Math.max(MIN_IDLE_MS, deadline.timeRemaining() - SLICE_MS);
    while (deadline.timeRemaining() > sliceEnd) if (work.next().done) return;
    if (deadline.timeRemaining() > MIN_IDLE_MS) scheduler.later(() => slice(deadline));
    else handle = scheduler.requestIdleCallback(slice);
  };
  handle = scheduler.requestIdleCallback(slice);
  signal.addEventListener('abort', () => scheduler.cancelIdleCallback(handle), { once: true });
}
