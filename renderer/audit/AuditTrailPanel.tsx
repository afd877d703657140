import { useEffect } from 'react';
import {
  CHAIN_BREAK_WORDS,
  UNCHAINED_WORDS,
  isUnreadableLine,
  type AuditDecision,
  type AuditEntry,
  type AuditPage,
  type AuditUnreadableLine,
  type ChainVerdict,
} from '../../shared/ipc/audit.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { useAuditTrailStore } from './auditTrailStore.js';

/**
 * The selector's answer for another document's trail: one constant, since a new array on every
 * call is a change each time and zustand would render without end.
 */
const NO_ENTRIES: AuditPage['entries'] = [];

const ACTION_WORDS: Record<AuditEntry['action'], string> = {
  accepted: 'accepted',
  corrected: 'corrected',
  rejected: 'rejected',
  note: 'note changed',
  undo: 'undone',
  cleared: 'decision taken back',
  override: 'accepted (override)',
};

function decisionText(decision: AuditDecision | null): string {
  if (!decision) return 'no decision';
  return `${decision.status} “${decision.value}”${decision.note ? ` (note: ${decision.note})` : ''}`;
}

/** The History tab: every decision on the open document, newest first, as main recorded it (who, when, before and after). */
export function AuditTrailPanel() {
  const documentId = useReviewStore((s) => s.document?.id ?? null);
  // Each saved decision is a new review object: the trail is read again after it.
  const review = useReviewStore((s) => s.review);
  const entries = useAuditTrailStore((s) => (s.documentId === documentId ? s.entries : NO_ENTRIES));
  const more = useAuditTrailStore((s) => s.documentId === documentId && s.next !== null);
  const loading = useAuditTrailStore((s) => s.loading);
  const error = useAuditTrailStore((s) => s.error);
  const { load, loadOlder, exportCsv, clearError } = useAuditTrailStore.getState();
  const unreadable = entries.filter(isUnreadableLine).length;
  const decisions = entries.length - unreadable;
  const breaks = entries.filter((e) => (e.breaks ?? []).length > 0).length;

  useEffect(() => {
    if (documentId) void load(documentId);
  }, [documentId, review, load]);

  if (!documentId) return <p className="muted empty-state">Open a document to see its history.</p>;
  return (
    <div className="history-panel" data-testid="history">
      <div className="panel-toolbar">
        <span>
          {more ? 'Latest ' : ''}
          {decisions} decision{decisions === 1 ? '' : 's'} recorded
          {unreadable > 0 ? ` · ${unreadable} unreadable line${unreadable === 1 ? '' : 's'}` : ''}
          {loading ? ' · reading…' : ''}
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
      {breaks > 0 ? (
        <p className="history-chain-summary" data-testid="history-chain-summary">
          The trail was changed after it was written: see the {breaks === 1 ? 'entry' : `${breaks} entries`} marked below.
        </p>
      ) : null}
      <ErrorMessage error={error} onDismiss={clearError} />
      {entries.length === 0 && !loading ? (
        <p className="muted small empty-state">No decision on this document yet. Each one is recorded here as it is saved.</p>
      ) : (
        <ol className="history-list">
          {entries.map((e, i) =>
            isUnreadableLine(e) ? (
              <UnreadableLine key={`unreadable-${e.start}`} line={e} />
            ) : (
              <li
                key={e.id ?? `${e.at}-${i}`}
                data-testid="history-entry"
                data-action={e.action}
                data-field={e.path}
                data-saved={e.saved}
                data-chain={e.breaks?.length ? 'broken' : e.unchained ? 'unchained' : 'intact'}
                className={e.breaks?.length ? 'history-broken' : undefined}
              >
                <div className="history-head">
                  <strong>{e.path}</strong> {ACTION_WORDS[e.action]}
                  {e.saved ? null : (
                    <span
                      className="warning"
                      title="The decision was recorded here but its save did not finish: the review does not have it"
                    >
                      {' '}
                      · not saved (the save did not finish)
                    </span>
                  )}
                  <span className="muted">
                    {' '}
                    · {e.user} · <time dateTime={e.at}>{new Date(e.at).toLocaleString()}</time>
                  </span>
                </div>
                <div className="small muted">
                  {decisionText(e.before)} → {decisionText(e.after)}
                </div>
                {e.rules ? <div className="small warning">Failing rules: {e.rules.join('; ')}</div> : null}
                <ChainNote line={e} />
              </li>
            ),
          )}
        </ol>
      )}
      {more ? (
        <button
          type="button"
          className="small"
          onClick={() => void loadOlder()}
          disabled={loading}
          title={loading ? 'Reading the trail' : 'The next older entries'}
          data-testid="history-older"
        >
          Older entries
        </button>
      ) : null}
    </div>
  );
}

/** A line of the trail that is not an entry: a decision whose record cannot be shown, said so rather than left out. */
function UnreadableLine({ line }: { line: AuditUnreadableLine }) {
  return (
    <li data-testid="history-unreadable" className="warning">
      <div className="history-head">
        <strong>Unreadable line</strong>
        <span className="muted">
          {' '}
          · {line.bytes} bytes at byte {line.start} of the trail file
        </span>
      </div>
      <div className="small muted">Cut short by a crash while it was written, or changed outside the app.</div>
      <ChainNote line={line} />
    </li>
  );
}

/**
 * What the trail's chain says of a line, on the line where it is found: each break in words
 * (main found them, see `ChainedTrail`), or that the entry is from before chaining and so
 * cannot be vouched for; nothing when it holds.
 */
function ChainNote({ line }: { line: ChainVerdict }) {
  if (line.breaks?.length)
    return (
      <div className="small history-chain-break" data-testid="history-chain-break">
        {line.breaks.map((b) => CHAIN_BREAK_WORDS[b]).join(' ')}
      </div>
    );
  if (line.unchained)
    return (
      <div className="small muted" data-testid="history-unchained">
        {UNCHAINED_WORDS}
      </div>
    );
  return null;
}
