/**
 * Marks the exact characters of a selection inside rendered Markdown blocks with the CSS
 * Custom Highlight API (no DOM changes, so React's tree stays untouched). Rendering drops
 * Markdown syntax, so the selected text is looked up in the block's rendered text; where it
 * cannot be found (a range across syntax), the block-level highlight is what remains.
 */
const HIGHLIGHT = 'groundwork-exact';

interface HighlightRegistry {
  set(name: string, highlight: unknown): void;
  delete(name: string): void;
}

function registry(): { highlights: HighlightRegistry; make: (ranges: Range[]) => unknown } | null {
  const css = (globalThis as unknown as { CSS?: { highlights?: HighlightRegistry } }).CSS;
  const HighlightCtor = (globalThis as unknown as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
  if (!css?.highlights || !HighlightCtor) return null;
  return { highlights: css.highlights, make: (ranges) => new HighlightCtor(...ranges) };
}

export function highlightExactText(blocks: HTMLElement[], texts: string[]): void {
  const api = registry();
  if (!api) return;
  const ranges: Range[] = [];
  for (const text of texts) {
    const needle = text.trim();
    if (!needle) continue;
    for (const block of blocks) {
      const range = findText(block, needle);
      if (range) {
        ranges.push(range);
        break;
      }
    }
  }
  if (ranges.length === 0) api.highlights.delete(HIGHLIGHT);
  else api.highlights.set(HIGHLIGHT, api.make(ranges));
}

export function clearExactHighlight(): void {
  registry()?.highlights.delete(HIGHLIGHT);
}

/** A DOM Range over the first occurrence of `needle` in the element's text, across text nodes. */
function findText(root: HTMLElement, needle: string): Range | null {
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
