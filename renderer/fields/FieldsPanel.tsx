import type { ExtractNotice } from '../../shared/grounding/fields.js';
import { useReviewStore } from '../review/reviewStore.js';
import { ExtractionSummary } from './ExtractionSummary.js';
import { FieldRow } from './FieldRow.js';
import { FieldsNotices } from './FieldsNotices.js';
import { ReviewBar } from './ReviewBar.js';
import { SchemaEditor } from './SchemaEditor.js';

const NO_NOTICES: ExtractNotice[] = [];

/** Write a schema, extract, and review each field: click it to see where its value came from. */
export function FieldsPanel() {
  const fields = useReviewStore((s) => s.fields);
  const noticesByPath = useReviewStore((s) => s.extractionView.noticesByPath);
  return (
    <div className="fields-panel">
      <div className="fields-top">
        <SchemaEditor open={fields.length === 0} />
        <ExtractionSummary />
        <FieldsNotices />
        {fields.length > 0 ? <ReviewBar /> : null}
      </div>
      <ul className="fields" data-testid="fields" aria-label="Extracted fields">
        {fields.map((field) => (
          <FieldRow key={field.path} field={field} notices={noticesByPath.get(field.path) ?? NO_NOTICES} />
        ))}
      </ul>
    </div>
  );
}
