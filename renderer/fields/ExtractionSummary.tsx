import { describeResult } from '../components/resultWords.js';
import { useReviewStore } from '../state/review/reviewStore.js';

/** What made the fields on screen: extractor, model snapshot, credits (an analyzer result brings its own fields and says so in the status bar). */
export function ExtractionSummary() {
  const extraction = useReviewStore((s) => (s.extraction?.kind === 'extract' ? s.extraction : null));
  if (!extraction) return null;
  return (
    <p className="small muted extraction-summary" data-testid="extraction-summary">
      {describeResult(extraction)}
    </p>
  );
}
