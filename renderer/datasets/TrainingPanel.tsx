import { useState, type FormEvent } from 'react';
import type { SplitMetrics } from '../../shared/contracts/v1Datasets.js';
import type { ProjectEntry, TrainingRecord } from '../../shared/datasets/registry.js';
import { trainingState } from '../../shared/datasets/metricsPolling.js';
import {
  ARCHITECTURE_SUGGESTIONS,
  buildTrainingRequest,
  DEFAULT_TRAINING_FORM,
  describeBounds,
  NUMBER_RULES,
  type TrainingForm,
  type TrainingFormField,
} from '../../shared/datasets/trainingForm.js';
import { AppError } from '../../shared/errors.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useFormAction } from '../components/useFormAction.js';
import { requireApi } from '../ipc/client.js';
import { useDatasetsStore } from './datasetsStore.js';
import { OtherFieldErrors } from './FieldError.js';
import { MetricsChart } from './MetricsChart.js';
import { Field } from '../components/Field.js';

/** Start a training (validated before sending) and read its metrics per split. */
export function TrainingPanel({ project }: { project: ProjectEntry }) {
  const [selected, setSelected] = useState<string | null>(project.trainings[0]?.id ?? null);
  const training = project.trainings.find((t) => t.id === selected) ?? project.trainings[0] ?? null;
  return (
    <div className="training-panel">
      <TrainingFormCard project={project} onStarted={setSelected} />
      <section className="card">
        <h2>Trainings of “{project.name}”</h2>
        <p className="muted small" data-testid="training-no-status">
          The service has no status endpoint for a training: Groundwork asks for its metrics every few seconds (waiting longer each time, at
          most 30 s) until they come, and again whenever this screen opens.
        </p>
        {project.trainings.length === 0 ? <p className="muted small">No training started from here yet.</p> : null}
        <ul className="training-list">
          {project.trainings.map((t) => (
            <TrainingItem key={t.id} training={t} active={t.id === training?.id} onSelect={() => setSelected(t.id)} />
          ))}
        </ul>
        {training ? <Metrics project={project} training={training} /> : null}
      </section>
    </div>
  );
}

function TrainingFormCard({ project, onStarted }: { project: ProjectEntry; onStarted(id: string): void }) {
  const put = useDatasetsStore((s) => s.put);
  const [form, setForm] = useState<TrainingForm>(DEFAULT_TRAINING_FORM);
  const action = useFormAction();
  const built = buildTrainingRequest(form);
  // An edit makes the last answer's messages stale; the local check speaks for the new values.
  const set = (patch: Partial<TrainingForm>) => {
    setForm({ ...form, ...patch });
    if (action.error) action.setError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      const now = buildTrainingRequest(form);
      if (!now.request)
        throw new AppError({
          code: 'invalid_training',
          message: 'Some training settings need fixing (see the fields).',
          fields: now.errors,
        });
      const updated = await requireApi().training.start({ projectId: project.id, request: now.request });
      put(updated);
      const started = updated.trainings[0];
      if (started) {
        useDatasetsStore.getState().watchTraining(project.id, started.id);
        onStarted(started.id);
      }
    });
  };

  const field = (name: TrainingFormField, label: string, extra: { inputMode?: 'numeric' | 'decimal' } = {}) => {
    const path = built.paths[name];
    const rule = name === 'architecture' ? null : NUMBER_RULES[name];
    // The service's own message once it answered; until then the local check, as the user types.
    const message = path ? (action.error?.fields?.[path] ?? built.errors[path]) : undefined;
    return (
      <Field label={label}>
        <input
          data-testid={`train-${name}`}
          inputMode={extra.inputMode}
          value={form[name]}
          onChange={(e) => set({ [name]: e.target.value })}
          aria-invalid={!!message}
          {...(name === 'architecture' ? { list: 'train-architectures', autoComplete: 'off' } : {})}
        />
        {message ? (
          <span className="field-error" data-testid="field-error" data-field={path}>
            {message}
          </span>
        ) : null}
        {rule ? (
          <span className="field-help" data-testid={`train-help-${name}`}>
            {rule.help} {describeBounds(rule)[0]!.toUpperCase() + describeBounds(rule).slice(1)}
            {rule.fromContract ? '.' : ' (app’s limit).'}
          </span>
        ) : (
          <span className="field-help" data-testid="train-help-architecture">
            Pick a suggestion or type any name. The service&apos;s contract lists no architectures: the suggestions are common model names,
            not a promise your service knows them; what you type is sent as is.
          </span>
        )}
      </Field>
    );
  };
  const shown = Object.values(built.paths).filter((p): p is string => !!p);

  return (
    <form className="card" onSubmit={submit} noValidate>
      <h2>Start a training</h2>
      <p className="muted small">
        The contract bounds only the flip probability; limits marked “app’s limit” are Groundwork’s, to catch a typo before a training is
        paid for.
      </p>
      <div className="form-grid">
        {field('architecture', 'Model architecture')}
        <datalist id="train-architectures">
          {ARCHITECTURE_SUGGESTIONS.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
        {field('epochs', 'Epochs', { inputMode: 'numeric' })}
      </div>
      <fieldset className="ds-fieldset">
        <legend>
          <label>
            <input
              type="checkbox"
              data-testid="train-rescale"
              checked={form.rescale}
              onChange={(e) => set({ rescale: e.target.checked })}
            />{' '}
            Preprocessing: rescale with padding
          </label>
        </legend>
        {form.rescale ? (
          <div className="form-grid">
            {field('height', 'Height', { inputMode: 'decimal' })}
            {field('width', 'Width', { inputMode: 'decimal' })}
            {field('paddingValue', 'Padding value', { inputMode: 'decimal' })}
          </div>
        ) : null}
      </fieldset>
      <fieldset className="ds-fieldset">
        <legend>
          <label>
            <input type="checkbox" data-testid="train-flip" checked={form.flip} onChange={(e) => set({ flip: e.target.checked })} />{' '}
            Augmentation: horizontal flip
          </label>
        </legend>
        {form.flip ? <div className="form-grid">{field('flipP', 'Probability p (0–1)', { inputMode: 'decimal' })}</div> : null}
      </fieldset>
      <fieldset className="ds-fieldset">
        <legend>
          <label>
            <input
              type="checkbox"
              data-testid="train-randaugment"
              checked={form.randAugment}
              onChange={(e) => set({ randAugment: e.target.checked })}
            />{' '}
            Augmentation: RandAugment
          </label>
        </legend>
        {form.randAugment ? (
          <div className="form-grid">
            {field('numberTransforms', 'Number of transforms', { inputMode: 'numeric' })}
            {field('magnitude', 'Magnitude', { inputMode: 'decimal' })}
          </div>
        ) : null}
      </fieldset>
      <OtherFieldErrors error={action.error} shown={shown} />
      <ErrorMessage error={action.error} onDismiss={() => action.setError(null)} />
      <div className="form-actions">
        <button
          type="submit"
          className="primary"
          data-testid="train-start"
          disabled={action.busy}
          title={action.busy ? 'Starting the run: wait for the service to answer.' : undefined}
        >
          Start training
        </button>
      </div>
    </form>
  );
}

/** One run in the list: its id, when it started, its architecture and where its metrics stand. */
function TrainingItem({ training, active, onSelect }: { training: TrainingRecord; active: boolean; onSelect(): void }) {
  const state = trainingState(training);
  const poll = useDatasetsStore((s) => s.polls[training.id]);
  const inferWith = useDatasetsStore((s) => s.inferWith);
  const architecture = String((training.request.model as { architecture?: string } | undefined)?.architecture ?? '');
  return (
    <li className="training-row">
      <button
        type="button"
        className={active ? 'training-item active' : 'training-item'}
        data-testid="training-item"
        data-training-id={training.id}
        data-state={state}
        onClick={onSelect}
      >
        <code>{training.id}</code>{' '}
        <span className="muted small">
          started {new Date(training.startedAt).toLocaleString()}
          {architecture ? ` · ${architecture}` : ''}
        </span>{' '}
        <span className={state === 'ready' ? 'ds-badge active' : 'ds-badge'} data-testid="training-state">
          {state === 'ready' ? 'metrics ready' : 'waiting for metrics'}
        </span>
        {state === 'waiting' && poll ? (
          <span className="muted small" data-testid="training-poll">
            {' '}
            ·{' '}
            {poll.checks === 0 && poll.nextAt !== null
              ? `first check at ${new Date(poll.nextAt).toLocaleTimeString()}`
              : `checked ${poll.checks} ${poll.checks === 1 ? 'time' : 'times'}${
                  poll.nextAt !== null
                    ? `, next at ${new Date(poll.nextAt).toLocaleTimeString()}`
                    : poll.gaveUp
                      ? ', stopped asking'
                      : ', stopped'
                }`}
          </span>
        ) : null}
      </button>
      <button
        type="button"
        className="link small"
        data-testid="training-infer"
        title="Opens Inference with this project's remembered endpoint: the contract gives no endpoint for a training run."
        onClick={() => inferWith(training.id)}
      >
        Infer with this run
      </button>
    </li>
  );
}

function Metrics({ project, training }: { project: ProjectEntry; training: TrainingRecord }) {
  const checkNow = useDatasetsStore((s) => s.checkMetricsNow);
  const poll = useDatasetsStore((s) => s.polls[training.id]);
  const [busy, setBusy] = useState(false);
  const tagName = (id: number) => project.tags.find((t) => t.id === id)?.name ?? `class ${id}`;
  const waiting = trainingState(training) === 'waiting';
  const refresh = async () => {
    setBusy(true);
    try {
      await checkNow(project.id, training.id);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="metrics" data-testid="metrics" data-training-id={training.id}>
      <div className="metrics-head">
        <h3>Metrics</h3>
        <button
          type="button"
          data-testid="metrics-refresh"
          disabled={busy}
          title={busy ? 'Asking the service…' : 'Ask the service for this run’s metrics now'}
          onClick={() => void refresh()}
        >
          {waiting ? 'Check now' : 'Refresh'}
        </button>
        {training.metricsAt ? <span className="muted small">last asked {new Date(training.metricsAt).toLocaleString()}</span> : null}
      </div>
      {poll?.error ? <ErrorMessage error={poll.error} /> : null}
      {waiting ? (
        <p className="muted small" data-testid="metrics-waiting">
          Waiting for metrics: the service has none for this run yet.
          {poll?.nextAt
            ? ' Groundwork keeps asking.'
            : poll?.gaveUp
              ? ` Groundwork stopped asking after ${poll.checks} checks — Check now to ask again.`
              : poll?.error
                ? ' Groundwork stopped asking after this error: Check now to try again.'
                : ''}
        </p>
      ) : null}
      {training.metrics?.map((split) => (
        <SplitView key={split.name} split={split} tagName={tagName} />
      ))}
    </div>
  );
}

const fmt = (n: number) => (Math.round(n * 1000) / 1000).toFixed(3);

function SplitView({ split, tagName }: { split: SplitMetrics; tagName(id: number): string }) {
  return (
    <section className="split" data-testid="metrics-split" data-split={split.name}>
      <h4>{split.name}</h4>
      <div className="split-body">
        <MetricsChart split={split} className={tagName} />
        <div>
          <MetricsTable
            label="Class"
            rows={split.classes.map((c) => ({ key: String(c.id), name: tagName(c.id), ...c }))}
            rowProps={(row) => ({ 'data-testid': 'metrics-row', 'data-class-id': row.key })}
          />
          <MetricsTable
            label="Overall"
            className="overall"
            rows={split.metrics.map((m) => ({ key: m.name, ...m }))}
            rowProps={() => ({ 'data-testid': 'metrics-overall' })}
          />
        </div>
      </div>
    </section>
  );
}

interface MetricsRow {
  key: string;
  name: string;
  precision: number;
  recall: number;
  performance: number;
}

/** One table of precision, recall and performance: per class, or the overall metrics. */
function MetricsTable({
  label,
  rows,
  rowProps,
  className,
}: {
  label: string;
  rows: MetricsRow[];
  rowProps(row: MetricsRow): Record<string, string>;
  className?: string;
}) {
  return (
    <table className={`ds-table metrics-table${className ? ` ${className}` : ''}`}>
      <thead>
        <tr>
          <th>{label}</th>
          <th>Precision</th>
          <th>Recall</th>
          <th>Performance</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} {...rowProps(row)}>
            <td>{row.name}</td>
            <td>{fmt(row.precision)}</td>
            <td>{fmt(row.recall)}</td>
            <td>{fmt(row.performance)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
