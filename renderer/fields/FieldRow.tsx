import { memo, useEffect, useRef } from 'react';
import { FIELD_FLAG_LABELS, type ExtractNotice, type FieldEntry } from '../../shared/grounding/fields.js';
import { useReviewStore } from '../review/reviewStore.js';
import { FieldReview } from './FieldReview.js';

/** One field: name, the model's value and the review buttons on one line; a correction, flags and notices below. */
export const FieldRow = memo(function FieldRow({ field, notices }: { field: FieldEntry; notices: ExtractNotice[] }) {
  const selected = useReviewStore((s) => s.selection?.kind === 'field' && s.selection.id === field.path);
  const selectField = useReviewStore((s) => s.selectField);
  const decision = useReviewStore((s) => s.review?.fields[field.path]);
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return (
    <li
      ref={ref}
      data-testid="field"
      data-field={field.path}
      data-selected={selected ? 'true' : undefined}
      data-status={decision?.status ?? 'unreviewed'}
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
      <span className="field-value">{field.value === null || field.value === undefined ? <em className="muted">not found</em> : String(field.value)}</span>
      <FieldReview key={decision?.decidedAt ?? 'none'} path={field.path} modelValue={field.value} decision={decision} />
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
    </li>
  );
});
