import type { ParseModel } from '../../shared/grounding/parseModel.js';
import { blockOf } from '../../shared/grounding/selection.js';

/**
 * The Markdown panel's rows: page breaks and blocks in reading order, as columns (61,000 rows
 * of a long document cost a few typed arrays, not an object and an id string each):
 * `node[row]` is a block's node index, or -1 - its index in `model.pages` for a page break;
 * `pageNumber[row]` its page, for following the viewer; `rowOfNode[node]` a block's row (-1:
 * not a block); `rowOfPage` where each page starts.
 */
/**
 * The rows a far selection shows above its block: the panel puts the block a third of the way
 * down its view, about ten rows of a usual result below the view's top.
 */
export const ROWS_ABOVE_SELECTION = 10;

export interface MarkdownRows {
  count: number;
  node: Int32Array;
  pageNumber: Int32Array;
  rowOfNode: Int32Array;
  rowOfPage: Map<number, number>;
}

export function markdownRows(model: ParseModel): MarkdownRows {
  const pageNodes = model.pages.map((page) => model.nodes.indexOf(page.nodeId));
  const count = pageNodes.reduce((sum, n) => sum + 1 + (n < 0 ? 0 : model.nodes.childrenAt(n).length), 0);
  const rows: MarkdownRows = {
    count,
    node: new Int32Array(count),
    pageNumber: new Int32Array(count),
    rowOfNode: new Int32Array(model.nodes.size).fill(-1),
    rowOfPage: new Map(),
  };
  let row = 0;
  model.pages.forEach((page, pageIndex) => {
    if (!rows.rowOfPage.has(page.page)) rows.rowOfPage.set(page.page, row);
    rows.node[row] = -1 - pageIndex;
    rows.pageNumber[row++] = page.page;
    const pageNode = pageNodes[pageIndex]!;
    for (const child of pageNode < 0 ? [] : model.nodes.childrenAt(pageNode)) {
      rows.rowOfNode[child] = row;
      rows.node[row] = child;
      rows.pageNumber[row++] = page.page;
    }
  });
  return rows;
}

/** The blocks holding a selection's nodes, in the order their nodes come (each once). */
export function blocksOf(model: ParseModel, nodeIds: readonly string[]): Set<string> {
  const blocks = new Set<string>();
  for (const id of nodeIds) {
    const block = blockOf(model, id);
    if (block) blocks.add(block);
  }
  return blocks;
}

/** The row the panel scrolls to for a selection: its first block's, or -1 when it has none. */
export function firstBlockRow(model: ParseModel, rows: MarkdownRows, blocks: Set<string>): number {
  const first = blocks.values().next().value;
  return first === undefined ? -1 : (rows.rowOfNode[model.nodes.indexOf(first)] ?? -1);
}
