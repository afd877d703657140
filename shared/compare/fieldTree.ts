/**
 * Flat fields (`line_items[2].amount`) put back into the shape of the extraction they came
 * from, so two extractions can be walked together: objects key by key, arrays item by item.
 * A node may hold a leaf and children at once (keys with dots in them make such paths); both
 * are kept, nothing is dropped.
 */
import type { FieldEntry } from '../grounding/fields.js';

export interface FieldNode {
  field: FieldEntry | null;
  keys: Map<string, FieldNode>;
  /** Array items by index, in index order once built. */
  items: Map<number, FieldNode>;
}

/** Fields placed between two steps of growingFieldTree. */
const FIELDS_PER_STEP = 500;

const node = (): FieldNode => ({ field: null, keys: new Map(), items: new Map() });

/** `a.b[2].c` → ['a', 'b', 2, 'c']. */
export function pathSteps(path: string): Array<string | number> {
  const steps: Array<string | number> = [];
  for (const match of path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) steps.push(match[1] !== undefined ? Number(match[1]) : match[2]!);
  return steps;
}

export function fieldTree(fields: readonly FieldEntry[]): FieldNode {
  const steps = growingFieldTree(fields);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** fieldTree in steps of FIELDS_PER_STEP fields, for a caller that runs it between frames. */
export function* growingFieldTree(fields: readonly FieldEntry[]): Generator<void, FieldNode> {
  const root = node();
  for (let k = 0; k < fields.length; k++) {
    if (k % FIELDS_PER_STEP === FIELDS_PER_STEP - 1) yield;
    const field = fields[k]!;
    let at = root;
    for (const step of pathSteps(field.path)) {
      const children: Map<string | number, FieldNode> = typeof step === 'number' ? at.items : at.keys;
      let next = children.get(step);
      if (!next) children.set(step, (next = node()));
      at = next;
    }
    at.field ??= field; // a path twice: the first counts, as matching by path did
  }
  sortItems(root);
  return root;
}

function sortItems(at: FieldNode): void {
  if (at.items.size > 1) at.items = new Map([...at.items.entries()].sort((x, y) => x[0] - y[0]));
  for (const child of at.keys.values()) sortItems(child);
  for (const child of at.items.values()) sortItems(child);
}

/** Every field under a node, in order. */
export function leavesOf(at: FieldNode, out: FieldEntry[] = []): FieldEntry[] {
  if (at.field) out.push(at.field);
  for (const child of at.keys.values()) leavesOf(child, out);
  for (const child of at.items.values()) leavesOf(child, out);
  return out;
}
