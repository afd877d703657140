import { useMemo } from 'react';
import { formatConfidence, hasConfidence, NO_CONFIDENCE, scoreSource, weakestWord } from '../../shared/grounding/confidence.js';
import { describeResult } from '../components/resultWords.js';
import { requireApi } from '../ipc/client.js';
import { downloadText } from '../state/download.js';
import { useSelectionAfterPaint } from '../state/review/useSelectionAfterPaint.js';
import { useReviewStore } from '../state/review/reviewStore.js';

/** The exact Markdown text of the selection and its page(s); what the open result is, and its export. */
export function StatusBar() {
  const selection = useSelectionAfterPaint();
  const result = useReviewStore((s) => s.result);
  const document = useReviewStore((s) => s.document);
  const model = useReviewStore((s) => s.model);
  const weakest = useMemo(() => (model && selection ? weakestWord(model, selection) : null), [model, selection]);
  const scored = useMemo(() => (model ? hasConfidence(model) : false), [model]);
  const ocr = model ? scoreSource(model) === 'ocr' : false;
  return (
    <footer className="status-bar">
      <span className="status-label">
        {selection ? `${selection.kind === 'node' ? selection.id : `field ${selection.id}`}` : 'Nothing selected'}
      </span>
      <span className="status-pages">
        {selection?.pages.length ? 'Page ' : ''}
        <span data-testid="selection-page">{selection ? selection.pages.join(', ') : ''}</span>
      </span>
      <span className="status-text" data-testid="selection-text" title={selection?.text}>
        {selection?.text ?? ''}
      </span>
      {weakest !== null ? (
        <span className="status-confidence">
          <span
            data-testid="selection-confidence"
            title={`${ocr ? 'Read by OCR' : "The model's own scores"}: a selection is as sure as its least sure word`}
          >
            {ocr ? 'OCR, lowest' : 'Lowest'} word confidence {formatConfidence(weakest.confidence)}
          </span>{' '}
          {/* A word whose range cannot be placed in the Markdown has no text to name; its box is still outlined. */}
          {weakest.text !== null ? (
            <>
              in{' '}
              <span
                data-testid="selection-weakest-word"
                className="status-weakest"
                title="The least sure word, outlined in red on the page"
              >
                “{weakest.text}”
              </span>
            </>
          ) : null}
        </span>
      ) : selection && model ? (
        <span
          className="status-confidence"
          data-testid="selection-no-confidence"
          title={scored ? 'None of the words in the selection carries a score' : "This result's words carry no confidence scores"}
        >
          {scored ? 'no word scores here' : NO_CONFIDENCE}
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
