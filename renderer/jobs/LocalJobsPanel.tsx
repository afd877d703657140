import { useState } from 'react';
import type { UnsureCreate } from '../../shared/jobs.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useJobsStore } from './jobsStore.js';
import { JobTable } from './JobTable.js';

const SHOWN_AT_FIRST = 20;

/** A create whose outcome is unknown, and the three ways out of it. */
function UnsureCreateRow({ create }: { create: UnsureCreate }) {
  // Asking the job list can take a minute (it waits for candidates to finish); one action at a time.
  const [busy, setBusy] = useState<string | null>(null);
  const settle = async (action: 'check' | 'forget' | 'resend') => {
    setBusy(action);
    try {
      await useJobsStore.getState().settleUnsure(create.intentId, action);
    } finally {
      setBusy(null);
    }
  };
  return (
    <li className="unsure-create" data-testid="unsure-create" data-intent-id={create.intentId}>
      <div>
        <strong>{create.documentName}</strong> · {create.service} job · sent {new Date(create.writtenAt).toLocaleString()}
      </div>
      <div className="small muted">
        {create.candidates.length > 0
          ? `The connection dropped while the job was created; the service has jobs that may be this one: ${create.candidates.join(', ')}.`
          : 'The connection dropped (or the app stopped) while the job was created, and the service could not be asked whether it made it.'}
      </div>
      <div className="row-actions">
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => void settle('check')}
          data-testid="unsure-check"
          title="Ask the service's job list again"
        >
          {busy === 'check' ? 'Checking…' : 'Check again'}
        </button>
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => void settle('forget')}
          data-testid="unsure-forget"
          title="You found its job on the service"
        >
          It has a job: dismiss
        </button>
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => void settle('resend')}
          data-testid="unsure-resend"
          title="Only if the service has no job for it: this is paid again"
        >
          {busy === 'resend' ? 'Sending…' : 'No job: send again'}
        </button>
      </div>
    </li>
  );
}

/** Every job this workspace started, whatever its key, read from disk: it needs no network. */
export function LocalJobsPanel() {
  const local = useJobsStore((s) => s.local);
  const service = useJobsStore((s) => s.service);
  const status = useJobsStore((s) => s.status);
  const error = useJobsStore((s) => s.localError);
  const [shown, setShown] = useState(SHOWN_AT_FIRST);
  const rows = local.rows.filter((r) => r.service === service && (!status || r.status === status));
  const unsure = local.unsure.filter((u) => u.service === service);

  return (
    <section className="card" data-testid="jobs-local">
      <h2>Started here</h2>
      <p className="small muted">
        Every {service} job this workspace created, with any key, newest first. Read from disk: it works offline.
      </p>
      <ErrorMessage error={error} onDismiss={() => useJobsStore.setState({ localError: null })} />
      {unsure.length > 0 ? (
        <div className="card warning-card" data-testid="unsure-creates">
          <strong>
            {unsure.length} {unsure.length === 1 ? 'create' : 'creates'} with an unknown outcome
          </strong>
          <ul className="unsure-list">
            {unsure.map((u) => (
              <UnsureCreateRow key={u.intentId} create={u} />
            ))}
          </ul>
        </div>
      ) : null}
      <JobTable
        rows={rows.slice(0, shown)}
        empty={status ? `No ${status} ${service} jobs started here.` : `No ${service} jobs started here yet.`}
      />
      {rows.length > shown ? (
        <button type="button" className="link" onClick={() => setShown(shown + SHOWN_AT_FIRST)} data-testid="jobs-local-more">
          Show {Math.min(SHOWN_AT_FIRST, rows.length - shown)} more of {rows.length - shown}
        </button>
      ) : null}
    </section>
  );
}
