import { useState } from 'react';
import type { FailedPart, MetadataAppend, ProjectEntry } from '../../shared/datasets/registry.js';
import { pendingByMedia, pendingMediaCount } from '../../shared/datasets/pending.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useFormAction } from '../components/useFormAction.js';
import { requireApi, subscribeEvents, toAppError } from '../ipc/client.js';
import { useBoardStore } from './boardStore.js';
import { useDatasetsStore } from './datasetsStore.js';
import { FieldError, OtherFieldErrors } from './FieldError.js';
import { Field } from '../components/Field.js';

/** What apply will send: which media get which value; apply in batches with progress. */
const NO_FAILED: FailedPart[] = [];

export function PendingPreview({ project }: { project: ProjectEntry }) {
  const pending = useBoardStore((s) => s.pending);
  const unassign = useBoardStore((s) => s.unassign);
  const running = useBoardStore((s) => s.apply);
  const error = useBoardStore((s) => s.error);
  const setBoard = useBoardStore((s) => s.set);
  const put = useDatasetsStore((s) => s.put);
  // Kept with its project: an apply that ends while another project is shown says nothing there.
  const [doneFor, setDoneFor] = useState<{ projectId: number; text: string } | null>(null);
  const done = doneFor?.projectId === project.id ? doneFor.text : null;
  const names = new Map(project.media.map((m) => [m.mediaId, m.fileName]));

  const failed = useBoardStore((s) => s.failed[project.id] ?? NO_FAILED);
  const [view, setView] = useState<'value' | 'media'>('value');
  const perMedia = [...pendingByMedia(pending)].sort(([a], [b]) => a - b);
  const apply = running?.projectId === project.id ? running : null;
  const busyWhy = running
    ? running.projectId === project.id
      ? 'Wait for the apply in progress'
      : `Wait for the apply to project #${running.projectId} to finish`
    : undefined;

  /** Sends changes to one project under one run id with progress; the answer (what the service holds) goes on the board. */
  const send = async (projectId: number, changes: { metadataAppend: MetadataAppend; mediaIds: number[] }[]) => {
    const runId = crypto.randomUUID();
    const total = changes.reduce((n, c) => n + c.mediaIds.length, 0);
    setBoard({ apply: { runId, projectId, done: 0, total }, error: null });
    setDoneFor(null);
    const stop = subscribeEvents((event) => {
      if (event.type === 'progress' && event.taskId === runId)
        setBoard({ apply: { runId, projectId, done: event.done, total: event.total } });
    });
    try {
      const result = await requireApi().datasets.applyMetadata({ runId, projectId, changes });
      put(result.project);
      return result;
    } finally {
      stop();
      setBoard({ apply: null });
    }
  };

  const run = async () => {
    const projectId = project.id;
    const sent = pending;
    const changes = sent.map((c) => ({ metadataAppend: { [c.name]: c.value }, mediaIds: c.mediaIds }));
    try {
      const result = await send(projectId, changes);
      useBoardStore.getState().applied(projectId, sent, result.failed);
      const parts = result.failed.length;
      setDoneFor({
        projectId,
        text:
          `Applied: the service now holds the values of ${result.updated} media (${result.requests} request${result.requests === 1 ? '' : 's'})` +
          (parts > 0 ? `; ${parts} part${parts === 1 ? '' : 's'} failed — listed below, retry each alone.` : '.'),
      });
    } catch (caught) {
      const appError = toAppError(caught);
      if (useBoardStore.getState().projectId === projectId) setBoard({ error: appError });
      // Shown elsewhere by now: the whole apply becomes that project's failed parts, to retry there.
      else
        useBoardStore.getState().setFailed(
          projectId,
          changes.map((c) => ({ ...c, error: appError.toData() })),
        );
    }
  };

  /** Sends one failed part of this project again, and nothing else. */
  const retry = async (part: FailedPart) => {
    const projectId = project.id;
    const others = () => (useBoardStore.getState().failed[projectId] ?? []).filter((p) => p !== part);
    try {
      const result = await send(projectId, [{ metadataAppend: part.metadataAppend, mediaIds: part.mediaIds }]);
      useBoardStore.getState().setFailed(projectId, [...others(), ...result.failed]);
      setDoneFor({ projectId, text: `Retried: the service now holds the values of ${result.updated} more media.` });
    } catch (caught) {
      const error = toAppError(caught).toData();
      const now = useBoardStore.getState().failed[projectId] ?? [];
      useBoardStore.getState().setFailed(
        projectId,
        now.map((p) => (p === part ? { ...part, error } : p)),
      );
    }
  };

  return (
    <section className="pending-panel" aria-label="Pending changes" data-testid="pending">
      <h3>
        Pending changes <span className="muted small">{pending.length === 0 ? '' : `${pendingMediaCount(pending)} media`}</span>
      </h3>
      {pending.length === 0 ? (
        <p className="muted small">
          Drag selected media onto a value (or select media, focus a value and press Enter) to see here what will change.
        </p>
      ) : null}
      {pending.length > 0 ? (
        <div className="pending-view" role="group" aria-label="Show pending changes">
          <button
            type="button"
            className={view === 'value' ? 'link active' : 'link'}
            aria-pressed={view === 'value'}
            onClick={() => setView('value')}
          >
            by value
          </button>
          <button
            type="button"
            className={view === 'media' ? 'link active' : 'link'}
            aria-pressed={view === 'media'}
            data-testid="pending-by-media"
            onClick={() => setView('media')}
          >
            by media
          </button>
        </div>
      ) : null}
      {view === 'media' ? (
        <ul className="pending-list pending-per-media">
          {perMedia.map(([id, values]) => (
            <li key={id} data-testid="pending-media-row" data-media-id={id}>
              <strong>{names.get(id) ?? `#${id}`}</strong> <span className="muted small">#{id}</span> ←{' '}
              {values.map((v) => `${v.name} = ${v.value}`).join(', ')}
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="pending-list" hidden={view === 'media'}>
        {pending.map((c) => (
          <li
            key={`${c.name}=${c.value}`}
            data-testid="pending-row"
            data-metadata={c.name}
            data-value={c.value}
            data-media-ids={c.mediaIds.join(',')}
          >
            <div className="pending-head">
              <strong>
                {c.name} = {c.value}
              </strong>
              <span className="muted small"> → {c.mediaIds.length} media</span>
              <button type="button" className="link" aria-label={`Drop ${c.name} = ${c.value}`} onClick={() => unassign(c.name, c.value)}>
                ✕
              </button>
            </div>
            <div className="pending-media">
              {c.mediaIds.map((id) => (
                <span key={id} className="pending-media-id">
                  {names.get(id) ?? `#${id}`}
                  <button
                    type="button"
                    className="link"
                    aria-label={`Remove media ${id} from ${c.name} = ${c.value}`}
                    onClick={() => unassign(c.name, c.value, id)}
                  >
                    ×
                  </button>
                </span>
              ))}
            </div>
          </li>
        ))}
      </ul>
      <div className="pending-actions">
        <button
          type="button"
          className="primary"
          data-testid="apply"
          disabled={pending.length === 0 || running !== null}
          title={busyWhy ?? (pending.length === 0 ? 'Nothing pending: drop media on a value first' : undefined)}
          onClick={() => void run()}
        >
          Apply {pending.length > 0 ? `to ${pendingMediaCount(pending)} media` : ''}
        </button>
        {pending.length > 0 && !running ? (
          <button type="button" onClick={() => setBoard({ pending: [] })}>
            Discard all
          </button>
        ) : null}
      </div>
      {apply ? (
        <div className="ds-progress" data-testid="apply-progress">
          <progress max={apply.total || 1} value={apply.done} /> {apply.done} / {apply.total}
        </div>
      ) : null}
      {done ? (
        <p className="ok small" data-testid="apply-result">
          {done}
        </p>
      ) : null}
      {failed.length > 0 ? (
        <div className="failed-parts" data-testid="failed-parts">
          <h4>Not applied</h4>
          <ul className="pending-list">
            {failed.map((part, i) => (
              <li key={i} data-testid="failed-part" data-media-ids={part.mediaIds.join(',')}>
                <div className="pending-head">
                  <strong>
                    {Object.entries(part.metadataAppend)
                      .map(([k, v]) => `${k} = ${String(v)}`)
                      .join(', ')}
                  </strong>
                  <span className="muted small"> → {part.mediaIds.map((id) => names.get(id) ?? `#${id}`).join(', ')}</span>
                </div>
                <p className="field-error" data-testid="failed-part-error">
                  {part.error.message}
                  {part.error.hint ? ` ${part.error.hint}` : ''}
                </p>
                <button
                  type="button"
                  data-testid="failed-part-retry"
                  disabled={running !== null}
                  title={busyWhy ?? 'Send this part again, and only this part'}
                  onClick={() => void retry(part)}
                >
                  Retry this part
                </button>{' '}
                <button
                  type="button"
                  className="link"
                  onClick={() =>
                    useBoardStore.getState().setFailed(
                      project.id,
                      failed.filter((p) => p !== part),
                    )
                  }
                >
                  Dismiss
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ErrorMessage error={error} onDismiss={() => setBoard({ error: null })} />
      <OtherFieldErrors error={error} shown={[]} />
      <ApplyToAll project={project} />
    </section>
  );
}

/** `allMedia: true`: sets one value on every media of the project, after typing its name. */
function ApplyToAll({ project }: { project: ProjectEntry }) {
  const put = useDatasetsStore((s) => s.put);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(project.metadata[0]?.name ?? '');
  const [value, setValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const { error, setError, busy, run } = useFormAction();
  const [result, setResult] = useState<string | null>(null);
  const definition = project.metadata.find((d) => d.name === name) ?? project.metadata[0];
  if (!definition) return null;
  const submit = () =>
    run(async () => {
      const answer = await requireApi().datasets.applyToAll({
        projectId: project.id,
        metadataAppend: { [definition.name]: value },
        confirmProjectName: confirm,
      });
      put(answer.project);
      setResult(`${definition.name} = ${value} set on all ${answer.updated} media of “${project.name}”.`);
      setOpen(false);
      setConfirm('');
    });
  // The result is shown outside the <details>: it closes on success, and would hide it.
  return (
    <>
      <details className="apply-all" open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
        <summary>Apply a value to all media of the project…</summary>
        <div className="form-grid">
          <Field label="Metadata">
            <select value={definition.name} onChange={(e) => setName(e.target.value)}>
              {project.metadata.map((d) => (
                <option key={d.id}>{d.name}</option>
              ))}
            </select>
          </Field>
          <Field label="Value">
            {definition.predefinedChoices.length > 0 && !definition.valueFlexible ? (
              <select data-testid="apply-all-value" value={value} onChange={(e) => setValue(e.target.value)}>
                <option value="">(choose)</option>
                {definition.predefinedChoices.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            ) : (
              <input data-testid="apply-all-value" value={value} onChange={(e) => setValue(e.target.value)} />
            )}
            <FieldError error={error} field={`metadataAppend.${definition.name}`} />
          </Field>
          <label className="wide">
            <span>
              This sets{' '}
              <strong>
                {definition.name} = {value || '…'}
              </strong>{' '}
              on <strong>every</strong> media of project{' '}
              <strong>
                “{project.name}” (#{project.id})
              </strong>
              , not only those on this board. Type the project name to confirm:
            </span>
            <input
              data-testid="apply-all-confirm"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              aria-invalid={!!error?.fields?.confirmProjectName}
            />
            <FieldError error={error} field="confirmProjectName" />
          </label>
        </div>
        <div className="form-actions">
          <button
            type="button"
            className="danger"
            data-testid="apply-all"
            disabled={busy || !value || confirm !== project.name}
            title={
              busy
                ? 'Applying…: wait for the service to answer'
                : !value
                  ? 'Choose the value first'
                  : confirm !== project.name
                    ? 'Type the project name to confirm'
                    : undefined
            }
            onClick={() => void submit()}
          >
            Apply to all media of “{project.name}”
          </button>
        </div>
        <ErrorMessage error={error} onDismiss={() => setError(null)} />
      </details>
      {result ? (
        <p className="ok small" data-testid="apply-all-result">
          {result}
        </p>
      ) : null}
    </>
  );
}
