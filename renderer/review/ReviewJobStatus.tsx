import { jobStateText } from '../jobs/jobWords.js';
import { useAppStore } from '../shell/appStore.js';
import { useReviewJob } from './parseAsJob.js';

/** The job started from this screen: its id and status, and where to see it. Nothing to cancel: submitted work cannot be. */
export function ReviewJobStatus() {
  const { job, reason } = useReviewJob();
  const setScreen = useAppStore((s) => s.setScreen);
  if (!job) return null;
  const state = jobStateText(job);
  const code = job.problem?.code ?? (job.status === 'failed' ? job.error?.code : undefined);
  return (
    <span className="review-job" data-testid="review-job" data-job-id={job.jobId} data-status={job.status} data-unreachable-since={job.unreachableSince ?? undefined}>
      Job <code>{job.jobId}</code> · {state} {code ? <code className="error-code">{code}</code> : null} <span className="muted small">({reason})</span>{' '}
      <button type="button" className="link" onClick={() => setScreen('jobs')}>
        Jobs
      </button>
    </span>
  );
}
