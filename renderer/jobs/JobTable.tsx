import type { JobRow } from '../../shared/jobs.js';
import { useJobsStore } from './jobsStore.js';

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

/** One page of jobs, newest first: status, document (when this workspace started it), credits and actions. */
export function JobTable({ rows }: { rows: JobRow[] }) {
  const { openResult, retry, copyId, showDetail } = useJobsStore.getState();
  if (rows.length === 0) return <p className="muted" data-testid="jobs-empty">No jobs on this page.</p>;
  return (
    <table className="jobs-table">
      <thead>
        <tr>
          <th>Job</th>
          <th>Status</th>
          <th>Document</th>
          <th>Created</th>
          <th>Credits</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.jobId} data-testid="job-row" data-job-id={row.jobId} data-status={row.status}>
            <td>
              <code className="job-id">{row.jobId}</code>
              {row.idFormat === 'older' ? <span className="tag">older id</span> : null}
            </td>
            <td>
              <span className={`status status-${row.status}`}>{row.status}</span>
              {row.failureReason ? <div className="small muted">{row.failureReason}</div> : null}
              {row.local?.problem ? <div className="small muted">{row.local.problem.message}</div> : null}
            </td>
            <td>{row.local ? row.local.documentName : <span className="muted">not started here</span>}</td>
            <td className="small">{when(row.createdAt)}</td>
            <td>{row.local?.credits ?? '—'}</td>
            <td className="row-actions">
              <button type="button" onClick={() => void openResult(row)} data-testid="job-open">
                {row.local?.resultId ? 'Open' : 'Details'}
              </button>
              {row.local ? (
                <button type="button" onClick={() => void retry(row)} data-testid="job-retry" title="Send the same document again as a new job">
                  Retry
                </button>
              ) : null}
              <button type="button" onClick={() => void copyId(row.jobId)} data-testid="job-copy">
                Copy id
              </button>
              {row.local?.resultId ? (
                <button type="button" className="link" onClick={() => void showDetail(row)}>
                  details
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
