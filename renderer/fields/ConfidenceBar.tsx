import { useMemo } from 'react';
import { hasConfidence, NO_CONFIDENCE, scoreLabel, scoreSource, type WeakestWord } from '../../shared/grounding/confidence.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { useConfidenceSettings } from '../state/fields/confidenceSettings.js';

/**
 * Above the fields: how many are below the threshold, the threshold itself, and the sort.
 * A result without word scores says so once, and offers no threshold or sort.
 */
export function ConfidenceBar({ weakest }: { weakest: Map<string, WeakestWord | null> }) {
  const model = useReviewStore((s) => s.model);
  const threshold = useConfidenceSettings((s) => s.threshold);
  const setThreshold = useConfidenceSettings((s) => s.setThreshold);
  const byConfidence = useConfidenceSettings((s) => s.sortByConfidence);
  const setByConfidence = useConfidenceSettings((s) => s.setSortByConfidence);
  const scored = useMemo(() => (model ? hasConfidence(model) : false), [model]);
  if (!model) return null;
  if (!scored) {
    return (
      <div
        className="confidence-bar muted small"
        data-testid="fields-no-confidence"
        title="This result's words carry no confidence scores (a line-level model, or a text layer), so fields cannot be ranked by it"
      >
        {NO_CONFIDENCE}
      </div>
    );
  }
  const low = [...weakest.values()].filter((w) => w !== null && w.confidence < threshold).length;
  return (
    <div className="confidence-bar small" data-testid="confidence-bar">
      <span data-testid="low-confidence-count" className={low > 0 ? 'warning' : 'muted'}>
        {low} field{low === 1 ? '' : 's'} below {Math.round(threshold * 100)} %
      </span>
      <label title={`Fields whose weakest word has a ${scoreLabel(scoreSource(model))} below this are marked low`}>
        Mark below{' '}
        <input
          type="number"
          min={0}
          max={100}
          step={1}
          value={Math.round(threshold * 100)}
          onChange={(e) => {
            const percent = e.currentTarget.valueAsNumber;
            if (Number.isFinite(percent)) setThreshold(Math.min(100, Math.max(0, percent)) / 100);
          }}
          data-testid="confidence-threshold"
          aria-label="Low-confidence threshold, percent"
        />{' '}
        %
      </label>
      <label>
        Sort{' '}
        <select
          value={byConfidence ? 'confidence' : 'document'}
          onChange={(e) => setByConfidence(e.currentTarget.value === 'confidence')}
          data-testid="fields-sort"
        >
          <option value="document">document order</option>
          <option value="confidence">confidence, lowest first</option>
        </select>
      </label>
    </div>
  );
}
