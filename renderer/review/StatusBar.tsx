import { useMemo } from 'react';
import { formatConfidence, lowestConfidence } from '../../shared/grounding/confidence.js';
import { describeResult } from '../../shared/workspace.js';
import { requireApi } from '../ipc/client.js';
import { downloadText } from './download.js';
import { useReviewStore } from './reviewStore.js';

/** The exact Markdown text of the selection and its page(s); what the open result is, and its export. */
export function StatusBar() {
  const selection = useReviewStore((s) => s.selection);
  const result = useReviewStore((s) => s.result);
  const document = useReviewStore((s) => s.document);
  const model = useReviewStore((s) => s.model);
  const confidence = useMemo(() => (model && selection ? lowestConfidence(model, selection) : null), [model, selection]);
  return (
    <footer className="status-bar">
      <span className="status-label">{selection ? `${selection.kind === 'node' ? selection.id : `field ${selection.id}`}` : 'Nothing selected'}</span>
      <span className="status-pages">
        {selection?.pages.length ? 'Page ' : ''}
        <span data-testid="selection-page">{selection ? selection.pages.join(', ') : ''}</span>
      </span>
      <span className="status-text" data-testid="selection-text" title={selection?.text}>
        {selection?.text ?? ''}
      </span>
      {confidence !== null ? (
        <span className="status-confidence" data-testid="selection-confidence" title="Read by OCR: the confidence of the least sure word in the selection">
          OCR, lowest word confidence {formatConfidence(confidence)}
        </span>
      ) : null}
      {result ? (
        <span className="status-result muted">
          <span data-testid="result-summary">{describeResult(result)}</span>{' '}
          <button
            type="button"
            className="link"
            data-testid="export-result"
            onClick={() => void exportResult(result.id, `${(document?.name ?? 'document').replace(/\.[^.]+$/, '')}-${result.kind}.json`)}
          >
            Export JSON
          </button>
        </span>
      ) : null}
    </footer>
  );
}

/** Exports the result exactly as stored (the service's response, verbatim). */
async function exportResult(id: string, fileName: string): Promise<void> {
  const stored = await requireApi().results.get({ id });
  downloadText(fileName, 'application/json', stored.responseJson);
}
