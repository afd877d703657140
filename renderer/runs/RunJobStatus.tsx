import { endedWithoutResult } from '../../shared/contracts/v2Jobs.js';
import { JobWarnings } from '../components/JobWarnings.js';
import { jobStateText } from '../components/jobWords.js';
import { useAppStore } from '../state/appStore.js';
import { useWorkspaceJobs } from '../state/review/parseAsJob.js';
import { useReviewStore } from '../state/review/reviewStore.js';

/** The job started from this screen for the open document: its id and status, and where to see it. Nothing to cancel: submitted work cannot be. */
export function RunJobStatus() {
  const documentId = useReviewStore((s) => s.document?.id);
  const followed = useWorkspaceJobs((s) => (documentId ? s.byDocument[documentId] : undefined));
  const setScreen = useAppStore((s) => s.setScreen);
  if (!followed) return null;
  const { job, reason } = followed;
  const code = job.problem?.code ?? (endedWithoutResult(job.status) ? job.error?.code : undefined);
  return (
    <span
      className="workspace-job"
      data-testid="workspace-job"
      data-job-id={job.jobId}
      data-status={job.status}
      data-unreachable-since={job.unreachableSince ?? undefined}
    >
      Job <code>{job.jobId}</code> · {jobStateText(job)} {code ? <code className="error-code">{code}</code> : null}{' '}
      <span className="muted small">({reason})</span>{' '}
      <button type="button" className="link" onClick={() => setScreen('jobs')}>
        Jobs
      </button>
      <JobWarnings warnings={job.warnings} />
    </span>
  );
}
