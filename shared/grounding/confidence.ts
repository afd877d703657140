import type { ParseModel } from './parseModel.js';
import type { Selection } from './selection.js';

/**
 * The lowest word confidence under a selection: over a node's words (a table's, through its
 * cells), or over the words a field's ranges touch. Results carry confidence per word only
 * (as the service's word-level model does), so a selection is as sure as its least sure word.
 * Null when no word under it has one (a text layer, a line-level model).
 */
export function lowestConfidence(model: ParseModel, selection: Selection): number | null {
  let lowest: number | null = null;
  const consider = (confidence: number | undefined) => {
    if (confidence !== undefined && (lowest === null || confidence < lowest)) lowest = confidence;
  };
  const touches = (range: { start: number; end: number }) =>
    selection.kind === 'node' || selection.ranges.some((r) => range.start < Math.max(r.end, r.start + 1) && range.end > r.start);
  const visit = (id: string, depth: number) => {
    const node = model.nodes.get(id);
    if (!node || depth > 3) return;
    for (const atom of node.atomic) if (touches(atom.range)) consider(atom.confidence);
    for (const child of node.childIds) visit(child, depth + 1);
  };
  for (const id of selection.nodeIds) visit(id, 0);
  return lowest;
}

/** "87 %" */
export function formatConfidence(confidence: number): string {
  return `${Math.round(confidence * 100)} %`;
}
