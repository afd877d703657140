import type { ExtractNotice } from '../../shared/grounding/fields.js';
import { hasConfidence, scoreSource } from '../../shared/grounding/confidence.js';
import { useWorkspaceStore } from '../workspace/workspaceStore.js';
import { ExtractionSummary } from './ExtractionSummary.js';
import { ConfidenceBar } from './ConfidenceBar.js';
import { useConfidenceSettings } from './confidenceSettings.js';
import { useFieldsInListOrder } from './fieldConfidence.js';
import { FieldRow } from './FieldRow.js';
import { FieldsNotices } from './FieldsNotices.js';
import { ReviewBar } from './ReviewBar.js';
import { RulesPanel } from './RulesPanel.js';
import { SchemaEditor } from './SchemaEditor.js';

const NO_NOTICES: ExtractNotice[] = [];

/** Write a schema, extract, and review each field: click it to see where its value came from. */
export function FieldsPanel() {
  const { fields, weakest } = useFieldsInListOrder();
  const threshold = useConfidenceSettings((s) => s.threshold);
  // Null when the result carries no word scores at all (the bar above says so, once).
  const source = useWorkspaceStore((s) => (s.model && hasConfidence(s.model) ? scoreSource(s.model) : null));
  const noticesByPath = useWorkspaceStore((s) => s.extractionView.noticesByPath);
  return (
    <div className="fields-panel">
      <div className="fields-top">
        <SchemaEditor open={fields.length === 0} />
        <ExtractionSummary />
        <FieldsNotices />
        {fields.length > 0 ? <RulesPanel /> : null}
        {fields.length > 0 ? <ReviewBar /> : null}
        {fields.length > 0 ? <ConfidenceBar weakest={weakest} /> : null}
      </div>
      <ul className="fields" data-testid="fields" aria-label="Extracted fields">
        {fields.map((field) => (
          <FieldRow
            key={field.path}
            field={field}
            notices={noticesByPath.get(field.path) ?? NO_NOTICES}
            weakest={weakest.get(field.path) ?? null}
            threshold={threshold}
            source={source}
          />
        ))}
      </ul>
    </div>
  );
}
