import type { JobRow } from '../../shared/jobs.js';
import { useJobsStore } from './jobsStore.js';
import { useKeptAnswersStore } from './keptAnswersStore.js';
import { JobWarnings } from '../components/JobWarnings.js';
import { clockTime, notFollowed, statusBadge, unreachableText } from '../components/jobWords.js';

/** A completed job whose result this version could not read: kept under "Answers kept unread" (electron/jobs/jobOutputStore.ts). */
const RESULT_UNREADABLE = 'result_unreadable';

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

/** Why a job did not give a result (yet): the service's failure, the problem that stopped polling it, or an outage. */
function JobTrouble({ row }: { row: JobRow }) {
  const error = row.local?.error;
  const problem = row.local?.problem;
  const unreachableSince = row.local && statusBadge(row).tone === 'unreachable' ? row.local.unreachableSince : null;
  return (
    <>
      {error ? (
        <div className="small muted" data-testid="job-error-line">
          <code>{error.code}</code> {error.message}
        </div>
      ) : row.failureReason ? (
        <div className="small muted">{row.failureReason}</div>
      ) : null}
      {problem ? (
        <div className="small warning" data-testid="job-problem">
          {problem.code === 'output_unreadable'
            ? 'Result not read'
            : problem.code === RESULT_UNREADABLE
              ? 'Result kept unread'
              : problem.code === 'abandoned_by_user'
                ? 'Abandoned, not followed any more'
                : 'Not followed any more'}
          {notFollowed({ status: row.status, problem }) && row.local ? ` since ${clockTime(row.local.updatedAt)}` : ''}: {problem.message}{' '}
          <code>{problem.code}</code>
          {problem.hint ? <div className="job-problem-hint">{problem.hint}</div> : null}
          {problem.code === RESULT_UNREADABLE ? (
            <button
              type="button"
              className="link"
              onClick={() => void useKeptAnswersStore.getState().pointAtJob(row.jobId)}
              data-testid="job-show-kept"
            >
              Show the kept answer
            </button>
          ) : null}
        </div>
      ) : null}
      <JobWarnings warnings={row.local?.warnings} />
      {unreachableSince ? (
        <div className="small warning" data-testid="job-unreachable">
          {unreachableText(unreachableSince)}
        </div>
      ) : null}
    </>
  );
}

function StatusBadge({ row }: { row: JobRow }) {
  const badge = statusBadge(row);
  return (
    <span className={`status status-${badge.tone}`} data-testid="job-status">
      {badge.text}
    </span>
  );
}

/** Jobs, newest first: status, document (when this workspace started it), credits and actions. */
export function JobTable({ rows, empty }: { rows: JobRow[]; empty: string }) {
  const { openResult, retry, recheck, copyId, showDetail } = useJobsStore.getState();
  if (rows.length === 0)
    return (
      <p className="muted" data-testid="jobs-empty">
        {empty}
      </p>
    );
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
              {row.local?.batch ? <span className="tag">batch</span> : null}
            </td>
            <td>
              <StatusBadge row={row} />
              <JobTrouble row={row} />
            </td>
            <td>{row.local ? row.local.documentName : <span className="muted">not started here</span>}</td>
            <td className="small">{when(row.createdAt)}</td>
            <td data-testid="job-row-credits">{row.local?.credits ?? '—'}</td>
            <td className="row-actions">
              <button type="button" onClick={() => void openResult(row)} data-testid="job-open">
                {row.local?.resultId ? 'Open' : 'Details'}
              </button>
              {row.local?.problem ? (
                <button
                  type="button"
                  onClick={() => void recheck(row)}
                  data-testid="job-recheck"
                  title={
                    row.local.problem.code === 'output_unreadable'
                      ? "Read the job's output_url again, e.g. after making it readable"
                      : row.local.problem.code === RESULT_UNREADABLE
                        ? 'Fetch the result from the service again; "Read again" under the kept answer reads the copy kept here'
                        : row.local.problem.code === 'abandoned_by_user'
                          ? 'Follow this job after all: its result is stored once it completes'
                          : 'Poll this job again, e.g. after adding its key back'
                  }
                >
                  Check again
                </button>
              ) : null}
              {row.local ? (
                <button
                  type="button"
                  onClick={() => void retry(row)}
                  data-testid="job-retry"
                  title="Send the same document again as a new job"
                >
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
