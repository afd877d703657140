import { memo, useEffect, useRef, useState } from 'react';
import type { FieldEntry } from '../../shared/grounding/fields.js';
import { useReviewStore } from '../review/reviewStore.js';

const DEFAULT_SCHEMA = JSON.stringify(
  {
    type: 'object',
    properties: {
      invoice_number: { type: 'string', description: 'Invoice number' },
      date: { type: 'string', description: 'Invoice date' },
      due_date: { type: 'string', description: 'Due date' },
      total: { type: 'string', description: 'Total amount due' },
    },
  },
  null,
  2,
);

/** Write a schema, extract, and click any field to see where its value came from. */
export function FieldsPanel() {
  const fields = useReviewStore((s) => s.fields);
  const extraction = useReviewStore((s) => s.extraction);
  const hasResult = useReviewStore((s) => s.result !== null);
  const runExtract = useReviewStore((s) => s.runExtract);
  const [schemaText, setSchemaText] = useState(DEFAULT_SCHEMA);
  const [schemaError, setSchemaError] = useState<string | null>(null);
  const response = (extraction?.response ?? {}) as { note?: unknown; warnings?: unknown; schema_violation_error?: unknown };

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
    void runExtract(schema as Record<string, unknown>);
  };

  return (
    <div className="fields-panel">
      <details className="schema-editor" open={fields.length === 0}>
        <summary>Schema</summary>
        <textarea data-testid="schema-input" value={schemaText} onChange={(e) => setSchemaText(e.target.value)} spellCheck={false} rows={10} />
        {schemaError ? (
          <div className="field-error" data-testid="error" data-code="invalid_schema">
            {schemaError}
          </div>
        ) : null}
        <button type="button" className="primary" onClick={extract} disabled={!hasResult} data-testid="extract-run">
          Extract (offline heuristic)
        </button>
      </details>
      {typeof response.note === 'string' ? (
        <p className="extract-note" data-testid="extract-note">
          {response.note}
        </p>
      ) : null}
      {Array.isArray(response.warnings) && response.warnings.length > 0 ? (
        <ul className="extract-warnings" data-testid="extract-warnings">
          {response.warnings.map((w, i) => (
            <li key={i}>{typeof w === 'string' ? w : JSON.stringify(w)}</li>
          ))}
        </ul>
      ) : null}
      {typeof response.schema_violation_error === 'string' ? <p className="warning small">{response.schema_violation_error}</p> : null}
      <ul className="fields" data-testid="fields">
        {fields.map((field) => (
          <FieldRow key={field.path} field={field} />
        ))}
      </ul>
    </div>
  );
}

const FieldRow = memo(function FieldRow({ field }: { field: FieldEntry }) {
  const selected = useReviewStore((s) => s.selection?.kind === 'field' && s.selection.id === field.path);
  const selectField = useReviewStore((s) => s.selectField);
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
    </li>
  );
});
