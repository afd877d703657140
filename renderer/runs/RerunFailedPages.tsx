import { useServiceHealth } from '../state/serviceHealthStore.js';
import { useKeysStore } from '../state/keysStore.js';
import { rerunLabel } from '../components/resultWords.js';
import { useReviewStore } from '../state/review/reviewStore.js';

/** Engines whose partial answers are v2 parse answers, whose failed pages v2 can parse again. */
const RERUNNABLE = new Set(['parse', 'import']);

/**
 * "Re-run 2 failed pages" on a partial cloud parse result: the pages go to v2 parse again and
 * the merged result is stored beside this one, then opens. Disabled, saying why, without a v2
 * key, while the service is unreachable, or while a run is under way.
 */
export function RerunFailedPages() {
  const result = useReviewStore((s) => s.result);
  const failedPages = useReviewStore((s) => s.model?.failedPages);
  const run = useReviewStore((s) => (s.document ? s.runs[s.document.id] : undefined));
  const hasKey = useKeysStore((s) => s.keys.some((k) => k.kind === 'v2' && k.enabled));
  const unreachable = useServiceHealth((s) => Object.keys(s.unreachable).length > 0);
  if (!result || result.kind !== 'parse' || !failedPages || failedPages.length === 0) {
    return result?.rerun ? (
      <span
        className="muted small"
        data-testid="rerun-origin"
        title={`Merged from result ${result.rerun.resultId} with ${rerunLabel(result.rerun)}${result.rerun.jobId ? ` by job ${result.rerun.jobId}` : ''}`}
      >
        Merged result: {rerunLabel(result.rerun)}
      </span>
    ) : null;
  }
  const count = failedPages.length;
  const label = `Re-run ${count} failed page${count === 1 ? '' : 's'}`;
  const why = !RERUNNABLE.has(result.engine)
    ? 'Only a cloud parse (v2) result can have its failed pages re-run; run the cloud parser on the document instead.'
    : run
      ? 'A run is under way on this document.'
      : !hasKey
        ? 'Re-running needs a v2 parse key: add one on the Keys screen.'
        : unreachable
          ? 'The service is unreachable now; re-run when it answers again.'
          : typeof navigator !== 'undefined' && !navigator.onLine
            ? 'This computer is offline; re-run when it is back online.'
            : null;
  return (
    <button
      type="button"
      data-testid="rerun-failed-pages"
      disabled={why !== null}
      title={
        why ??
        `Parse page${count === 1 ? '' : 's'} ${failedPages.join(', ')} again in the cloud; the merged result is stored beside this one.`
      }
      onClick={() => void useReviewStore.getState().rerunFailedPages()}
    >
      {label}
    </button>
  );
}
