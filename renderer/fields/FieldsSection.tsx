import { useState } from 'react';
import { useReviewStore } from '../state/review/reviewStore.js';
import { FieldsPanel } from './FieldsPanel.js';
import { MAX_SHARE, MIN_SHARE, PanelResizer } from './PanelResizer.js';
import { isNumber, readRemembered, writeRemembered } from '../state/fields/remembered.js';
import { useReviewMode } from '../state/fields/reviewModeStore.js';

/** The Fields list's default share of the side column: room for a dozen fields at 1400×900. */
const DEFAULT_SHARE = 60;

/** The Fields section of the side column, under a handle that sets its height (remembered). */
export function FieldsSection() {
  const [share, setShare] = useState(() => {
    const remembered = readRemembered('fieldsShare', DEFAULT_SHARE, isNumber);
    return Math.min(MAX_SHARE, Math.max(MIN_SHARE, remembered));
  });
  return (
    <>
      <PanelResizer
        share={share}
        onChange={(next, done) => {
          setShare(next);
          if (done) writeRemembered('fieldsShare', next);
        }}
      />
      <section className="fields-section" aria-label="Fields" style={{ flexBasis: `${share}%` }}>
        <FieldsHeader />
        <FieldsPanel />
      </section>
    </>
  );
}

function FieldsHeader() {
  const hasFields = useReviewStore((s) => s.fields.length > 0);
  const on = useReviewMode((s) => s.on);
  const setOn = useReviewMode((s) => s.setOn);
  return (
    <div className="fields-header">
      <h2>Fields</h2>
      {hasFields ? <ExportButtons /> : null}
      {hasFields ? (
        <button
          type="button"
          className={`review-mode-toggle${on ? ' on' : ''}`}
          aria-pressed={on}
          onClick={() => setOn(!on)}
          data-testid="review-mode"
        >
          Review mode: {on ? 'on' : 'off'}
        </button>
      ) : null}
    </div>
  );
}

/** The review as a file: every field with both values, its page(s), box(es) and source text. */
function ExportButtons() {
  const exportReview = useReviewStore((s) => s.exportReview);
  return (
    <span className="fields-export" role="group" aria-label="Export the review">
      Export
      <button type="button" onClick={() => void exportReview('json')} data-testid="export-review-json">
        JSON
      </button>
      <button type="button" onClick={() => void exportReview('csv')} data-testid="export-review-csv">
        CSV
      </button>
    </span>
  );
}
