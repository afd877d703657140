import { ImportJobResult } from './ImportJobResult.js';
import { useJobsStore } from './jobsStore.js';

/** What the service says about one job now: status, error, credits, output and the start of its Markdown. */
export function JobDetailPanel() {
  const detail = useJobsStore((s) => s.detail);
  if (!detail) return null;
  const { row } = detail;
  return (
    <section className="card job-detail" data-testid="job-detail" data-job-id={row.jobId}>
      <header className="job-detail-head">
        <strong>
          <code>{row.jobId}</code>
        </strong>
        <span className={`status status-${row.status}`}>{row.status}</span>
        <button type="button" className="link" onClick={() => useJobsStore.getState().closeDetail()} aria-label="Close details">
          ✕
        </button>
      </header>
      <dl className="job-facts">
        <dt>Id format</dt>
        <dd>{row.idFormat === 'current' ? `${row.service}-<ULID>` : 'older format'}</dd>
        <dt>Model</dt>
        <dd>{row.modelVersion ?? '—'}</dd>
        <dt>Pages</dt>
        <dd>{detail.pageCount ?? '—'}</dd>
        <dt>Credits</dt>
        <dd data-testid="job-credits">{detail.credits ?? '—'}</dd>
        <dt>Document</dt>
        <dd>{row.local?.documentName ?? 'not in this workspace (started elsewhere)'}</dd>
        {detail.outputUrl ? (
          <>
            <dt>Output URL</dt>
            <dd className="small">{detail.outputUrl}</dd>
          </>
        ) : null}
      </dl>
      {detail.error ? (
        <div className="error" data-testid="job-error" data-code={detail.error.code}>
          <strong>{detail.error.message}</strong> <code className="error-code">{detail.error.code}</code>
        </div>
      ) : null}
      <ImportJobResult row={row} />
      {detail.markdownPreview ? <pre className="job-markdown">{detail.markdownPreview}</pre> : null}
    </section>
  );
}
