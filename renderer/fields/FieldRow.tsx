import { memo } from 'react';
import { formatConfidence, scoreLabel, type ScoreSource, type WeakestWord } from '../../shared/grounding/confidence.js';
import { FIELD_FLAG_LABELS, type ExtractNotice, type FieldEntry } from '../../shared/grounding/fields.js';
import { selectionMembership, useSelectionMember } from '../state/review/selectionMembership.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { FieldReview } from './FieldReview.js';
import { useRules } from '../state/fields/rulesStore.js';
import { decisionOf } from '../../shared/reviewFields.js';

const selectedField = selectionMembership(useReviewStore, (selection) => (selection.kind === 'field' ? [selection.id] : []));
/** A rule's fields, selected together. */
const fieldsOfSelectedRule = selectionMembership(useReviewStore, (selection) => selection.fieldPaths ?? []);

/** One field: name, the model's value and the review buttons on one line; a correction, flags and notices below. */
export const FieldRow = memo(function FieldRow({
  field,
  notices,
  weakest,
  threshold,
  source,
}: {
  field: FieldEntry;
  notices: ExtractNotice[];
  /** The least sure word of the field's value; null when none of its words is scored. */
  weakest: WeakestWord | null;
  threshold: number;
  /** Where the result's scores came from; null when it has none. */
  source: ScoreSource | null;
}) {
  const selected = useSelectionMember(selectedField, field.path);
  const inRuleSelection = useSelectionMember(fieldsOfSelectedRule, field.path);
  const failing = useRules((s) => s.failing.get(field.path));
  const passing = useRules((s) => s.passing.get(field.path));
  const selectField = useReviewStore((s) => s.selectField);
  const decision = useReviewStore((s) => decisionOf(s.review?.fields, field.path));
  const low = weakest !== null && weakest.confidence < threshold;
  return (
    <div
      data-testid="field"
      data-field={field.path}
      data-selected={selected ? 'true' : undefined}
      data-status={decision?.status ?? 'unreviewed'}
      data-low-confidence={low ? 'true' : undefined}
      data-rule-selected={inRuleSelection ? 'true' : undefined}
      className="field-row"
      onClick={() => selectField(field.path)}
      role="button"
      aria-current={selected ? 'true' : undefined}
      tabIndex={0}
      onKeyDown={(e) => e.key === 'Enter' && e.target === e.currentTarget && selectField(field.path)}
    >
      <span className="field-name" title={field.path}>
        {field.path}
      </span>
      <span className="field-value">
        {field.value === null || field.value === undefined ? <em className="muted">not found</em> : String(field.value)}
        {failing ? (
          <span
            className="field-rule-mark rule-fail"
            data-testid="field-rule-mark"
            data-status="fail"
            title={failing.map((r) => `Fails — line ${r.line}: ${r.rule} (${r.message})`).join('\n')}
          >
            ✗ {failing.length === 1 ? 'rule' : `${failing.length} rules`}
          </span>
        ) : passing ? (
          <span
            className="field-rule-mark rule-pass"
            data-testid="field-rule-mark"
            data-status="pass"
            title={passing.map((r) => `Passes — line ${r.line}: ${r.rule}`).join('\n')}
          >
            ✓ {passing.length === 1 ? 'rule' : `${passing.length} rules`}
          </span>
        ) : null}
      </span>
      {source !== null && field.ranges.length > 0 ? (
        <FieldConfidence weakest={weakest} low={low} source={source} threshold={threshold} />
      ) : null}
      <FieldReview key={decision?.decidedAt ?? 'none'} path={field.path} modelValue={field.value} decision={decision} />
      {selected && weakest !== null && source !== null ? (
        <span className="field-extra small muted" data-testid="field-weakest-word">
          weakest word
          {weakest.text !== null ? (
            <>
              {' '}
              <strong className={low ? 'warning' : undefined}>“{weakest.text}”</strong>
            </>
          ) : null}
          , {scoreLabel(source)} {formatConfidence(weakest.confidence)} (outlined in red on the page)
        </span>
      ) : null}
      {decision?.status === 'corrected' ? (
        <span className="field-corrected field-extra" data-testid="field-corrected">
          → {decision.correctedValue}
        </span>
      ) : null}
      {decision?.note ? <span className="field-extra field-note muted small">note: {decision.note}</span> : null}
      {field.ranges.length === 0 && field.value !== null ? <span className="field-extra warning small">no source range</span> : null}
      {(field.flags ?? []).map((flag) => (
        <span key={flag} className="field-extra warning small" data-testid="field-flag" data-flag={flag}>
          ⚠ {FIELD_FLAG_LABELS[flag]}
        </span>
      ))}
      {notices.map((n, i) => (
        <span key={i} className="field-extra field-notice" data-testid="field-warning">
          <code>{n.code}</code> {n.message}
        </span>
      ))}
    </div>
  );
});

/** The value's weakest word and its score, marked when below the threshold. */
function FieldConfidence({
  weakest,
  low,
  source,
  threshold,
}: {
  weakest: WeakestWord | null;
  low: boolean;
  source: ScoreSource;
  threshold: number;
}) {
  if (weakest === null) {
    return (
      <span
        className="field-confidence muted small"
        data-testid="field-confidence"
        title="None of the words under this field's ranges carries a score"
      >
        no score
      </span>
    );
  }
  const percent = formatConfidence(weakest.confidence);
  return (
    <span
      className={`field-confidence small${low ? ' field-confidence-low' : ''}`}
      data-testid="field-confidence"
      data-confidence={weakest.confidence}
      title={`Weakest word${weakest.text !== null ? ` "${weakest.text}"` : ''}: ${scoreLabel(source)} ${percent}${low ? `, below the ${formatConfidence(threshold)} mark` : ''}`}
    >
      {low ? '⚠ ' : ''}
      {percent}
    </span>
  );
}
