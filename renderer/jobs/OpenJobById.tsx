import { useState } from 'react';
import { checkJobId, CURRENT_JOB_ID } from '../../shared/contracts/v2Jobs.js';
import { AppError } from '../../shared/errors.js';
import type { JobService } from '../../shared/jobs.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useFormAction } from '../components/useFormAction.js';
import { useKeysStore } from '../state/keysStore.js';
import { useJobsStore } from './jobsStore.js';
import { Field } from '../components/Field.js';

/**
 * Opens one job by its id, under the key chosen for the service list. A current id names its
 * service (`parse-…`, `extract-…`); for an older id (a UUID, `job_…`) the user says which.
 * A malformed id is refused here, before any request.
 */
export function OpenJobById() {
  const [typed, setTyped] = useState('');
  const [olderService, setOlderService] = useState<JobService>('parse');
  const keyId = useJobsStore((s) => s.keyId);
  const keys = useKeysStore((s) => s.keys);
  const id = typed.trim();
  const current = CURRENT_JOB_ID.exec(id);
  const service: JobService = current ? (current[1] as JobService) : olderService;
  const older = id !== '' && !current;
  const form = useFormAction({ explain: (error) => (error.code === 'not_found' ? noSuchJob(service, id, keyName()) : error) });

  const open = async () => {
    const check = checkJobId(id, service);
    if (!check.ok) {
      form.setError(
        new AppError({
          code: 'invalid_job_id',
          message: check.reason,
          hint: 'Paste the id as the service gave it (e.g. parse-01J…, or an older UUID or job_… id). Nothing was sent.',
        }),
      );
      return;
    }
    await form.run(() => useJobsStore.getState().openById(service, id));
  };

  function keyName(): string {
    const chosen = keyId ? keys.find((k) => k.id === keyId) : keys.find((k) => k.kind === 'v2' && k.enabled);
    return chosen ? `"${chosen.name}"` : 'the default v2 key';
  }

  return (
    <form
      className="jobs-toolbar open-job"
      data-testid="open-job"
      onSubmit={(e) => {
        e.preventDefault();
        void open();
      }}
    >
      <Field className="inline" label="Open a job by id">
        <input
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="parse-01J… or an older id"
          spellCheck={false}
          data-testid="open-job-id"
        />
      </Field>
      {older ? (
        <Field className="inline" title="An older id does not say which service it belongs to" label="it is a">
          <select value={olderService} onChange={(e) => setOlderService(e.target.value as JobService)} data-testid="open-job-service">
            <option value="parse">parse job</option>
            <option value="extract">extract job</option>
          </select>
        </Field>
      ) : null}
      <button
        type="submit"
        disabled={form.busy || id === ''}
        title={id === '' ? 'Type or paste a job id first' : undefined}
        data-testid="open-job-go"
      >
        {form.busy ? 'Opening…' : 'Open'}
      </button>
      {form.error ? (
        <div className="wide">
          <ErrorMessage error={form.error} onDismiss={() => form.setError(null)} />
        </div>
      ) : null}
    </form>
  );
}

function noSuchJob(service: JobService, id: string, key: string): AppError {
  return new AppError({
    code: 'not_found',
    message: `No ${service} job "${id}" for ${key}.`,
    hint: `A job is visible only to the key that created it: pick that key above${CURRENT_JOB_ID.test(id) ? '' : `, or try it as ${service === 'parse' ? 'an extract' : 'a parse'} job`}.`,
  });
}
