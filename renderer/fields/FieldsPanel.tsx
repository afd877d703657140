import { memo, useEffect, useRef, useState } from 'react';
import { FIELD_FLAG_LABELS, type ExtractNotice, type FieldEntry } from '../../shared/grounding/fields.js';
import { MAX_LISTED_FIELDS } from '../../shared/grounding/resultModel.js';
import { useKeysStore } from '../keys/keysStore.js';
import { useReviewStore, type Extractor } from '../review/reviewStore.js';
import { useEngineSettings } from '../review/engineSettings.js';
import { FieldReview } from './FieldReview.js';

/** Write a schema, extract, and click any field to see where its value came from. */
export function FieldsPanel() {
  const fields = useReviewStore((s) => s.fields);
  const hasResult = useReviewStore((s) => s.result !== null);
  const runExtract = useReviewStore((s) => s.runExtract);
  const schemaText = useEngineSettings((s) => s.fieldsSchema);
  const setSchemaText = (fieldsSchema: string) => useEngineSettings.getState().set({ fieldsSchema });
  const [schemaError, setSchemaError] = useState<string | null>(null);
  const hasCloudKey = useKeysStore((s) => s.keys.some((k) => k.kind === 'v2' && k.enabled));
  const [extractor, setExtractor] = useState<Extractor | null>(null);
  const chosen = extractor ?? (hasCloudKey ? 'extract' : 'local');
  const isParse = useReviewStore((s) => s.result?.kind === 'parse');
  const review = useReviewStore((s) => s.review);
  const exportReview = useReviewStore((s) => s.exportReview);
  const reviewed = fields.filter((f) => review?.fields[f.path]).length;
  const view = useReviewStore((s) => s.extractionView);

  const extract = () => {
    let schema: unknown;
    try {
      schema = JSON.parse(schemaText);
    } catch (error) {
      setSchemaError(`The schema is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      setSchemaError('The schema must be a JSON object, e.g. {"type": "object", "properties": {…}}.');
      return;
    }
    setSchemaError(null);
    void runExtract(schema as Record<string, unknown>, chosen);
  };

  return (
    <div className="fields-panel">
      <details className="schema-editor" open={fields.length === 0}>
        <summary>Schema</summary>
        <textarea data-testid="schema-input" value={schemaText} onChange={(e) => setSchemaText(e.target.value)} spellCheck={false} rows={10} />
        <label className="file-button small">
          Load a schema file…
          <input
            type="file"
            accept="application/json,.json"
            data-testid="schema-file"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) setSchemaText(await file.text());
            }}
          />
        </label>
        {schemaError ? (
          <div className="field-error" data-testid="error" data-code="invalid_schema">
            {schemaError}
          </div>
        ) : null}
        <div className="extract-actions">
          <select value={chosen} onChange={(e) => setExtractor(e.target.value as Extractor)} data-testid="extractor" aria-label="Extractor">
            <option value="extract" disabled={!hasCloudKey}>
              Cloud extract (v2){hasCloudKey ? '' : ' — needs a v2 key'}
            </option>
            <option value="extract-job" disabled={!hasCloudKey}>
              Cloud extract as a job (long Markdown)
            </option>
            <option value="local">Offline heuristic</option>
          </select>
          <button type="button" className="primary" onClick={extract} disabled={!hasResult || !isParse} data-testid="extract-run">
            Extract
          </button>
        </div>
      </details>
      {view.note !== null ? (
        <p className="extract-note" data-testid="extract-note">
          {view.note}
        </p>
      ) : null}
      {view.extractionError !== null ? (
        <p className="extract-warnings" data-testid="extract-warning">
          Extraction failed: {view.extractionError}
        </p>
      ) : null}
      {view.truncated ? (
        <p className="extract-warnings" data-testid="fields-truncated">
          This extraction has more than {MAX_LISTED_FIELDS.toLocaleString()} values; the first {MAX_LISTED_FIELDS.toLocaleString()} are listed (the export has them all).
        </p>
      ) : null}
      {view.generalNotices.length > 0 ? (
        <ul className="extract-warnings">
          {view.generalNotices.map((n, i) => (
            <li key={i} data-testid="extract-warning">
              <code>{n.code}</code> {n.message}
            </li>
          ))}
        </ul>
      ) : null}
      {fields.length > 0 ? (
        <div className="review-progress">
          <span data-testid="review-progress">
            {reviewed} of {fields.length} reviewed
          </span>
          <progress max={fields.length} value={reviewed} />
          <button type="button" onClick={() => void exportReview('json')} data-testid="export-review-json">
            Export JSON
          </button>
          <button type="button" onClick={() => void exportReview('csv')} data-testid="export-review-csv">
            Export CSV
          </button>
        </div>
      ) : null}
      <ul className="fields" data-testid="fields">
        {fields.map((field) => (
          <FieldRow key={field.path} field={field} notices={view.noticesByPath.get(field.path) ?? NO_NOTICES} />
        ))}
      </ul>
    </div>
  );
}

const NO_NOTICES: ExtractNotice[] = [];

const FieldRow = memo(function FieldRow({ field, notices }: { field: FieldEntry; notices: ExtractNotice[] }) {
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
      className="field-row"
      onClick={() => selectField(field.path)}
      role="button"
      tabIndex={0}
      onKeyDown={(e) => e.key === 'Enter' && selectField(field.path)}
    >
      <span className="field-name">{field.path}</span>
      <span className="field-value">{field.value === null || field.value === undefined ? <em className="muted">not found</em> : String(field.value)}</span>
      {field.ranges.length === 0 && field.value !== null ? <span className="warning small">no source range</span> : null}
      {(field.flags ?? []).map((flag) => (
        <span key={flag} className="warning small" data-testid="field-flag" data-flag={flag}>
          ⚠ {FIELD_FLAG_LABELS[flag]}
        </span>
      ))}
      <FieldReview key={decision?.decidedAt ?? 'none'} path={field.path} modelValue={field.value} decision={decision} />
      {notices.map((n, i) => (
        <span key={i} className="field-notice" data-testid="field-warning">
          <code>{n.code}</code> {n.message}
        </span>
      ))}
    </li>
  );
});
