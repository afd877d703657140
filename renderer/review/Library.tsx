import { creditsLabel } from '../../shared/workspace.js';
import { useReviewStore } from './reviewStore.js';

/** Documents in the workspace and their results: everything reopens offline. */
export function Library() {
  const library = useReviewStore((s) => s.library);
  const current = useReviewStore((s) => s.document?.id);
  const currentResult = useReviewStore((s) => s.result?.id);
  const openDocument = useReviewStore((s) => s.openDocument);
  if (library.length === 0) return <p className="muted small library-empty">No documents yet.</p>;
  return (
    <ul className="library" data-testid="library">
      {library.map(({ document, results }) => (
        <li key={document.id} className={document.id === current ? 'active' : ''}>
          <button type="button" className="library-doc" data-testid="library-document" data-document-name={document.name} onClick={() => void openDocument(document.id)}>
            {document.name}
          </button>
          {results.map((r) => (
            <button
              key={r.id}
              type="button"
              className={`library-result${r.id === currentResult ? ' active' : ''}`}
              data-testid="library-result"
              onClick={() => void openDocument(document.id, r.id)}
            >
              {r.kind} · {r.engine}{r.modelVersion ? ` · ${r.modelVersion}` : ''} · {new Date(r.createdAt).toLocaleString()}
              {r.pageCount !== null ? ` · ${r.pageCount} p` : ''} · {creditsLabel(r)} cr{r.partial ? ' · partial' : ''}
            </button>
          ))}
        </li>
      ))}
    </ul>
  );
}
