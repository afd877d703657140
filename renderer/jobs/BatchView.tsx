import { summarizeBatch, type Batch, type BatchItem } from '../../shared/jobs.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { useAppStore } from '../state/appStore.js';
import { useBatchStore } from './batchStore.js';
import { unreachableText, waitingForServiceText } from '../components/jobWords.js';

/** How far one document is, for its bar: sent, accepted, processing, stored. */
function itemProgress(item: BatchItem): number {
  switch (item.state) {
    case 'done':
    case 'failed':
    case 'cancelled':
    case 'unsure':
      return 1;
    case 'submitting':
    case 'waiting':
      return 0.15;
    case 'running':
      return item.jobStatus === 'processing' ? 0.6 : item.jobStatus === 'completed' ? 0.9 : 0.35;
    case 'queued':
      return 0;
  }
}

function itemLabel(item: BatchItem): string {
  if (item.state === 'running' && item.unreachableSince) return unreachableText(item.unreachableSince);
  if (item.state === 'running') return item.jobStatus ?? 'sent';
  if (item.state === 'waiting') return `service busy, retrying (attempt ${item.attempts})`;
  return item.state;
}

function eta(seconds: number | null, waitingSince: string | null): string {
  if (waitingSince) return `paused, ${waitingForServiceText(waitingSince)}`;
  if (seconds === null) return '—';
  return seconds < 90 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}

async function openItem(item: BatchItem) {
  if (!item.resultId) return;
  await useReviewStore.getState().openDocument(item.documentId, item.resultId);
  useAppStore.getState().setScreen('workspace');
}

/** One batch: overall and per-document progress, pages, credits, ETA, its controls and, at the end, a summary. */
export function BatchView({ batch }: { batch: Batch }) {
  const { pause, resume, cancelPending, retryFailed } = useBatchStore.getState();
  // ETA as of the batch's last change: rendering stays pure, and the batch changes often while it runs.
  const summary = summarizeBatch(batch, Date.parse(batch.updatedAt));
  const failures = batch.items.filter((i) => i.state === 'failed' || i.state === 'unsure');
  const settled = summary.done + summary.failed + summary.cancelled + summary.unsure;
  return (
    <section
      className="card batch"
      data-testid="batch"
      data-batch-id={batch.batchId}
      data-finished={summary.finished}
      data-paused={batch.paused}
      data-waiting-since={summary.waitingForServiceSince ?? undefined}
    >
      <header className="batch-head">
        <strong>Batch · {batch.name}</strong>
        <span className="batch-controls">
          {summary.finished ? null : batch.paused ? (
            <button type="button" onClick={() => void resume(batch.batchId)} data-testid="batch-resume">
              Resume
            </button>
          ) : (
            <button type="button" onClick={() => void pause(batch.batchId)} data-testid="batch-pause">
              Pause
            </button>
          )}
          {batch.items.some((i) => i.state === 'queued') ? (
            <button
              type="button"
              onClick={() => void cancelPending(batch.batchId)}
              data-testid="batch-cancel"
              title="Documents already sent cannot be cancelled"
            >
              Cancel not started
            </button>
          ) : null}
          {summary.failed > 0 ? (
            <button type="button" onClick={() => void retryFailed(batch.batchId, false)} data-testid="batch-retry-failed">
              Retry failed
            </button>
          ) : null}
          {summary.unsure > 0 ? (
            <button
              type="button"
              onClick={() => void retryFailed(batch.batchId, true)}
              data-testid="batch-retry-unsure"
              title="Check the Jobs screen first: these may already have jobs"
            >
              Retry failed and unsure
            </button>
          ) : null}
        </span>
      </header>
      <div className="batch-overall">
        <progress max={summary.documents || 1} value={settled} data-testid="batch-progress" />
        <span data-testid="batch-counts">
          {summary.done} of {summary.documents} done · pages {summary.pagesDone} / {summary.pages} · {summary.credits} credits · ETA{' '}
          {eta(summary.etaSeconds, summary.waitingForServiceSince)}
          {batch.paused ? ' · paused' : ''}
        </span>
      </div>
      {summary.finished ? (
        <div className="batch-summary" data-testid="batch-summary">
          Finished: {summary.documents} documents, {summary.pagesDone} pages, {summary.credits} credits; {summary.failed} failed
          {summary.cancelled ? `, ${summary.cancelled} cancelled` : ''}
          {summary.unsure ? `, ${summary.unsure} unsure` : ''}.
          {failures.length > 0 ? (
            <ul className="batch-failures">
              {failures.map((i) => (
                <li key={i.itemId} data-testid="batch-failure">
                  <strong>{i.name}</strong>: {i.error?.message ?? 'failed'}{' '}
                  {i.error ? <code className="error-code">{i.error.code}</code> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <ul className="batch-items">
        {batch.items.map((item) => (
          <li
            key={item.itemId}
            className={`batch-item state-${item.state}`}
            data-testid="batch-item"
            data-state={item.state}
            data-name={item.name}
          >
            <span className="batch-item-name" title={item.name}>
              {item.name}
            </span>
            <progress max={1} value={itemProgress(item)} />
            <span className="batch-item-state small">{itemLabel(item)}</span>
            <span className="small muted">{item.pages ?? '?'} p.</span>
            <span className="small">{item.credits !== null ? `${item.credits} cr` : ''}</span>
            {item.resultId ? (
              <button type="button" className="link" onClick={() => void openItem(item)}>
                open
              </button>
            ) : (
              <span />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
