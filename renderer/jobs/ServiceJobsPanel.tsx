import { ErrorMessage } from '../components/ErrorMessage.js';
import { useKeysStore } from '../state/keysStore.js';
import { useJobsStore } from './jobsStore.js';
import { JobTable } from './JobTable.js';
import { OpenJobById } from './OpenJobById.js';
import { Field } from '../components/Field.js';

const PAGE_SIZES = [5, 10, 25, 50, 100];

/** One page of a key's jobs as the service lists them (jobs started on other machines too), merged with local records. */
export function ServiceJobsPanel() {
  const jobs = useJobsStore();
  const v2Keys = useKeysStore((s) => s.keys).filter((k) => k.kind === 'v2');
  return (
    <section className="card" data-testid="jobs-remote">
      <h2>On the service</h2>
      <div className="jobs-toolbar">
        <Field className="inline" label="key">
          <select value={jobs.keyId} onChange={(e) => void jobs.setQuery({ keyId: e.target.value })} data-testid="jobs-key">
            <option value="">default v2 key</option>
            {v2Keys.map((k) => (
              <option key={k.id} value={k.id} disabled={!k.enabled}>
                {k.name}
              </option>
            ))}
          </select>
        </Field>
        <Field className="inline" label="per page">
          <select
            value={jobs.pageSize}
            onChange={(e) => void jobs.setQuery({ pageSize: Number(e.target.value) })}
            data-testid="jobs-page-size"
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </Field>
        <span className="spacer" />
        <button
          type="button"
          onClick={() => void jobs.goToPage(jobs.page - 1)}
          disabled={jobs.page === 0 || jobs.loading}
          data-testid="jobs-prev"
        >
          ← Newer
        </button>
        <span data-testid="jobs-page">Page {jobs.page + 1}</span>
        <button
          type="button"
          onClick={() => void jobs.goToPage(jobs.page + 1)}
          disabled={!jobs.hasMore || jobs.loading}
          data-testid="jobs-next"
        >
          Older →
        </button>
      </div>
      <OpenJobById />
      <ErrorMessage error={jobs.serviceError} onDismiss={() => useJobsStore.setState({ serviceError: null })} />
      {jobs.serviceError ? null : <JobTable rows={jobs.rows} empty="No jobs on this page." />}
    </section>
  );
}
