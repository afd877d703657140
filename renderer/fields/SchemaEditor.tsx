import { useMemo, useState } from 'react';
import { AppError } from '../../shared/errors.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useKeysStore } from '../state/keysStore.js';
import { useRunSettings } from '../state/runSettings.js';
import { ExtractOptions } from './ExtractOptions.js';
import { useReviewStore, type Extractor } from '../state/review/reviewStore.js';

/** The JSON schema to extract with, the extractor, and the Extract button (with why it cannot run, when it cannot). */
export function SchemaEditor({ open }: { open: boolean }) {
  const hasResult = useReviewStore((s) => s.result !== null);
  const isParse = useReviewStore((s) => s.result?.kind === 'parse');
  const runExtract = useReviewStore((s) => s.runExtract);
  const schemaText = useRunSettings((s) => s.fieldsSchema);
  const setSchemaText = (fieldsSchema: string) => useRunSettings.getState().set({ fieldsSchema });
  const hasCloudKey = useKeysStore((s) => s.keys.some((k) => k.kind === 'v2' && k.enabled));
  const [extractor, setExtractor] = useState<Extractor | null>(null);
  const chosen = extractor ?? (hasCloudKey ? 'extract' : 'local');
  const opening = useReviewStore((s) => s.opening);
  const running = useReviewStore((s) => (s.document ? s.runs[s.document.id]?.message : undefined));
  const checked = useMemo(() => checkSchemaText(schemaText), [schemaText]);
  const cannotExtract = opening
    ? `Opening ${opening}… Extract waits for that to finish.`
    : running !== undefined
      ? `Extract waits for this document's run to end (now: ${running || 'starting'}).`
      : !hasResult
        ? 'Extract is off until the document has a parse result: run an engine first (extraction reads its Markdown).'
        : !isParse
          ? 'Extract is off for an analyzer result: it brings its own fields (its “extract” option). Run the offline engine or cloud parse to extract here.'
          : checked instanceof AppError
            ? 'Extract is off until the schema above is a JSON object (its problem is shown above).'
            : null;

  const extract = () => {
    if (!(checked instanceof AppError)) void runExtract(checked, chosen);
  };

  return (
    <details className="schema-editor" open={open}>
      <summary>Schema</summary>
      <textarea
        data-testid="schema-input"
        value={schemaText}
        onChange={(e) => setSchemaText(e.target.value)}
        spellCheck={false}
        rows={10}
        aria-label="Extraction schema (JSON)"
      />
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
      <ErrorMessage error={checked instanceof AppError ? checked : null} />
      <div className="extract-actions">
        <select value={chosen} onChange={(e) => setExtractor(e.target.value as Extractor)} data-testid="extractor" aria-label="Extractor">
          <option value="extract" disabled={!hasCloudKey}>
            Cloud extract (v2){hasCloudKey ? '' : ' — needs a v2 key'}
          </option>
          <option value="extract-job" disabled={!hasCloudKey}>
            Cloud extract as a job (long Markdown){hasCloudKey ? '' : ' — needs a v2 key'}
          </option>
          <option value="local">Offline heuristic</option>
        </select>
        <button type="button" className="primary" onClick={extract} disabled={cannotExtract !== null} data-testid="extract-run">
          Extract
        </button>
      </div>
      <ExtractOptions extractor={chosen} />
      {cannotExtract ? (
        <p className="field-help" data-testid="extract-disabled-reason">
          {cannotExtract}
        </p>
      ) : null}
      {!hasCloudKey ? (
        <p className="field-help">
          The cloud extractors are off until a v2 key is added and enabled (Keys screen); the offline heuristic needs none.
        </p>
      ) : null}
    </details>
  );
}

/** The schema as typed, or what is wrong with it, checked as it is typed (the service checks the rest). */
function checkSchemaText(text: string): Record<string, unknown> | AppError {
  const hint = 'Write a JSON object such as {"type": "object", "properties": {…}}, or load one with “Load a schema file…”.';
  if (text.trim() === '') return new AppError({ code: 'invalid_schema', message: 'The schema is empty.', hint });
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    return new AppError({
      code: 'invalid_schema',
      message: `The schema is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      hint,
    });
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return new AppError({ code: 'invalid_schema', message: 'The schema must be a JSON object.', hint });
  return schema as Record<string, unknown>;
}
