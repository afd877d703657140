import { selectNode as selectionOfNode, selectRanges } from '../../../shared/grounding/selection.js';
import type { SliceOf } from './slice.js';
import type { SelectionSlice } from './reviewState.js';

export const createSelectionSlice: SliceOf<SelectionSlice> = (set, get) => {
  function selectNode(id: string | null): void {
    const model = get().model;
    set({ selection: id && model?.nodes.has(id) ? selectionOfNode(model, id) : null });
  }

  function selectField(path: string): void {
    const { model, fieldRanges } = get();
    const ranges = fieldRanges.get(path);
    if (!model || !ranges) return;
    set({ selection: selectRanges(model, path, ranges) });
  }

  function selectFields(id: string, paths: readonly string[]): void {
    const { model, fieldRanges } = get();
    if (!model) return;
    const known = paths.filter((p) => fieldRanges.has(p));
    const ranges = known.flatMap((p) => fieldRanges.get(p) ?? []);
    set({ selection: { ...selectRanges(model, id, ranges), fieldPaths: known } });
  }

  function stepField(direction: 1 | -1, order?: readonly { path: string }[]): void {
    const { selection } = get();
    const fields = order ?? get().fields;
    if (fields.length === 0) return;
    const current = selection?.kind === 'field' ? fields.findIndex((f) => f.path === selection.id) : -1;
    selectField(fields[stepIndex(current, fields.length, direction)]!.path);
  }

  function stepSelection(direction: 1 | -1): void {
    const { model, selection } = get();
    if (!model) return;
    // Node indices are reading order: step over the indices, skipping the document and pages.
    const nodes = model.nodes;
    const isElement = (i: number) => i >= 0 && i < nodes.size && nodes.typeAt(i) !== 'document' && nodes.typeAt(i) !== 'page';
    const from = selection?.kind === 'node' ? nodes.indexOf(selection.id) : -1;
    let target = -1;
    if (isElement(from)) {
      for (let i = from + direction; i >= 0 && i < nodes.size && target < 0; i += direction) if (isElement(i)) target = i;
      // At either end: stay on the current element.
      if (target < 0) target = from;
    } else {
      const start = direction > 0 ? 0 : nodes.size - 1;
      for (let i = start; i >= 0 && i < nodes.size && target < 0; i += direction) if (isElement(i)) target = i;
    }
    if (target < 0) return;
    set({ selection: selectionOfNode(model, nodes.idAt(target)) });
  }

  function setShowLines(showLines: boolean): void {
    set({ showLines });
  }

  return { selection: null, showLines: false, selectNode, selectField, selectFields, stepSelection, stepField, setShowLines };
};

/** From `current` (-1: none yet) one step on, stopping at the ends. */
function stepIndex(current: number, length: number, direction: 1 | -1): number {
  if (current < 0) return direction > 0 ? 0 : length - 1;
  return Math.min(length - 1, Math.max(0, current + direction));
}
