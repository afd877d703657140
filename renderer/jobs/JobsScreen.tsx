import { useEffect } from 'react';
import { JOB_STATUSES, type JobStatus } from '../../shared/contracts/v2Jobs.js';
import type { JobService } from '../../shared/jobs.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { BatchDrop } from './BatchDrop.js';
import { BatchView } from './BatchView.js';
import { useBatchStore } from './batchStore.js';
import { JobDetailPanel } from './JobDetailPanel.js';
import { JobSettingsForm } from './JobSettingsForm.js';
import { useJobsStore } from './jobsStore.js';
import { JobTable } from './JobTable.js';

const PAGE_SIZES = [5, 10, 25, 50, 100];

/** Every job: the service's lists (paged, filtered, newest first) with local documents, batches, and the job settings. */
export function JobsScreen() {
  const jobs = useJobsStore();
  const batches = useBatchStore((s) => s.batches);
  const batchError = useBatchStore((s) => s.error);
  const confirm = useBatchStore((s) => s.confirm);

  useEffect(() => {
    void useJobsStore.getState().load();
    void useBatchStore.getState().load();
  }, []);

  return (
    <div className="screen jobs" data-testid="jobs-screen">
      <header className="screen-header">
        <h1>Jobs</h1>
        <p className="muted">Every parse and extract job of your key, newest first. Jobs this workspace started show their document; submitted jobs cannot be cancelled.</p>
      </header>

      <BatchDrop />
      <ErrorMessage error={batchError} onDismiss={() => useBatchStore.getState().clearError()} />
      {confirm ? (
        <div className="card warning" data-testid="batch-confirm">
          This batch would send <strong>{confirm.estimate.pages} pages</strong> ({confirm.estimate.documents} documents), more than your limit of {confirm.estimate.pageWarningLimit}.{' '}
          <button type="button" className="primary" onClick={() => void useBatchStore.getState().confirmStart()} data-testid="batch-confirm-yes">
            Send anyway
          </button>{' '}
          <button type="button" onClick={() => useBatchStore.setState({ confirm: null })}>
            Don't send
          </button>
        </div>
      ) : null}
      {batches.slice(0, 3).map((b) => (
        <BatchView key={b.batchId} batch={b} />
      ))}

      <section className="card">
        <div className="jobs-toolbar">
          <select value={jobs.service} onChange={(e) => void jobs.setQuery({ service: e.target.value as JobService })} data-testid="jobs-service" aria-label="Service">
            <option value="parse">Parse jobs</option>
            <option value="extract">Extract jobs</option>
          </select>
          <select value={jobs.status} onChange={(e) => void jobs.setQuery({ status: e.target.value as JobStatus | '' })} data-testid="jobs-status" aria-label="Status">
            <option value="">any status</option>
            {JOB_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <label className="inline">
            per page
            <select value={jobs.pageSize} onChange={(e) => void jobs.setQuery({ pageSize: Number(e.target.value) })} data-testid="jobs-page-size">
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <span className="spacer" />
          <button type="button" onClick={() => void jobs.goToPage(jobs.page - 1)} disabled={jobs.page === 0 || jobs.loading} data-testid="jobs-prev">
            ← Newer
          </button>
          <span data-testid="jobs-page">Page {jobs.page + 1}</span>
          <button type="button" onClick={() => void jobs.goToPage(jobs.page + 1)} disabled={!jobs.hasMore || jobs.loading} data-testid="jobs-next">
            Older →
          </button>
          <button type="button" onClick={() => void jobs.load()} data-testid="jobs-refresh">
            Refresh
          </button>
        </div>
        {jobs.note ? <div className="small muted" data-testid="jobs-note">{jobs.note}</div> : null}
        <ErrorMessage error={jobs.error} onDismiss={jobs.clearError} />
        <JobTable rows={jobs.rows} />
      </section>
      <JobDetailPanel />
      <JobSettingsForm />
    </div>
  );
}
