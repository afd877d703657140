import { sliceMarkdown, type ParseModel } from '../../shared/grounding/parseModel.js';
import { escapeHtml, renderMarkdown } from './renderMarkdown.js';

/**
 * Each block's sanitized HTML, kept for the blocks seen last: parsing and sanitizing a block
 * costs far more than mounting it, and a virtual list mounts the same blocks again at every
 * scroll back and forth and every click that re-renders them. Bounded in blocks and in
 * characters (ten thousand table blocks of 50 KB each would be a gigabyte), so scrolling a
 * 60,000-block result end to end does not keep all of its HTML; dropped with the model.
 */
export const BLOCKS_KEPT = 10_000;
/** About 20 MB of UTF-16: a thousand characters a block on average. */
export const CHARACTERS_KEPT = 10_000_000;
interface Kept {
  /** Most recently used last: a Map iterates in insertion order. */
  byId: Map<string, string>;
  characters: number;
}
const cache = new WeakMap<ParseModel, Kept>();

/**
 * Rendering new blocks gets this many ms per frame: a fast scroll mounts a hundred blocks a
 * frame, and rendering all of them at once is a long task. The rest wait a frame or two.
 */
const FRAME_BUDGET_MS = 6;
let spent = 0;
let resetting = false;

export function blockHtml(model: ParseModel, id: string): string {
  return lookup(model, id, 'always')!;
}

/** The block's HTML, or null when this frame's rendering budget is spent (ask again next frame). */
export function blockHtmlWithinFrame(model: ParseModel, id: string): string | null {
  return lookup(model, id, 'within-frame');
}

/** Renders the block's HTML into the cache ahead of its row, in idle time (no frame's budget is spent on it): its length. */
export function renderBlockAhead(model: ParseModel, id: string): number {
  return lookup(model, id, 'idle')!.length;
}

/** The block's Markdown as escaped text: what a block shows for the frame or two before its HTML. */
export function blockPlaceholder(model: ParseModel, id: string): string {
  const range = model.nodes.get(id)?.range;
  return range ? `<p class="md-pending">${escapeHtml(sliceMarkdown(model, range))}</p>` : '';
}

function lookup(model: ParseModel, id: string, when: 'always' | 'within-frame' | 'idle'): string | null {
  let kept = cache.get(model);
  if (!kept) cache.set(model, (kept = { byId: new Map(), characters: 0 }));
  let html = kept.byId.get(id);
  if (html !== undefined) {
    kept.byId.delete(id);
  } else {
    if (when === 'within-frame' && spent >= FRAME_BUDGET_MS) return null;
    const started = performance.now();
    const range = model.nodes.get(id)?.range;
    html = range ? renderMarkdown(sliceMarkdown(model, range)) : '';
    if (when !== 'idle') spend(performance.now() - started);
    kept.characters += html.length;
    while (kept.byId.size >= BLOCKS_KEPT || (kept.characters > CHARACTERS_KEPT && kept.byId.size > 0)) {
      const [oldest, oldHtml] = kept.byId.entries().next().value!;
      kept.byId.delete(oldest);
      kept.characters -= oldHtml.length;
    }
  }
  kept.byId.set(id, html);
  return html;
}

function spend(ms: number): void {
  spent += ms;
  if (resetting) return;
  resetting = true;
  requestAnimationFrame(() => {
    spent = 0;
    resetting = false;
  });
}
