import { compareKindOf } from '../../shared/compare/comparable.js';
import { describeResult } from '../components/resultWords.js';
import { useLibraryStore } from '../state/library/libraryStore.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { useCompareStore } from '../state/compareStore.js';

/**
 * "Compare with…" on the toolbar: the open extraction (or, without one, the open parse
 * result) against another run of the same kind of this document.
 */
export function CompareWith() {
  const documentId = useReviewStore((s) => s.document?.id);
  const current = useReviewStore((s) => s.extraction ?? s.result);
  const results = useLibraryStore((s) => s.library.find((e) => e.document.id === documentId)?.results);
  if (!current) return null;
  const kind = compareKindOf(current);
  const others = (results ?? []).filter((r) => r.id !== current.id && compareKindOf(r) === kind);
  const what = kind === 'extract' ? 'extraction' : 'parse result';
  const why =
    others.length === 0 ? `This document has no other ${what} to compare with: run another engine, model or schema first.` : undefined;
  return (
    <select
      data-testid="compare-with"
      aria-label={`Compare the open ${what} with another run`}
      title={why ?? `Compare the open ${what} with another run of this document`}
      disabled={others.length === 0}
      value=""
      onChange={(e) => {
        if (e.target.value) void useCompareStore.getState().compare(current.id, e.target.value);
      }}
    >
      <option value="">Compare with…</option>
      {others.map((r) => (
        <option key={r.id} value={r.id}>
          {describeResult(r)} · {new Date(r.createdAt).toLocaleString()}
        </option>
      ))}
    </select>
  );
}
