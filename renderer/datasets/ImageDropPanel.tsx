import { useEffect, useMemo, useState } from 'react';
import { baseName, matchFiles, readSidecar, type MatchRule } from '../../shared/datasets/dropMatching.js';
import type { ProjectEntry } from '../../shared/datasets/registry.js';
import type { AppError, AppErrorData } from '../../shared/errors.js';
import { IMAGE_KINDS_TEXT, MAX_IMAGE_BYTES, MAX_IMAGE_SIZE_TEXT } from '../../shared/imageFormats.js';
import { DROP_BATCH_BYTES, DROP_BATCH_FILES } from '../../shared/ipc/datasets.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { requireApi, toAppError } from '../ipc/client.js';
import { useDatasetsStore } from './datasetsStore.js';
import { isSidecar, unreadableDrop, type DroppedFile } from './droppedFiles.js';
import { forgetThumbnails } from './thumbnailCache.js';

interface Sidecar {
  name: string;
  map: Map<string, number>;
  problems: string[];
}

type Outcome = { state: 'stored' } | { state: 'failed'; message: string };

const failedWith = (error: AppErrorData): Outcome => ({
  state: 'failed',
  message: error.hint ? `${error.message} ${error.hint}` : error.message,
});

/**
 * Dropped images before and after they are brought in: the matching rule (which the user
 * can change), each file with its media id or the reason it has none, an id typed per file,
 * then the copies made by main one file at a time, each failure listed with main's reason.
 */
export function ImageDropPanel({ project, dropped, onClose }: { project: ProjectEntry; dropped: DroppedFile[]; onClose(): void }) {
  const put = useDatasetsStore((s) => s.put);
  const images = useMemo(() => dropped.filter((f) => !isSidecar(f.name)), [dropped]);
  const sidecarFile = useMemo(() => dropped.find((f) => isSidecar(f.name)), [dropped]);
  const [sidecar, setSidecar] = useState<Sidecar | null>(null);
  const saved = project.dropRule;
  const [ruleKind, setRuleKind] = useState<MatchRule['kind']>(
    sidecarFile ? 'sidecar' : saved && saved.kind !== 'sidecar' ? saved.kind : 'name',
  );
  const [pattern, setPattern] = useState(saved?.pattern ?? '');
  const [sidecarError, setSidecarError] = useState<AppError | null>(null);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [outcomes, setOutcomes] = useState<Map<string, Outcome>>(new Map());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  useEffect(() => {
    if (!sidecarFile) return;
    let live = true;
    sidecarFile.file.text().then(
      (text) => {
        if (live) setSidecar({ name: sidecarFile.name, ...readSidecar(sidecarFile.name, text) });
      },
      (caught: unknown) => {
        if (live) setSidecarError(unreadableDrop(caught, sidecarFile.name));
      },
    );
    return () => {
      live = false;
    };
  }, [sidecarFile]);

  // The project's media as a list or the service named them; ids a drop added are not a list.
  const knownIds = useMemo(() => new Set(project.media.filter((m) => !m.addedByDrop).map((m) => m.mediaId)), [project.media]);
  const matched = useMemo(() => {
    const rule: MatchRule = ruleKind === 'name' ? { kind: 'name', pattern } : { kind: ruleKind };
    return matchFiles(
      images.map((f) => f.name),
      rule,
      { knownIds, sidecar: sidecar?.map ?? null, typed },
    );
  }, [images, ruleKind, pattern, knownIds, sidecar, typed]);
  // A file refused before (a wrong id, a copy that failed) can be sent again; one brought in cannot.
  const ready = matched.files.filter((f) => f.mediaId !== null && outcomes.get(f.name)?.state !== 'stored');
  const unmatched = matched.files.filter((f) => f.mediaId === null);
  const busy = progress !== null;

  /**
   * Sends the ready files in batches (a registry write per batch, not per file), reading
   * only one batch's bytes at a time; a file over the limit is refused by its size unread.
   */
  const bringIn = async () => {
    const byName = new Map(images.map((f) => [f.name, f.file]));
    const queue = ready.map((f) => ({ name: f.name, mediaId: f.mediaId!, file: byName.get(f.name)! }));
    const rule = { kind: ruleKind, pattern };
    setProgress({ done: 0, total: queue.length });
    const next = new Map(outcomes);
    let done = 0;
    let batch: { name: string; mediaId: number; bytes: Uint8Array<ArrayBuffer> }[] = [];
    let batchBytes = 0;
    const report = () => {
      setOutcomes(new Map(next));
      setProgress({ done, total: queue.length });
    };
    const send = async () => {
      const sent = batch;
      batch = [];
      batchBytes = 0;
      if (sent.length === 0) return;
      try {
        const images = sent.map((i) => ({ mediaId: i.mediaId, fileName: baseName(i.name), bytes: i.bytes }));
        const result = await requireApi().datasets.dropImages({ projectId: project.id, images, rule });
        put(result.project);
        result.outcomes.forEach((o, i) => next.set(sent[i]!.name, o.error ? failedWith(o.error) : { state: 'stored' }));
        forgetThumbnails({ projectId: project.id, mediaIds: result.outcomes.filter((o) => !o.error).map((o) => o.mediaId) });
      } catch (caught) {
        const error = toAppError(caught).toData();
        for (const item of sent) next.set(item.name, failedWith(error));
      }
      done += sent.length;
      report();
    };
    for (const item of queue) {
      if (item.file.size > MAX_IMAGE_BYTES) {
        next.set(item.name, {
          state: 'failed',
          message: `Larger than ${MAX_IMAGE_SIZE_TEXT}: drop a smaller image (${IMAGE_KINDS_TEXT}).`,
        });
        done++;
        report();
        continue;
      }
      if (batch.length >= DROP_BATCH_FILES || batchBytes + item.file.size > DROP_BATCH_BYTES) await send();
      try {
        const bytes = new Uint8Array(await item.file.arrayBuffer());
        batch.push({ name: item.name, mediaId: item.mediaId, bytes });
        batchBytes += bytes.length;
      } catch (caught) {
        next.set(item.name, failedWith(unreadableDrop(caught, item.name).toData()));
        done++;
        report();
      }
    }
    await send();
    setProgress(null);
  };

  const stored = [...outcomes.values()].filter((o) => o.state === 'stored').length;
  const refused = outcomes.size - stored;
  const fresh = ready.filter((f) => !outcomes.has(f.name)).length;
  const why = busy
    ? 'Copying the images…'
    : ready.length === 0
      ? outcomes.size > 0
        ? 'Every file with an id has been brought in; give a refused file another id to send it again.'
        : 'No file has a media id yet: change the rule or type ids.'
      : undefined;
  const counts = [
    stored ? `${stored} brought in` : '',
    refused ? `${refused} refused` : '',
    // Refused files are counted as refused, though Bring in sends them again.
    fresh ? `${fresh} ready` : '',
    unmatched.length ? `${unmatched.length} without an id` : '',
  ].filter(Boolean);

  return (
    <section className="card drop-panel" data-testid="drop-panel" aria-label="Dropped images">
      <div className="drop-panel-head">
        <h3>
          {images.length} image file{images.length === 1 ? '' : 's'} dropped
        </h3>
        <span className="ds-spacer" />
        <button type="button" onClick={onClose} disabled={busy} title={busy ? 'Wait for the copies to finish' : undefined}>
          {stored > 0 ? 'Done' : 'Cancel'}
        </button>
      </div>
      <fieldset className="drop-rule" disabled={busy}>
        <legend>Media id of each file</legend>
        <label>
          <input
            type="radio"
            name="drop-rule"
            data-testid="drop-rule-name"
            checked={ruleKind === 'name'}
            onChange={() => setRuleKind('name')}
          />
          in the file name:
          <input
            className="drop-pattern"
            data-testid="drop-pattern"
            aria-label="Pattern that finds the id in the file name"
            placeholder="first run of digits (or a pattern, e.g. id-(\d+))"
            value={pattern}
            onChange={(e) => {
              setPattern(e.target.value);
              setRuleKind('name');
            }}
          />
        </label>
        {matched.patternError ? (
          <span className="field-error" data-testid="drop-pattern-error">
            {matched.patternError}
          </span>
        ) : null}
        <label title={sidecarFile ? undefined : 'Drop a CSV or JSON with fileName and mediaId together with the images'}>
          <input
            type="radio"
            name="drop-rule"
            data-testid="drop-rule-sidecar"
            checked={ruleKind === 'sidecar'}
            onChange={() => setRuleKind('sidecar')}
          />
          from a sidecar list{' '}
          {sidecar ? (
            <code>{baseName(sidecar.name)}</code>
          ) : (
            <span className="muted">(none dropped: drop a CSV/JSON of fileName, mediaId with the images)</span>
          )}
        </label>
        <label>
          <input
            type="radio"
            name="drop-rule"
            data-testid="drop-rule-typed"
            checked={ruleKind === 'typed'}
            onChange={() => setRuleKind('typed')}
          />
          typed for each file below
        </label>
        <ErrorMessage error={sidecarError} onDismiss={() => setSidecarError(null)} />
        {sidecar && sidecar.problems.length > 0 ? <p className="small muted">Sidecar: {sidecar.problems.slice(0, 5).join('; ')}</p> : null}
        <p className="small muted">
          {knownIds.size > 0
            ? `Ids must be among this project's ${knownIds.size} listed media.`
            : 'This project has no media list yet, so any id is taken (the service has no way to list its media).'}{' '}
          A typed id wins over the rule.
        </p>
      </fieldset>
      <div className="drop-files-wrap">
        <table className="ds-table drop-files">
          <thead>
            <tr>
              <th>File</th>
              <th>Media id</th>
              <th>Type an id</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {matched.files.map((f) => {
              const outcome = outcomes.get(f.name);
              return (
                <tr
                  key={f.name}
                  data-testid="drop-file"
                  data-file={f.name}
                  data-media-id={f.mediaId ?? ''}
                  data-state={outcome?.state ?? (f.mediaId === null ? 'unmatched' : 'matched')}
                >
                  <td className="mono small">{f.name}</td>
                  <td>
                    {f.mediaId !== null ? (
                      `#${f.mediaId}`
                    ) : (
                      <span className="field-error" data-testid="drop-reason">
                        {f.reason}
                      </span>
                    )}
                  </td>
                  <td>
                    <input
                      className="drop-typed"
                      inputMode="numeric"
                      aria-label={`Media id for ${f.name}`}
                      value={typed[f.name] ?? ''}
                      disabled={busy || outcome?.state === 'stored'}
                      onChange={(e) => setTyped({ ...typed, [f.name]: e.target.value })}
                    />
                  </td>
                  <td className="small">
                    {outcome?.state === 'stored' ? <span className="ok">brought in</span> : null}
                    {outcome?.state === 'failed' ? <span className="field-error">{outcome.message}</span> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="form-actions">
        <button type="button" className="primary" data-testid="drop-bring-in" disabled={!!why} title={why} onClick={() => void bringIn()}>
          {fresh > 0 || ready.length === 0 ? 'Bring in' : 'Try again:'} {ready.length} image{ready.length === 1 ? '' : 's'}
        </button>
        <span className="small muted" data-testid="drop-summary" aria-live="polite">
          {progress
            ? `Copying ${progress.done} / ${progress.total}…`
            : `${counts.join(', ') || 'Nothing to bring in'}. Copies go into the data folder, so the thumbnails stay valid.`}
        </span>
      </div>
    </section>
  );
}
