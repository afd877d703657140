import { useEffect } from 'react';
import { JOB_STATUSES, type JobStatus } from '../../shared/contracts/v2Jobs.js';
import type { JobService } from '../../shared/jobs.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useKeysStore } from '../state/keysStore.js';
import { useLibraryStore } from '../state/library/libraryStore.js';
import { BatchDrop } from '../jobs/BatchDrop.js';
import { BatchView } from '../jobs/BatchView.js';
import { useBatchStore } from '../jobs/batchStore.js';
import { JobDetailPanel } from '../jobs/JobDetailPanel.js';
import { JobSettingsForm } from '../jobs/JobSettingsForm.js';
import { KeptAnswers } from '../jobs/KeptAnswers.js';
import { useKeptAnswersStore } from '../jobs/keptAnswersStore.js';
import { useJobsStore } from '../jobs/jobsStore.js';
import { LocalJobsPanel } from '../jobs/LocalJobsPanel.js';
import { ServiceJobsPanel } from '../jobs/ServiceJobsPanel.js';

/** Batches shown open; older ones fold away, still one click from their failures and "retry failed". */
const OPEN_BATCHES = 3;

/** Every job: the batches, the answers kept unread, what this workspace started, the service's lists (paged, filtered, newest first), and the job settings. */
export function JobsScreen() {
  const jobs = useJobsStore();
  const batches = useBatchStore((s) => s.batches);
  const batchError = useBatchStore((s) => s.error);
  const confirm = useBatchStore((s) => s.confirm);

  useEffect(() => {
    void useJobsStore.getState().load();
    void useBatchStore.getState().load();
    void useKeptAnswersStore.getState().load();
    void useLibraryStore.getState().loadOnce(); // the kept answers' document names
    void useKeysStore.getState().load(); // for the key picker; a job event reloads the lists, not the keys
  }, []);

  return (
    <div className="screen jobs" data-testid="jobs-screen">
      <header className="screen-header">
        <h1>Jobs</h1>
        <p className="muted">
          Every parse and extract job: the ones started here (with their documents) and the ones each key has on the service. Submitted jobs
          cannot be cancelled.
        </p>
      </header>

      <BatchDrop />
      <ErrorMessage error={batchError} onDismiss={() => useBatchStore.getState().clearError()} />
      {confirm ? (
        <div className="card warning" data-testid="batch-confirm">
          This batch would send <strong>{confirm.estimate.pages} pages</strong> ({confirm.estimate.documents} documents), more than your
          limit of {confirm.estimate.pageWarningLimit}.
          {confirm.estimate.unknownPages > 0
            ? ` ${confirm.estimate.unknownPages} of them could not be counted here and are taken as one page each, so it may be more.`
            : ''}{' '}
          <button
            type="button"
            className="primary"
            onClick={() => void useBatchStore.getState().confirmStart()}
            data-testid="batch-confirm-yes"
          >
            Send anyway
          </button>{' '}
          <button type="button" onClick={() => useBatchStore.setState({ confirm: null })}>
            Don't send
          </button>
        </div>
      ) : null}
      {batches.slice(0, OPEN_BATCHES).map((b) => (
        <BatchView key={b.batchId} batch={b} />
      ))}
      {batches.length > OPEN_BATCHES ? (
        <details className="card older-batches" data-testid="older-batches">
          <summary>{batches.length - OPEN_BATCHES} older batches</summary>
          {batches.slice(OPEN_BATCHES).map((b) => (
            <BatchView key={b.batchId} batch={b} />
          ))}
        </details>
      ) : null}
      <KeptAnswers />

      <div className="jobs-toolbar jobs-filter">
        <select
          value={jobs.service}
          onChange={(e) => void jobs.setQuery({ service: e.target.value as JobService })}
          data-testid="jobs-service"
          aria-label="Service"
        >
          <option value="parse">Parse jobs</option>
          <option value="extract">Extract jobs</option>
        </select>
        <select
          value={jobs.status}
          onChange={(e) => void jobs.setQuery({ status: e.target.value as JobStatus | '' })}
          data-testid="jobs-status"
          aria-label="Status"
        >
          <option value="">any status</option>
          {JOB_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={() => void Promise.all([jobs.load(), useKeptAnswersStore.getState().load()])}
          data-testid="jobs-refresh"
        >
          Refresh
        </button>
        {jobs.note ? (
          <span className="small muted" data-testid="jobs-note">
            {jobs.note}
          </span>
        ) : null}
      </div>
      <ErrorMessage error={jobs.error} onDismiss={jobs.clearError} />
      <JobDetailPanel />
      <LocalJobsPanel />
      <ServiceJobsPanel />
      <JobSettingsForm />
    </div>
  );
}
