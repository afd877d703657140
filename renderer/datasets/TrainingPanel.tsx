import { useState, type FormEvent } from 'react';
import type { SplitMetrics } from '../../shared/contracts/v1Datasets.js';
import type { ProjectEntry, TrainingRecord } from '../../shared/datasets/registry.js';
import {
  buildTrainingRequest,
  DEFAULT_TRAINING_FORM,
  type TrainingForm,
  type TrainingFormField,
} from '../../shared/datasets/trainingForm.js';
import { AppError } from '../../shared/errors.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useFormAction } from '../components/useFormAction.js';
import { requireApi } from '../ipc/client.js';
import { useDatasetsStore } from './datasetsStore.js';
import { FieldError, OtherFieldErrors } from './FieldError.js';
import { MetricsChart } from './MetricsChart.js';

/** Start a training (validated before sending) and read its metrics per split. */
export function TrainingPanel({ project }: { project: ProjectEntry }) {
  const [selected, setSelected] = useState<string | null>(project.trainings[0]?.id ?? null);
  const training = project.trainings.find((t) => t.id === selected) ?? project.trainings[0] ?? null;
  return (
    <div className="training-panel">
      <TrainingFormCard project={project} onStarted={setSelected} />
      <section className="card">
        <h2>Trainings of “{project.name}”</h2>
        {project.trainings.length === 0 ? <p className="muted small">No training started from here yet.</p> : null}
        <ul className="training-list">
          {project.trainings.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                className={t.id === training?.id ? 'training-item active' : 'training-item'}
                data-testid="training-item"
                data-training-id={t.id}
                onClick={() => setSelected(t.id)}
              >
                <code>{t.id}</code>{' '}
                <span className="muted small">
                  started {new Date(t.startedAt).toLocaleString()} ·{' '}
                  {String((t.request.model as { architecture?: string } | undefined)?.architecture ?? '')}
                </span>
              </button>
            </li>
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
  const set = (patch: Partial<TrainingForm>) => setForm({ ...form, ...patch });

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
      if (updated.trainings[0]) onStarted(updated.trainings[0].id);
    });
  };

  const field = (name: TrainingFormField, label: string, extra: { help?: string; inputMode?: 'numeric' | 'decimal' } = {}) => {
    const path = built.paths[name];
    return (
      <label>
        {label}
        <input
          data-testid={`train-${name}`}
          inputMode={extra.inputMode}
          value={form[name]}
          onChange={(e) => set({ [name]: e.target.value })}
          aria-invalid={!!(path && action.error?.fields?.[path])}
        />
        <FieldError error={action.error} field={path} />
        {extra.help ? <span className="field-help">{extra.help}</span> : null}
      </label>
    );
  };
  const shown = Object.values(built.paths).filter((p): p is string => !!p);

  return (
    <form className="card" onSubmit={submit} noValidate>
      <h2>Start a training</h2>
      <div className="form-grid">
        {field('architecture', 'Model architecture', { help: 'As the service names it, e.g. RtmDet-[9M].' })}
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
        <button type="submit" className="primary" data-testid="train-start" disabled={action.busy}>
          Start training
        </button>
      </div>
    </form>
  );
}

function Metrics({ project, training }: { project: ProjectEntry; training: TrainingRecord }) {
  const put = useDatasetsStore((s) => s.put);
  const action = useFormAction();
  const tagName = (id: number) => project.tags.find((t) => t.id === id)?.name ?? `class ${id}`;
  const refresh = () =>
    action.run(async () => put(await requireApi().training.metrics({ projectId: project.id, trainingId: training.id })));
  return (
    <div className="metrics" data-testid="metrics" data-training-id={training.id}>
      <div className="metrics-head">
        <h3>Metrics</h3>
        <button type="button" data-testid="metrics-refresh" disabled={action.busy} onClick={() => void refresh()}>
          {training.metrics ? 'Refresh' : 'Load metrics'}
        </button>
        {training.metricsAt ? <span className="muted small">as of {new Date(training.metricsAt).toLocaleString()}</span> : null}
      </div>
      <ErrorMessage error={action.error} onDismiss={() => action.setError(null)} />
      {training.metrics?.length === 0 ? <p className="muted small">The service has no metrics for this training yet.</p> : null}
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
