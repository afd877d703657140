import { useCallback, useMemo } from 'react';
import type { ExtractNotice, FieldEntry } from '../../shared/grounding/fields.js';
import { hasConfidence, scoreSource, type WeakestWord } from '../../shared/grounding/confidence.js';
import { VirtualList, type ScrollRequest } from '../components/VirtualList.js';
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
/** A one-line row; rows with a correction, flags or notices measure taller once drawn. */
const ROW_HEIGHT_GUESS = 29;
const estimateRow = () => ROW_HEIGHT_GUESS;

/** Write a schema, extract, and review each field: click it to see where its value came from. */
export function FieldsPanel() {
  const { fields, weakest } = useFieldsInListOrder();
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
      {fields.length > 0 ? <FieldsList fields={fields} weakest={weakest} /> : null}
    </div>
  );
}

/**
 * The fields, one row each. Only the rows near the view are drawn: thousands of fields would
 * otherwise weigh on every frame of the window (each click's style and layout walk every row).
 * Its own component: a selection re-renders the list, not the panel above it.
 */
function FieldsList({ fields, weakest }: { fields: FieldEntry[]; weakest: Map<string, WeakestWord | null> }) {
  const threshold = useConfidenceSettings((s) => s.threshold);
  // Null when the result carries no word scores at all (the bar above says so, once).
  const source = useWorkspaceStore((s) => (s.model && hasConfidence(s.model) ? scoreSource(s.model) : null));
  const noticesByPath = useWorkspaceStore((s) => s.extractionView.noticesByPath);
  // A field selected anywhere (a click, the review keys, the next unreviewed one) is brought
  // into view, drawn in the commit that selects it: a new request for each new selection.
  const selectedField = useWorkspaceStore((s) => (s.selection?.kind === 'field' ? s.selection : null));
  const scrollTo = useMemo<ScrollRequest | null>(() => {
    const index = selectedField ? fields.findIndex((f) => f.path === selectedField.id) : -1;
    return index >= 0 ? { index, align: 'nearest' } : null;
  }, [selectedField, fields]);
  // Each row's <li> in a <ul> of its own (the virtual list wraps every item in a div): valid HTML,
  // and role="none" leaves one list (role="list" on the items' container) to screen readers.
  const renderRow = useCallback(
    (index: number) => {
      const field = fields[index]!;
      return (
        <ul role="none" className="field-item">
          <FieldRow
            field={field}
            notices={noticesByPath.get(field.path) ?? NO_NOTICES}
            weakest={weakest.get(field.path) ?? null}
            threshold={threshold}
            source={source}
          />
        </ul>
      );
    },
    [fields, noticesByPath, weakest, threshold, source],
  );
  const keyOf = useCallback((index: number) => fields[index]!.path, [fields]);
  return (
    <VirtualList
      count={fields.length}
      estimate={estimateRow}
      render={renderRow}
      keyOf={keyOf}
      scrollTo={scrollTo}
      role="list"
      label="Extracted fields"
      className="fields"
      testId="fields"
      overscan={400}
    />
  );
}
