import { useEffect, useState, type DragEvent } from 'react';
import type { ProjectEntry } from '../../shared/datasets/registry.js';
import type { AppError } from '../../shared/errors.js';
import type { KeyInfo } from '../../shared/keys.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useFormAction } from '../components/useFormAction.js';
import { requireApi, toAppError } from '../ipc/client.js';
import { useDatasetsStore } from './datasetsStore.js';
import { FieldError } from './FieldError.js';
import { INFERENCE_CONCURRENCY, MAX_BATCH_IMAGES, runPool } from './inferencePool.js';
import { InferenceBatchList, type InferenceItem } from './InferenceBatchList.js';
import { JsonView } from './JsonView.js';
import { PredictionStage } from './PredictionStage.js';
import { Field } from '../components/Field.js';

const isImageFile = (file: File) => file.type.startsWith('image/') || /\.(png|jpe?g|gif|webp|bmp|tiff?)$/i.test(file.name);

/**
 * Post images to a deployment endpoint with a v1 key (or legacy pair): one, several picked, or
 * a folder, two at a time with progress and cancel. The endpoint that answered is remembered
 * for the project; what the answer found is drawn on each image.
 */
export function InferencePanel({ project }: { project: ProjectEntry | null }) {
  const keys = useDatasetsStore((s) => s.keys);
  const inferFrom = useDatasetsStore((s) => s.inferFrom);
  const action = useFormAction();
  const [endpoint, setEndpoint] = useState(project?.inferenceEndpoint ?? '');
  const [keyId, setKeyId] = useState('');
  const [items, setItems] = useState<InferenceItem[]>([]);
  const [selected, setSelected] = useState(0);
  // Main is asking the user about a new host in its own dialog (the window cannot answer it).
  const [askingMain, setAskingMain] = useState(false);
  const [over, setOver] = useState(false);
  const [dropped, setDropped] = useState<string | null>(null);
  // The batch under way and its images out in main: Cancel stops both (no image starts, the ones
  // sent are abandoned with their retries through runs:cancel); leaving the panel does too.
  const [batches] = useState(() => new Set<AbortController>());
  const [sent] = useState(() => new Set<string>());
  const cancelAll = () => {
    batches.forEach((c) => c.abort());
    setItems((list) =>
      list.map((item) => (item.status === 'running' || item.status === 'queued' ? { ...item, status: 'cancelled' } : item)),
    );
    sent.forEach(
      (runId) =>
        void requireApi()
          .runs.cancel({ runId })
          .catch(() => undefined),
    );
  };
  useEffect(() => () => cancelAll(), [batches, sent]); // eslint-disable-line react-hooks/exhaustive-deps
  const projectKey = project && keys.some((k) => k.id === project.keyId && k.enabled) ? project.keyId : '';
  const chosen = keyId || projectKey || keys.find((k) => k.enabled)?.id || '';
  const chosenKey = keys.find((k) => k.id === chosen);
  const destination = keyDestination(endpoint, chosenKey);
  const fromRun = inferFrom && project?.trainings.some((t) => t.id === inferFrom) ? inferFrom : null;

  // Object URLs live as long as their batch: given back when another batch replaces it, and on leaving.
  const [urls] = useState(() => new Set<string>());
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);

  const take = async (files: File[]) => {
    if (action.busy) return;
    const images = files.filter(isImageFile);
    const taken = images.slice(0, MAX_BATCH_IMAGES);
    const skipped = files.length - images.length;
    setDropped(
      [
        skipped > 0 ? `${skipped} file${skipped === 1 ? '' : 's'} left out (not images)` : '',
        images.length > taken.length ? `only the first ${MAX_BATCH_IMAGES} images taken` : '',
      ]
        .filter(Boolean)
        .join('; ') || null,
    );
    if (taken.length === 0) return;
    const next = await Promise.all(
      taken.map(async (file) => {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const url = URL.createObjectURL(new Blob([bytes], { type: file.type || 'application/octet-stream' }));
        return { name: file.webkitRelativePath || file.name, url, bytes, status: 'ready' as const };
      }),
    );
    urls.forEach((u) => URL.revokeObjectURL(u));
    urls.clear();
    next.forEach((i) => urls.add(i.url));
    setItems(next);
    setSelected(0);
    action.setError(null);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void take([...e.dataTransfer.files]);
  };
  const patch = (index: number, change: Partial<InferenceItem>) =>
    setItems((list) => list.map((item, i) => (i === index ? { ...item, ...change } : item)));

  const run = () =>
    action.run(async () => {
      if (items.length === 0) return;
      const controller = new AbortController();
      batches.add(controller);
      let unconfirmed: AppError | null = null;
      const failures: AppError[] = [];
      setItems((list) => list.map((item) => ({ ...item, status: 'queued', result: undefined, error: undefined })));
      try {
        await runPool(
          items,
          INFERENCE_CONCURRENCY,
          async (item, index) => {
            patch(index, { status: 'running' });
            const runId = crypto.randomUUID();
            sent.add(runId);
            try {
              const answer = await requireApi().inference.run({
                runId,
                keyId: chosen,
                endpointUrl: endpoint.trim(),
                fileName: item.name.split('/').pop() || item.name,
                bytes: item.bytes,
                ...(project ? { projectId: project.id } : {}),
              });
              if (answer.project) useDatasetsStore.getState().put(answer.project);
              patch(index, { status: 'done', result: answer.result });
            } catch (thrown) {
              const error = toAppError(thrown);
              if (controller.signal.aborted && error.code === 'cancelled') return patch(index, { status: 'cancelled' });
              // The key may not go to this host yet: stop the batch and ask (below), once for all images.
              if (error.code === 'inference_host_unconfirmed' || error.code === 'invalid_address') {
                unconfirmed ??= error;
                controller.abort();
              }
              failures.push(error);
              patch(index, { status: 'failed', error });
            } finally {
              sent.delete(runId);
            }
          },
          controller.signal,
        );
      } finally {
        batches.delete(controller);
        setItems((list) => list.map((item) => (item.status === 'queued' ? { ...item, status: 'cancelled' } : item)));
      }
      if (unconfirmed) throw unconfirmed;
      if (items.length === 1 && failures[0]) throw failures[0];
    });
  // The key goes to a new host only after the user has said yes to that host, once per key, in
  // Groundwork's own dialog: main asks there (the window only asks main to ask), and records the host on a yes.
  const confirmHost = () => {
    setAskingMain(true);
    return action
      .run(async () => {
        const updated = await requireApi().keys.allowInferenceHost({ id: chosen, endpointUrl: endpoint.trim() });
        useDatasetsStore.setState((s) => ({ keys: s.keys.map((k) => (k.id === updated.id ? updated : k)) }));
      })
      .finally(() => setAskingMain(false))
      .then((allowed) => (allowed ? run() : false));
  };
  const asksToConfirm = action.error?.code === 'inference_host_unconfirmed' && destination?.status === 'unconfirmed';

  const finished = items.filter((i) => i.status === 'done' || i.status === 'failed').length;
  const failed = items.filter((i) => i.status === 'failed').length;
  const cancelledCount = items.filter((i) => i.status === 'cancelled').length;
  const shown = items[selected] ?? items[0];
  const busyWhy = action.busy ? 'Inference is running: wait for it, or Cancel.' : undefined;
  const runDisabledWhy = !endpoint.trim()
    ? 'Give the deployment endpoint URL first.'
    : !chosen
      ? 'Add a v1 key on the Keys screen first.'
      : items.length === 0
        ? 'Choose or drop an image first.'
        : action.busy
          ? 'Inference is running.'
          : null;

  return (
    <div className="inference-panel">
      <section className="card">
        <h2>Inference</h2>
        {fromRun ? (
          <p className="muted small" data-testid="infer-from-run">
            For training run <code>{fromRun}</code>. The contract gives no endpoint for a training run, so this is the endpoint remembered
            for “{project?.name}”; change it if that run is deployed elsewhere.
          </p>
        ) : null}
        <div className="form-grid">
          <Field className="wide" label="Deployment endpoint URL">
            <input
              data-testid="infer-endpoint"
              value={endpoint}
              onChange={(e) => setEndpoint(e.target.value)}
              placeholder="https://predict.app.landing.ai/inference/v1/predict?endpoint_id=…"
              aria-invalid={!!action.error?.fields?.endpoint}
            />
            <FieldError error={action.error} field="endpoint" />
            {project?.inferenceEndpoint && project.inferenceEndpoint === endpoint.trim() ? (
              <span className="muted small" data-testid="infer-remembered">
                Remembered for “{project.name}” from its last inference.
              </span>
            ) : null}
            {destination ? (
              <span className="muted small" data-testid="infer-destination">
                The key is sent to <strong>{destination.host}</strong>
                {destination.status === 'own'
                  ? ' (its own service)'
                  : destination.status === 'confirmed'
                    ? ' (confirmed for this key)'
                    : ' (not yet confirmed for this key: you will be asked)'}
              </span>
            ) : null}
          </Field>
          <Field label="Key">
            <select data-testid="infer-key" value={chosen} onChange={(e) => setKeyId(e.target.value)}>
              {keys.map((k) => (
                <option key={k.id} value={k.id} disabled={!k.enabled}>
                  {k.name} · {k.kind === 'v1-legacy' ? 'key + secret (apikey + apisecret)' : 'key (apikey)'}
                </option>
              ))}
            </select>
            <FieldError error={action.error} field="keyId" />
          </Field>
        </div>
        <div
          className={over ? 'drop-zone over' : 'drop-zone'}
          data-testid="infer-drop"
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
        >
          Drop images here, or{' '}
          <label className="file-button">
            choose images
            <input
              type="file"
              data-testid="infer-file"
              accept="image/*"
              multiple
              disabled={action.busy}
              title={busyWhy}
              onChange={(e) => void take([...(e.target.files ?? [])])}
            />
          </label>{' '}
          or{' '}
          <label className="file-button">
            a folder
            <input
              type="file"
              data-testid="infer-folder"
              multiple
              disabled={action.busy}
              title={busyWhy}
              {...{ webkitdirectory: '' }}
              onChange={(e) => void take([...(e.target.files ?? [])])}
            />
          </label>
          {items.length === 1 ? <span className="muted"> · {items[0]!.name}</span> : null}
          {items.length > 1 ? <span className="muted"> · {items.length} images</span> : null}
          {dropped ? <span className="muted small"> ({dropped})</span> : null}
          <FieldError error={action.error} field="file" />
        </div>
        <div className="form-actions">
          <button
            type="button"
            className="primary"
            data-testid="infer-run"
            disabled={runDisabledWhy !== null}
            title={runDisabledWhy ?? undefined}
            onClick={() => void run()}
          >
            {action.busy ? 'Running…' : items.length > 1 ? `Run on ${items.length} images` : 'Run inference'}
          </button>
          {action.busy && items.length > 0 ? (
            <button type="button" data-testid="infer-cancel" onClick={cancelAll}>
              Cancel
            </button>
          ) : null}
        </div>
        {items.length > 1 ? (
          <div className="ds-progress" data-testid="infer-progress">
            <progress max={items.length} value={finished} /> {finished} of {items.length}
            {failed > 0 ? ` · ${failed} failed` : ''}
            {cancelledCount > 0 ? ` · ${cancelledCount} cancelled` : ''}
          </div>
        ) : null}
        {asksToConfirm && chosenKey && destination ? (
          <div className="confirm-box" role="alertdialog" aria-labelledby="infer-confirm-title" data-testid="infer-confirm-host">
            <p id="infer-confirm-title">
              <strong>
                Send the key “{chosenKey.name}” to {destination.host}?
              </strong>
            </p>
            <p className="small">
              Whoever runs {destination.host} receives the key ({chosenKey.kind === 'v1-legacy' ? 'apikey and apisecret' : 'apikey'}) and
              can use it as you. Confirm only if this is your deployment&apos;s address, copied from its page; you are asked once per host
              for each key, in Groundwork’s own dialog.
            </p>
            <div className="form-actions">
              <button
                type="button"
                className="primary"
                data-testid="infer-confirm-send"
                disabled={action.busy}
                title={busyWhy}
                onClick={() => void confirmHost()}
              >
                Send the key to {destination.host}…
              </button>
              <button type="button" data-testid="infer-confirm-cancel" onClick={() => action.setError(null)}>
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <>
            {askingMain ? (
              <p className="small muted" data-testid="infer-confirm-waiting">
                Waiting for your answer in Groundwork’s own dialog…
              </p>
            ) : null}
            <ErrorMessage error={action.error} onDismiss={() => action.setError(null)} />
          </>
        )}
      </section>
      {items.length > 1 ? <InferenceBatchList items={items} selected={selected} onSelect={setSelected} /> : null}
      {shown ? (
        <section className="card inference-result">
          <div className="inference-image">
            <PredictionStage key={shown.url} url={shown.url} name={shown.name} result={shown.result} />
          </div>
          <div className="inference-json" data-testid="infer-result">
            {shown.result === undefined ? (
              <p className="muted small">{shown.error ? shown.error.message : 'Run inference to see the answer.'}</p>
            ) : (
              <JsonView value={shown.result} />
            )}
          </div>
        </section>
      ) : null}
    </div>
  );
}

/** Where the key would go for this endpoint: the host, and whether it is the key's own service or already confirmed. */
function keyDestination(endpoint: string, key: KeyInfo | undefined): { host: string; status: 'own' | 'confirmed' | 'unconfirmed' } | null {
  let url: URL;
  try {
    url = new URL(endpoint.trim());
  } catch {
    return null;
  }
  if (!key) return null;
  const own = new URL(key.address).origin === url.origin;
  return { host: url.host, status: own ? 'own' : key.inferenceOrigins?.includes(url.origin) ? 'confirmed' : 'unconfirmed' };
}
