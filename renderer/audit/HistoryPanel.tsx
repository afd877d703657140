import { useEffect } from 'react';
import type { AuditDecision, AuditEntry } from '../../shared/ipc/audit.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useWorkspaceStore } from '../workspace/workspaceStore.js';
import { useHistoryStore } from './historyStore.js';

/** Drawn at most: a longer trail says how many more the CSV holds. */
const SHOWN = 500;

const ACTION_WORDS: Record<AuditEntry['action'], string> = {
  accepted: 'accepted',
  corrected: 'corrected',
  rejected: 'rejected',
  note: 'note changed',
  undo: 'undone',
  cleared: 'decision taken back',
};

function decisionText(decision: AuditDecision | null): string {
  if (!decision) return 'no decision';
  return `${decision.status} “${decision.value}”${decision.note ? ` (note: ${decision.note})` : ''}`;
}

/** The History tab: every decision on the open document, newest first, as main recorded it (who, when, before and after). */
export function HistoryPanel() {
  const documentId = useWorkspaceStore((s) => s.document?.id ?? null);
  // Each saved decision is a new review object: the trail is read again after it.
  const review = useWorkspaceStore((s) => s.review);
  const entries = useHistoryStore((s) => (s.documentId === documentId ? s.entries : []));
  const loading = useHistoryStore((s) => s.loading);
  const error = useHistoryStore((s) => s.error);
  const { load, exportCsv, clearError } = useHistoryStore.getState();

  useEffect(() => {
    if (documentId) void load(documentId);
  }, [documentId, review, load]);

  if (!documentId) return <p className="muted empty-state">Open a document to see its history.</p>;
  return (
    <div className="history-panel" data-testid="history">
      <div className="panel-toolbar">
        <span>
          {entries.length} decision{entries.length === 1 ? '' : 's'} recorded{loading ? ' · reading…' : ''}
        </span>
        <button
          type="button"
          className="small"
          onClick={() => void exportCsv(documentId)}
          disabled={entries.length === 0}
          title={entries.length === 0 ? 'No decision has been recorded on this document yet' : 'Every entry as a CSV file'}
          data-testid="history-export-csv"
        >
          Export CSV
        </button>
      </div>
      <ErrorMessage error={error} onDismiss={clearError} />
      {entries.length === 0 && !loading ? (
        <p className="muted small empty-state">No decision on this document yet. Each one is recorded here as it is saved.</p>
      ) : (
        <ol className="history-list">
          {entries.slice(0, SHOWN).map((e, i) => (
            <li key={`${e.at}-${i}`} data-testid="history-entry" data-action={e.action} data-field={e.path}>
              <div className="history-head">
                <strong>{e.path}</strong> {ACTION_WORDS[e.action]}
                <span className="muted">
                  {' '}
                  · {e.user} · <time dateTime={e.at}>{new Date(e.at).toLocaleString()}</time>
                </span>
              </div>
              <div className="small muted">
                {decisionText(e.before)} → {decisionText(e.after)}
              </div>
            </li>
          ))}
        </ol>
      )}
      {entries.length > SHOWN ? <p className="small muted">{entries.length - SHOWN} older entries are in the CSV export.</p> : null}
    </div>
  );
}
