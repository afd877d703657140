/** The comparison as the compare view lists it, and what each side highlights for a row. */
import { valueText } from '../../shared/compare/compareFields.js';
import { groundField } from '../../shared/grounding/groundField.js';
import { selectNode, type Selection } from '../../shared/grounding/selection.js';
import type { PageBox } from '../../shared/grounding/box.js';
import type { Comparison } from '../state/compareStore.js';

export type RowStatus = 'differs' | 'changed' | 'only_a' | 'only_b' | 'same';

export interface CompareRow {
  /** The field's path, or the block's place ("p1 · text-3 ↔ text-5"). */
  key: string;
  label: string;
  status: RowStatus;
  /** Each side's value or text; null where the side has none. */
  a: string | null;
  b: string | null;
  /** For a block: a type change ("heading → text"). */
  note?: string;
}

export const STATUS_WORDS: Record<RowStatus, string> = {
  differs: 'differs',
  changed: 'changed',
  only_a: 'only in A',
  only_b: 'only in B',
  same: 'same',
};

export function rowsOf(comparison: Comparison): CompareRow[] {
  if (comparison.fields) {
    const seen = new Set<string>();
    return comparison.fields.rows.map((row) => {
      // Array items are paired by content, so a row's two paths may differ (A's items[0] is B's items[1]).
      const label = row.a && row.b && row.a.path !== row.b.path ? `${row.a.path} ↔ ${row.b.path}` : row.path;
      // One side's only-row may carry the path of a paired row of the other: keys stay unique.
      const key = seen.has(label) ? `${row.status}:${label}` : label;
      seen.add(key);
      return {
        key,
        label,
        status: row.status,
        a: row.a ? valueText(row.a.value) : null,
        b: row.b ? valueText(row.b.value) : null,
      };
    });
  }
  return (comparison.blocks?.rows ?? []).map((row) => {
    const type = row.a?.type ?? row.b?.type ?? '';
    return {
      key: `${row.a?.id ?? ''}|${row.b?.id ?? ''}`,
      label: `p${row.page ?? '?'} · ${row.typeChanged ? `${row.a!.type} → ${row.b!.type}` : type}`,
      status: row.status,
      a: row.a ? row.a.text : null,
      b: row.b ? row.b.text : null,
      ...(row.part
        ? { note: row.part === 'a_in_b' ? 'split in A: part of one larger block in B' : 'split in B: part of one larger block in A' }
        : row.typeChanged
          ? { note: `read as ${row.a!.type} in A, ${row.b!.type} in B` }
          : {}),
    };
  });
}

/** What one side lights for the row: the field's ranges and boxes in its own source model, or the block. */
export function sideSelection(comparison: Comparison, row: number, side: 'a' | 'b'): Selection | null {
  const model = comparison[side].model;
  if (!model || row < 0) return null;
  if (comparison.fields) {
    const field = comparison.fields.rows[row]?.[side];
    return field ? groundField(model, field) : null;
  }
  const block = comparison.blocks?.rows[row]?.[side];
  return block ? selectNode(model, block.id) : null;
}

/** The page a row is on: A's first, else B's. */
export function rowPage(comparison: Comparison, row: number): number | null {
  return sideSelection(comparison, row, 'a')?.pages[0] ?? sideSelection(comparison, row, 'b')?.pages[0] ?? null;
}

/** Blocks changed, vanished or appeared on a page of one side, to mark on it. */
export function changedBoxes(
  comparison: Comparison,
  side: 'a' | 'b',
  page: number,
): Array<{ box: PageBox; status: RowStatus; id: string }> {
  const out: Array<{ box: PageBox; status: RowStatus; id: string }> = [];
  const seen = new Set<string>();
  for (const row of comparison.blocks?.rows ?? []) {
    if (row.status === 'same') continue;
    const block = row[side];
    // A larger block is in one row per part of it: marked once.
    if (!block?.box || block.box.page !== page || seen.has(block.id)) continue;
    seen.add(block.id);
    out.push({ box: block.box, status: row.status, id: block.id });
  }
  return out;
}
