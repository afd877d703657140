import { useCompareStore } from '../state/compareStore.js';

/** Under the library's tools once a result is picked (⇄ on its row): compare the two picked, or clear. */
export function LibraryCompareBar() {
  const picks = useCompareStore((s) => s.picks);
  const loading = useCompareStore((s) => s.loading);
  const { comparePicks, clearPicks } = useCompareStore.getState();
  if (picks.length === 0) return null;
  const why = picks.length < 2 ? 'Pick a second result (⇄) to compare with' : loading ? `Comparing ${loading}…` : null;
  return (
    <div className="library-compare-bar" data-testid="library-compare-bar" role="group" aria-label="Compare picked results">
      <span>{picks.length} of 2 picked</span>
      <button
        type="button"
        className="primary"
        disabled={why !== null}
        title={why ?? 'Compare the two picked results side by side'}
        onClick={() => void comparePicks()}
        data-testid="library-compare-run"
      >
        Compare
      </button>
      <button type="button" className="link" onClick={clearPicks} data-testid="library-compare-clear">
        Clear
      </button>
    </div>
  );
}
