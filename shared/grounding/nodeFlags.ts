/** What can be wrong with a node of a result, as a list (for the reviewer) and as bits (in the model). */
export type NodeFlag =
  | 'range_out_of_bounds'
  | 'box_out_of_bounds'
  | 'unknown_type'
  | 'unknown_status'
  | 'no_grounding'
  | 'grounding_invalid'
  | 'range_not_found'
  | 'page_invalid'
  | 'cell_invalid'
  | 'too_deep'
  | 'too_many_nodes'
  | 'range_units_unknown';

/** Structure deeper than this is not read (a real tree is a handful of levels; this keeps recursion bounded). */
export const MAX_STRUCTURE_DEPTH = 100;
/** Nodes read at most: four times the 1,000-page benchmark, so a runaway result still opens in seconds. */
export const MAX_MODEL_NODES = 250_000;

/** Every flag, in the order a node's flags are listed; a flag's bit is 1 << its position here. */
export const NODE_FLAGS: readonly NodeFlag[] = [
  'no_grounding',
  'grounding_invalid',
  'unknown_type',
  'box_out_of_bounds',
  'range_units_unknown',
  'range_out_of_bounds',
  'range_not_found',
  'cell_invalid',
  'page_invalid',
  'unknown_status',
  'too_deep',
  'too_many_nodes',
];

export const flagBit = (flag: NodeFlag): number => 1 << NODE_FLAGS.indexOf(flag);
/** All flag bits; the bits above are the model's own (box present, box valid). */
export const FLAG_MASK = (1 << NODE_FLAGS.length) - 1;

/** A node's flag bits as the list the panels show. */
export function flagsOfBits(bits: number): NodeFlag[] {
  const out: NodeFlag[] = [];
  for (let i = 0; i < NODE_FLAGS.length; i++) if (bits & (1 << i)) out.push(NODE_FLAGS[i]!);
  return out;
}

/** What each flag tells the reviewer, next to the node it is on. */
export const NODE_FLAG_LABELS: Record<NodeFlag, string> = {
  range_out_of_bounds: 'range outside the Markdown',
  box_out_of_bounds: 'box invalid',
  unknown_type: 'unknown type',
  unknown_status: 'unknown page status',
  no_grounding: 'no grounding',
  grounding_invalid: 'line grounding invalid',
  range_not_found: 'text not found in the Markdown',
  page_invalid: 'page number invalid',
  cell_invalid: 'cell position invalid',
  too_deep: 'nested too deeply; deeper nodes not shown',
  range_units_unknown: 'range in units other than code points; not linked to the Markdown',
  too_many_nodes: `more than ${MAX_MODEL_NODES.toLocaleString('en')} nodes in the result; the rest are not shown`,
};

/** A node's flags as the reviewer reads them. */
export function flagLabels(flags: readonly NodeFlag[]): string {
  return flags.map((flag) => NODE_FLAG_LABELS[flag]).join(', ');
}
