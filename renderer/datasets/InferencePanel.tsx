import { useEffect, useState, type DragEvent } from 'react';
import { findPredictions } from '../../shared/datasets/predictions.js';
import type { KeyInfo } from '../../shared/keys.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useFormAction } from '../components/useFormAction.js';
import { requireApi } from '../ipc/client.js';
import { useDatasetsStore } from './datasetsStore.js';
import { FieldError } from './FieldError.js';
import { JsonView } from './JsonView.js';

/** Post an image to a deployment endpoint with a v1 key (or legacy pair); show the answer and draw what it found. */
export function InferencePanel() {
  const keys = useDatasetsStore((s) => s.keys);
  const action = useFormAction();
  const [endpoint, setEndpoint] = useState('');
  const [keyId, setKeyId] = useState('');
  const [image, setImage] = useState<{ name: string; url: string; bytes: Uint8Array<ArrayBuffer> } | null>(null);
  const [result, setResult] = useState<unknown>(undefined);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [over, setOver] = useState(false);
  const chosen = keyId || keys.find((k) => k.enabled)?.id || '';
  const chosenKey = keys.find((k) => k.id === chosen);
  const destination = keyDestination(endpoint, chosenKey);

  useEffect(() => () => (image ? URL.revokeObjectURL(image.url) : undefined), [image]);

  const take = async (file: File | undefined) => {
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    setImage({ name: file.name, url: URL.createObjectURL(new Blob([bytes], { type: file.type || 'application/octet-stream' })), bytes });
    setResult(undefined);
    setSize(null);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void take(e.dataTransfer.files[0]);
  };
  const run = () =>
    action.run(async () => {
      if (!image) return;
      const answer = await requireApi().inference.run({
        keyId: chosen,
        endpointUrl: endpoint.trim(),
        fileName: image.name,
        bytes: image.bytes,
      });
      setResult(answer.result);
    });
  // The key goes to a new host only after the user has said yes to that host, once per key.
  const confirmHost = () =>
    action
      .run(async () => {
        const updated = await requireApi().keys.allowInferenceHost({ id: chosen, endpointUrl: endpoint.trim() });
        useDatasetsStore.setState((s) => ({ keys: s.keys.map((k) => (k.id === updated.id ? updated : k)) }));
      })
      .then((allowed) => (allowed ? run() : false));
  const asksToConfirm = action.error?.code === 'inference_host_unconfirmed' && destination?.status === 'unconfirmed';

  const predictions = result === undefined ? [] : findPredictions(result);
  const withBoxes = predictions.filter((p) => p.box);
  const labels = predictions.filter((p) => !p.box && p.label !== null);

  return (
    <div className="inference-panel">
      <section className="card">
        <h2>Inference</h2>
        <div className="form-grid">
          <label className="wide">
            Deployment endpoint URL
            <input
              data-testid="infer-endpoint"
              value={endpoint}
              onChange={(e) => setEndpoint(e.target.value)}
              placeholder="https://predict.app.landing.ai/inference/v1/predict?endpoint_id=…"
              aria-invalid={!!action.error?.fields?.endpoint}
            />
            <FieldError error={action.error} field="endpoint" />
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
          </label>
          <label>
            Key
            <select data-testid="infer-key" value={chosen} onChange={(e) => setKeyId(e.target.value)}>
              {keys.map((k) => (
                <option key={k.id} value={k.id} disabled={!k.enabled}>
                  {k.name} · {k.kind === 'v1-legacy' ? 'key + secret (apikey + apisecret)' : 'key (apikey)'}
                </option>
              ))}
            </select>
            <FieldError error={action.error} field="keyId" />
          </label>
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
          Drop an image here, or{' '}
          <label className="file-button">
            choose one
            <input type="file" data-testid="infer-file" accept="image/*" onChange={(e) => void take(e.target.files?.[0])} />
          </label>
          {image ? <span className="muted"> · {image.name}</span> : null}
          <FieldError error={action.error} field="file" />
        </div>
        <div className="form-actions">
          <button
            type="button"
            className="primary"
            data-testid="infer-run"
            disabled={!image || !endpoint.trim() || !chosen || action.busy}
            onClick={() => void run()}
          >
            {action.busy ? 'Running…' : 'Run inference'}
          </button>
        </div>
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
              for each key.
            </p>
            <div className="form-actions">
              <button
                type="button"
                className="primary"
                data-testid="infer-confirm-send"
                disabled={action.busy}
                onClick={() => void confirmHost()}
              >
                Send the key to {destination.host}
              </button>
              <button type="button" data-testid="infer-confirm-cancel" onClick={() => action.setError(null)}>
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <ErrorMessage error={action.error} onDismiss={() => action.setError(null)} />
        )}
      </section>
      {image ? (
        <section className="card inference-result">
          <div className="inference-image">
            <div className="inference-stage">
              <img
                src={image.url}
                alt={image.name}
                onLoad={(e) => setSize({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
              />
              {size
                ? withBoxes.map((p, i) => {
                    const b = p.box!;
                    const [sx, sy] = p.normalized ? [1, 1] : [size.w, size.h];
                    return (
                      <div
                        key={i}
                        className="pred-box"
                        data-testid="pred-box"
                        style={{
                          left: `${(b.xmin / sx) * 100}%`,
                          top: `${(b.ymin / sy) * 100}%`,
                          width: `${((b.xmax - b.xmin) / sx) * 100}%`,
                          height: `${((b.ymax - b.ymin) / sy) * 100}%`,
                        }}
                      >
                        <span className="pred-label">
                          {p.label ?? ''} {p.score !== null ? p.score.toFixed(2) : ''}
                        </span>
                      </div>
                    );
                  })
                : null}
              {labels.length > 0 ? (
                <div className="pred-banner" data-testid="pred-label">
                  {labels.map((p) => `${p.label}${p.score !== null ? ` (${p.score.toFixed(2)})` : ''}`).join(' · ')}
                </div>
              ) : null}
            </div>
          </div>
          <div className="inference-json" data-testid="infer-result">
            {result === undefined ? <p className="muted small">Run inference to see the answer.</p> : <JsonView value={result} />}
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
