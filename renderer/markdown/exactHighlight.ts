/**
 * Marks the exact characters of a field inside rendered Markdown blocks with the CSS
 * Custom Highlight API (no DOM changes, so React's tree stays untouched). Rendering drops
 * Markdown syntax, so the selected text is looked up in the block's rendered text; where it
 * cannot be found (a range across syntax), the block-level highlight is what remains.
 * Blocks come and go with the virtual list, so each block registers its own ranges.
 */
const HIGHLIGHT = 'groundwork-exact';
const byBlock = new Map<string, Range[]>();

interface HighlightRegistry {
  set(name: string, highlight: unknown): void;
  delete(name: string): void;
}

function apply(): void {
  const css = (globalThis as unknown as { CSS?: { highlights?: HighlightRegistry } }).CSS;
  const HighlightCtor = (globalThis as unknown as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
  if (!css?.highlights || !HighlightCtor) return;
  const ranges = [...byBlock.values()].flat();
  if (ranges.length === 0) css.highlights.delete(HIGHLIGHT);
  else css.highlights.set(HIGHLIGHT, new HighlightCtor(...ranges));
}

/** Sets (or, with no texts, clears) the exact marks inside one mounted block. */
export function markExactText(blockId: string, element: HTMLElement | null, texts: string[]): void {
  const ranges = element ? texts.map((t) => findText(element, t.trim())).filter((r): r is Range => r !== null) : [];
  if (ranges.length === 0 && !byBlock.has(blockId)) return;
  if (ranges.length === 0) byBlock.delete(blockId);
  else byBlock.set(blockId, ranges);
  apply();
}

/** A DOM Range over the first occurrence of `needle` in the element's text, across text nodes. */
function findText(root: HTMLElement, needle: string): Range | null {
  if (!needle) return null;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  let whole = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push(node as Text);
    whole += (node as Text).data;
  }
  const at = whole.indexOf(needle);
  if (at < 0) return null;
  const range = document.createRange();
  let offset = 0;
  let started = false;
  for (const node of nodes) {
    const end = offset + node.data.length;
    if (!started && at < end) {
      range.setStart(node, at - offset);
      started = true;
    }
    if (started && at + needle.length <= end) {
      range.setEnd(node, at + needle.length - offset);
      return range;
    }
    offset = end;
  }
  return null;
}
