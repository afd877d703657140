import { useState, type ReactNode } from 'react';
import { MAX_LISTED_FIELDS } from '../../shared/grounding/resultModel.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { isBoolean, readRemembered, writeRemembered } from '../state/fields/remembered.js';

/**
 * The extraction's notes and warnings that name no field, folded to one line with a count
 * (the first one's start shows), so they never take the room the fields need. Remembered.
 */
export function FieldsNotices() {
  const view = useReviewStore((s) => s.extractionView);
  const [open, setOpen] = useState(() => readRemembered('fieldsNoticesOpen', false, isBoolean));
  const items: Array<{ key: string; testId: string; className: string; body: ReactNode; text: string }> = [];
  if (view.extractionError !== null) {
    const text = `Extraction failed: ${view.extractionError}`;
    items.push({ key: 'error', testId: 'extract-warning', className: 'warn', body: text, text });
  }
  if (view.truncated) {
    const max = MAX_LISTED_FIELDS.toLocaleString();
    const text = `This extraction has more than ${max} values; the first ${max} are listed (the export has them all).`;
    items.push({ key: 'truncated', testId: 'fields-truncated', className: 'warn', body: text, text });
  }
  if (view.note !== null) items.push({ key: 'note', testId: 'extract-note', className: 'note', body: view.note, text: view.note });
  view.generalNotices.forEach((n, i) =>
    items.push({
      key: `n${i}`,
      testId: 'extract-warning',
      className: 'warn',
      body: (
        <>
          <code>{n.code}</code> {n.message}
        </>
      ),
      text: `${n.code} ${n.message}`,
    }),
  );
  if (items.length === 0) return null;
  const hasWarning = items.some((i) => i.className === 'warn');
  return (
    <details
      className={`fields-notices${hasWarning ? ' has-warning' : ''}`}
      open={open}
      onToggle={(e) => {
        const next = e.currentTarget.open;
        setOpen(next);
        writeRemembered('fieldsNoticesOpen', next);
      }}
      data-testid="fields-notices"
    >
      <summary>
        <span className="notices-count">
          {hasWarning ? '⚠ ' : ''}
          {items.length} {items.length === 1 ? 'note' : 'notes'}
        </span>
        {open ? null : <span className="notices-first">{items[0]!.text}</span>}
      </summary>
      <ul>
        {items.map((item) => (
          <li key={item.key} className={item.className} data-testid={item.testId}>
            {item.body}
          </li>
        ))}
      </ul>
    </details>
  );
}
