import type { PageBox } from './box.js';
import { sliceMarkdown, type ModelNode, type ParseModel, type TextRange } from './parseModel.js';

/** The one selection every panel derives its highlight from. */
export interface Selection {
  kind: 'node' | 'field';
  /** The node id or field path that was clicked. */
  id: string;
  /** Structure nodes that are part of the selection (highlighted boxes, tree rows). */
  nodeIds: string[];
  /** Exact UTF-16 ranges of the Markdown. */
  ranges: TextRange[];
  boxes: PageBox[];
  /**
   * Nodes whose own box is only context: a field lit the words or lines of its value inside
   * them (their atomic grounding), so the block is drawn as a faint outline around those.
   */
  outlineNodeIds?: string[];
  pages: number[];
  /** The exact Markdown text of the ranges, joined by " … " when there are several. */
  text: string;
  /** Several fields selected at once (a rule's): their paths, each row shown as part of the selection. */
  fieldPaths?: string[];
}

export function selectNode(model: ParseModel, id: string): Selection | null {
  const index = model.nodes.indexOf(id);
  if (index < 0) return null;
  const range = model.nodes.rangeAt(index);
  const box = model.nodes.boxAt(index);
  const page = model.nodes.pageAt(index);
  const ranges = range ? [range] : [];
  return {
    kind: 'node',
    id,
    nodeIds: [id],
    ranges,
    boxes: box ? [box] : [],
    pages: page !== null ? [page] : [],
    text: ranges.map((r) => sliceMarkdown(model, r)).join(' … '),
  };
}

/**
 * Grounds ranges (an extracted field's) back to the source: the smallest nodes whose
 * ranges overlap them, their boxes (the atomic segments, words or lines, the ranges touch:
 * the value's own boxes, not its block's; the block's box where it has none) and their pages.
 */
export function selectRanges(model: ParseModel, id: string, ranges: TextRange[]): Selection {
  const nodeIds = new Set<string>();
  const boxes: PageBox[] = [];
  const pages = new Set<number>();
  const outlined = new Set<string>();
  for (const range of ranges) {
    for (const node of leavesOverlapping(model, range)) {
      nodeIds.add(node.id);
      const atoms = node.atomic.filter(
        (a) => a.range !== null && a.range.start < Math.max(range.end, range.start + 1) && a.range.end > range.start,
      );
      const chosen = atoms.length > 0 ? atoms.map((a) => a.box) : node.box ? [node.box] : [];
      if (atoms.length > 0) outlined.add(node.id);
      boxes.push(...chosen);
      for (const box of chosen) pages.add(box.page);
    }
  }
  return {
    kind: 'field',
    id,
    nodeIds: [...nodeIds],
    ranges,
    boxes,
    outlineNodeIds: [...outlined],
    pages: [...pages].sort((a, b) => a - b),
    text: ranges.map((r) => sliceMarkdown(model, r)).join(' … '),
  };
}

function leavesOverlapping(model: ParseModel, range: TextRange): ModelNode[] {
  return leafIndicesOverlapping(model, range).map((i) => model.nodes.at(i));
}

/** Nodes overlapping a range that have no child also overlapping it (cells rather than their table), by index. */
export function leafIndicesOverlapping(model: ParseModel, range: TextRange): number[] {
  const hits = model.ranges.overlapping(range.start, range.end);
  const hitSet = new Set(hits);
  const nodes = model.nodes;
  return hits.filter((i) => !nodes.childrenAt(i).some((child) => hitSet.has(child)));
}

/** The top-level element (a child of a page) that holds a node: the unit the Markdown panel draws. */
export function blockOf(model: ParseModel, id: string): string | null {
  const block = blockIndexOf(model, model.nodes.indexOf(id));
  return block < 0 ? null : model.nodes.idAt(block);
}

/** blockOf by node index, without materialising a node: -1 when the node is in no page. */
export function blockIndexOf(model: ParseModel, index: number): number {
  const nodes = model.nodes;
  // Parents precede children (checked when the model is read), so this walk ends.
  for (let i = index; i >= 0;) {
    const parent = nodes.parentAt(i);
    if (parent < 0) return -1;
    if (nodes.typeAt(parent) === 'page') return i;
    i = parent;
  }
  return -1;
}
