import { useEffect, useState, type FormEvent } from 'react';
import type { ExportRecord, ProjectEntry } from '../../shared/datasets/registry.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useFormAction } from '../components/useFormAction.js';
import { requireApi } from '../ipc/client.js';
import { useAppStore } from '../state/appStore.js';
import { useDatasetsStore } from './datasetsStore.js';
import { FieldError, OtherFieldErrors } from './FieldError.js';
import { downloadKey, setDownloadFolder, useSnapshotDownloads, type DownloadPhase } from './snapshotDownloadsStore.js';
import { Field } from '../components/Field.js';

/** Seconds left until an ISO time, ticking once a second. */
function useCountdown(iso: string): number | null {
  const target = Date.parse(iso);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Number.isFinite(target) ? Math.max(0, Math.floor((target - now) / 1000)) : null;
}

function formatLeft(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** Export a dataset snapshot, watch its link expire, download the archive into a folder. */
export function SnapshotsPanel({ project }: { project: ProjectEntry }) {
  const put = useDatasetsStore((s) => s.put);
  const action = useFormAction();
  const [version, setVersion] = useState('1');
  const [retry, setRetry] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      put(await requireApi().snapshots.export({ projectId: project.id, version: Number(version.trim()), retry }));
    });
  };
  return (
    <div className="snapshots-panel">
      <form className="card" onSubmit={submit} noValidate>
        <h2>Export a dataset snapshot</h2>
        <div className="form-grid">
          <Field label="Snapshot version">
            <input
              data-testid="snapshot-version"
              inputMode="numeric"
              value={version}
              onChange={(e) => setVersion(e.target.value)}
              aria-invalid={!!action.error?.fields?.['path.snapshot_version']}
            />
            <FieldError error={action.error} field="path.snapshot_version" />
            {!/^\d+$/.test(version.trim()) ? <span className="field-error">A version is a whole number.</span> : null}
          </Field>
          <label className="ds-check">
            <span>
              <input type="checkbox" data-testid="snapshot-retry" checked={retry} onChange={(e) => setRetry(e.target.checked)} /> retry
              (export again even if one was started)
            </span>
            <FieldError error={action.error} field="retry" />
          </label>
          <div className="ds-form-submit">
            <button type="submit" className="primary" data-testid="snapshot-export" disabled={action.busy || !/^\d+$/.test(version.trim())}>
              Export
            </button>
          </div>
        </div>
        <OtherFieldErrors error={action.error} shown={['path.snapshot_version', 'retry']} />
        <ErrorMessage error={action.error} onDismiss={() => action.setError(null)} />
      </form>
      {project.exports.length === 0 ? <p className="muted small">No exports yet.</p> : null}
      {project.exports.map((record) => (
        <ExportCard key={`${record.requestedAt}-${record.downloadUrl}`} project={project} record={record} />
      ))}
    </div>
  );
}

const bytes = (n: number) => n.toLocaleString('en-US');

/** The badge follows the download: the export's own status (Started) until a download begins, then Downloading, Saved or Failed. */
function badge(state: DownloadPhase, exportStatus: string): string {
  switch (state.phase) {
    case 'idle':
      return exportStatus;
    case 'downloading':
      return 'Downloading';
    case 'saved':
      return 'Saved';
    case 'failed':
      return 'Failed';
  }
}

function ExportCard({ project, record }: { project: ProjectEntry; record: ExportRecord }) {
  const left = useCountdown(record.downloadExpiresAt);
  const action = useFormAction();
  const remembered = useDatasetsStore((s) => s.registry?.downloadFolder ?? '');
  // The remembered folder until one is typed or picked here (then every card follows a new pick).
  const [typed, setFolder] = useState<string | null>(null);
  const folder = typed ?? remembered;
  // In Electron the folder comes from the native dialog (main accepts no other); the preview has none, so it is typed.
  const hasDialog = useAppStore((s) => s.info?.shell === 'electron');
  const started = useSnapshotDownloads((s) => s.phases[downloadKey(project.id, record.downloadUrl)]);
  const state: DownloadPhase = started ?? (record.downloadedTo ? { phase: 'saved', path: record.downloadedTo } : { phase: 'idle' });
  const expired = left === 0;
  const downloading = state.phase === 'downloading';

  const chooseFolder = () =>
    action.run(async () => {
      const chosen = await requireApi().snapshots.chooseFolder({});
      if (chosen.folder !== null) {
        setFolder(chosen.folder);
        setDownloadFolder(chosen.folder);
      }
    });

  const download = async () => {
    if (downloading) return;
    action.setError(null);
    const folderError = await useSnapshotDownloads
      .getState()
      .start({ projectId: project.id, downloadUrl: record.downloadUrl, folder: folder.trim() });
    if (folderError) action.setError(folderError);
  };
  const showInFolder = () =>
    action.run(async () => {
      await requireApi().snapshots.showInFolder({ projectId: project.id, downloadUrl: record.downloadUrl });
    });

  const whyDisabled = expired
    ? 'The link has expired: export the snapshot again.'
    : downloading
      ? 'Downloading…'
      : !folder.trim()
        ? hasDialog
          ? 'Choose a destination folder first.'
          : 'Type a destination folder first.'
        : null;
  const savedName = state.phase === 'saved' ? state.path.split(/[\\/]/).pop() : null;

  return (
    <section className="card export-card" data-testid="snapshot-export-card" data-version={record.version} data-phase={state.phase}>
      <div className="export-head">
        <strong>Snapshot v{record.version}</strong>
        <span
          className={`ds-badge${state.phase === 'saved' ? ' active' : state.phase === 'failed' ? ' inactive' : ''}`}
          data-testid="snapshot-status"
        >
          {badge(state, record.status)}
        </span>
        <span className="muted small">
          requested {new Date(record.requestedAt).toLocaleString()}
          {record.retry ? ' · retry' : ''}
        </span>
      </div>
      <div className="export-link small">
        <span className="muted">Download link:</span> <code className="export-url">{record.downloadUrl}</code>
      </div>
      <div className={expired ? 'countdown expired' : 'countdown'} data-testid="snapshot-countdown" data-seconds-left={left ?? ''}>
        {left === null
          ? `expires ${record.downloadExpiresAt}`
          : expired
            ? 'The link has expired — export again.'
            : `Link expires in ${formatLeft(left)} (at ${new Date(record.downloadExpiresAt).toLocaleTimeString()})`}
      </div>
      <div className="export-download">
        {hasDialog ? (
          <div className="export-folder">
            <span>Destination folder</span>
            <span className="export-folder-choice">
              <button
                type="button"
                data-testid="snapshot-choose-folder"
                disabled={action.busy || downloading}
                title={
                  downloading ? 'Downloading…' : action.busy ? 'Waiting for the folder dialog or Show in folder to finish.' : undefined
                }
                onClick={() => void chooseFolder()}
              >
                Choose folder…
              </button>
              <code data-testid="snapshot-folder-chosen">{folder || 'none chosen'}</code>
            </span>
            <FieldError error={action.error} field="folder" />
          </div>
        ) : (
          <Field label="Destination folder (absolute path)">
            <input
              data-testid="snapshot-folder"
              value={folder}
              onChange={(e) => setFolder(e.target.value)}
              placeholder="/home/me/datasets"
              aria-invalid={!!action.error?.fields?.folder}
            />
            <FieldError error={action.error} field="folder" />
          </Field>
        )}
        <button
          type="button"
          className="primary"
          data-testid="snapshot-download"
          disabled={whyDisabled !== null}
          title={whyDisabled ?? undefined}
          onClick={() => void download()}
        >
          {state.phase === 'saved' ? 'Download again' : state.phase === 'failed' ? 'Retry download' : 'Download archive'}
        </button>
      </div>
      {state.phase === 'downloading' ? (
        <div className="ds-progress" data-testid="snapshot-progress">
          <progress max={state.total || 1} value={state.total ? state.done : undefined} />{' '}
          {state.total
            ? `${bytes(state.done)} of ${bytes(state.total)} bytes (${Math.floor((state.done / state.total) * 100)} %)`
            : state.done === 0
              ? 'Waiting for the server…'
              : `${bytes(state.done)} bytes (the server gave no size)`}
        </div>
      ) : null}
      {state.phase === 'saved' ? (
        <p className="ok small" data-testid="snapshot-saved">
          Saved <strong>{savedName}</strong> to <code>{state.path}</code>{' '}
          {hasDialog ? (
            <button type="button" className="link" data-testid="snapshot-show" onClick={() => void showInFolder()}>
              Show in folder
            </button>
          ) : null}
        </p>
      ) : null}
      {state.phase === 'failed' ? (
        <div className="snapshot-failed" data-testid="snapshot-failed">
          <ErrorMessage error={state.error} />
        </div>
      ) : null}
      <ErrorMessage error={action.error} onDismiss={() => action.setError(null)} />
    </section>
  );
}
