import { useState } from 'react';
import { type LibraryEntry } from '../../shared/library.js';
import { type ResultInfo } from '../../shared/result.js';
import { describeResult } from '../components/resultWords.js';
import { useCompareStore } from '../state/compareStore.js';
import { LibraryConfirm } from './LibraryConfirm.js';
import {
  documentDeleteMessage,
  documentFacts,
  groupResults,
  newsBadge,
  plural,
  resultDeleteMessage,
} from '../state/library/libraryModel.js';
import { useLibraryStore } from '../state/library/libraryStore.js';
import { useReviewStore } from '../state/review/reviewStore.js';

/** What is waiting for a yes: the document, or one of its results. */
type Pending = { what: 'document' } | { what: 'result'; result: ResultInfo } | null;

/** One document of the library: its name and facts, per engine its latest result with the earlier ones folded, delete with confirmation. */
export function LibraryDocument({ entry }: { entry: LibraryEntry }) {
  const { document, results } = entry;
  const current = useReviewStore((s) => s.document?.id);
  const runUnderWay = useReviewStore((s) => s.runs[document.id] !== undefined);
  const currentResult = useReviewStore((s) => s.result?.id);
  const news = useLibraryStore((s) => s.news[document.id]);
  const badge = newsBadge({ [document.id]: news ?? {} }, document.id);
  const { deleteDocument, deleteResult } = useLibraryStore.getState();
  const [unfolded, setUnfolded] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<Pending>(null);
  const picks = useCompareStore((s) => s.picks);
  const open = (resultId?: string) => void useReviewStore.getState().openDocument(document.id, resultId);

  const resultRow = (r: ResultInfo) => (
    <div key={r.id} className="library-result-row">
      <button
        type="button"
        className={`library-result${r.id === currentResult ? ' active' : ''}`}
        data-testid="library-result"
        data-result-id={r.id}
        onClick={() => open(r.id)}
      >
        {describeResult(r)} · {new Date(r.createdAt).toLocaleString()}
      </button>
      <button
        type="button"
        className="library-compare-pick"
        aria-pressed={picks.includes(r.id)}
        aria-label={`Pick this ${r.kind} result to compare`}
        title={picks.includes(r.id) ? 'Picked to compare (click to unpick)' : 'Pick to compare with another run of this document'}
        onClick={() => useCompareStore.getState().togglePick(r.id)}
        data-testid="library-compare-pick"
      >
        ⇄
      </button>
      <button
        type="button"
        className="library-delete"
        aria-label={`Delete this ${r.kind} result`}
        title="Delete this result"
        onClick={() => setPending({ what: 'result', result: r })}
        data-testid="library-delete-result"
      >
        ×
      </button>
      {pending?.what === 'result' && pending.result.id === r.id ? (
        <LibraryConfirm
          message={resultDeleteMessage(r, results)}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            setPending(null);
            void deleteResult(r.id);
          }}
        />
      ) : null}
    </div>
  );

  return (
    // role="listitem" explicitly: its <ul> is role="none" (Library.tsx), which an implicit role would inherit.
    <li
      role="listitem"
      className={document.id === current ? 'library-entry active' : 'library-entry'}
      data-testid="library-entry"
      data-document-id={document.id}
    >
      <button
        type="button"
        className="library-doc"
        data-testid="library-document"
        data-document-name={document.name}
        title={document.sourceUrl ? `${document.name}\nfrom ${document.sourceUrl}` : document.name}
        onClick={() => open()}
      >
        <span className="library-doc-name">{document.name}</span>
        <span className="library-doc-facts">
          {documentFacts(document)}
          {results.length > 0 ? ` · ${plural(results.length, 'result')}` : ''}
        </span>
      </button>
      {badge ? (
        <span
          className={`library-badge${badge.failed ? ' failed' : ''}`}
          data-testid="library-badge"
          title={badge.failed ? 'A job on this document failed' : 'New results from jobs'}
        >
          {badge.failed ? '!' : ''}
          {badge.count} new
        </span>
      ) : null}
      <button
        type="button"
        className="library-delete"
        aria-label={`Delete ${document.name}`}
        title="Delete this document"
        onClick={() => setPending({ what: 'document' })}
        data-testid="library-delete-document"
      >
        ×
      </button>
      {pending?.what === 'document' ? (
        <LibraryConfirm
          message={documentDeleteMessage(entry, runUnderWay)}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            setPending(null);
            void deleteDocument(document.id);
          }}
        />
      ) : null}
      <div className="library-results">
        {groupResults(results).map((group) => {
          const isOpen = unfolded.has(group.key);
          return (
            <div key={group.key} className="library-group" data-testid="library-group">
              {resultRow(group.latest)}
              {group.earlier.length > 0 ? (
                <button
                  type="button"
                  className="library-earlier"
                  aria-expanded={isOpen}
                  onClick={() => setUnfolded((s) => (isOpen ? new Set([...s].filter((k) => k !== group.key)) : new Set(s).add(group.key)))}
                  data-testid="library-earlier"
                >
                  {isOpen ? '▾' : '▸'} {group.earlier.length} earlier
                </button>
              ) : null}
              {isOpen ? <div className="library-earlier-list">{group.earlier.map(resultRow)}</div> : null}
            </div>
          );
        })}
      </div>
    </li>
  );
}
