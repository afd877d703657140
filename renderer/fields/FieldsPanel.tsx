import { useCallback, useMemo } from 'react';
import type { ExtractNotice, FieldEntry } from '../../shared/grounding/fields.js';
import { hasConfidence, scoreSource, type WeakestWord } from '../../shared/grounding/confidence.js';
import { VirtualList, type ScrollRequest } from '../components/VirtualList.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { ExtractionSummary } from './ExtractionSummary.js';
import { ConfidenceBar } from './ConfidenceBar.js';
import { useConfidenceSettings } from '../state/fields/confidenceSettings.js';
import { useFieldsInListOrder } from '../state/fields/fieldConfidence.js';
import { FieldRow } from './FieldRow.js';
import { FieldsNotices } from './FieldsNotices.js';
import { ReviewBar } from './ReviewBar.js';
import { useReviewMode } from '../state/fields/reviewModeStore.js';
import { RulesPanel } from './RulesPanel.js';
import { SchemaEditor } from './SchemaEditor.js';

const NO_NOTICES: ExtractNotice[] = [];
/** A one-line row, and each line of a note under it (no source range, a flag, a notice); drawn rows are measured. */
const ROW_HEIGHT_GUESS = 29;
const NOTE_LINE_HEIGHT = 16;

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
  const source = useReviewStore((s) => (s.model && hasConfidence(s.model) ? scoreSource(s.model) : null));
  const noticesByPath = useReviewStore((s) => s.extractionView.noticesByPath);
  // A field selected anywhere (a click, the review keys, the next unreviewed one), or whose
  // corrector opens, is brought into view, drawn in the commit that selects it: a new request
  // for each new selection.
  const selectedField = useReviewStore((s) => (s.selection?.kind === 'field' ? s.selection : null));
  const editingPath = useReviewMode((s) => s.editingPath);
  const scrollTo = useMemo<ScrollRequest | null>(() => {
    const path = editingPath ?? selectedField?.id;
    const index = path === undefined ? -1 : fields.findIndex((f) => f.path === path);
    return index >= 0 ? { index, align: 'nearest' } : null;
  }, [selectedField, editingPath, fields]);
  // A row's height before it is drawn: a line, and one more for each note under it. New fields
  // (another extraction, another order) are guessed afresh: measured heights belong to the rows
  // that were at those places.
  const estimate = useCallback(
    (index: number) => {
      const field = fields[index]!;
      const notes =
        (field.ranges.length === 0 && field.value !== null ? 1 : 0) +
        (field.flags?.length ?? 0) +
        (noticesByPath.get(field.path)?.length ?? 0);
      return ROW_HEIGHT_GUESS + notes * NOTE_LINE_HEIGHT;
    },
    [fields, noticesByPath],
  );
  // Only some rows are in the DOM: each says where it stands in the whole list.
  const renderRow = useCallback(
    (index: number) => {
      const field = fields[index]!;
      return (
        <div role="listitem" aria-setsize={fields.length} aria-posinset={index + 1}>
          <FieldRow
            field={field}
            notices={noticesByPath.get(field.path) ?? NO_NOTICES}
            weakest={weakest.get(field.path) ?? null}
            threshold={threshold}
            source={source}
          />
        </div>
      );
    },
    [fields, noticesByPath, weakest, threshold, source],
  );
  const keyOf = useCallback((index: number) => fields[index]!.path, [fields]);
  return (
    <VirtualList
      count={fields.length}
      estimate={estimate}
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
