import { useState, type FormEvent } from 'react';
import { AppError } from '../../shared/errors.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useFormAction } from '../components/useFormAction.js';
import { requireApi } from '../ipc/client.js';
import { useAppStore } from '../state/appStore.js';
import { useActiveProject, useDatasetsStore } from './datasetsStore.js';
import { FieldError } from './FieldError.js';
import { Field } from '../components/Field.js';

/** Choose the project every panel works in; create one, add one by id, activate or deactivate it. */
export function ProjectBar() {
  const registry = useDatasetsStore((s) => s.registry);
  const keys = useDatasetsStore((s) => s.keys);
  const projectId = useDatasetsStore((s) => s.projectId);
  const select = useDatasetsStore((s) => s.select);
  const put = useDatasetsStore((s) => s.put);
  const remove = useDatasetsStore((s) => s.remove);
  const project = useActiveProject();
  const setScreen = useAppStore((s) => s.setScreen);
  const [mode, setMode] = useState<'none' | 'create' | 'add'>(registry && registry.projects.length === 0 ? 'create' : 'none');
  const [name, setName] = useState('');
  const [idText, setIdText] = useState('');
  const [keyId, setKeyId] = useState('');
  const { error, setError, busy, run } = useFormAction();
  const [confirmForget, setConfirmForget] = useState(false);
  const chosenKey = keyId || keys.find((k) => k.enabled)?.id || '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const api = requireApi();
      let entry;
      if (mode === 'create') entry = await api.datasets.createProject({ keyId: chosenKey, name });
      else {
        const id = Number(idText.trim());
        if (!/^\d+$/.test(idText.trim()))
          throw new AppError({
            code: 'invalid_project_id',
            message: `"${idText}" is not a project id.`,
            fields: { projectId: 'A project id is a whole number.' },
          });
        entry = await api.datasets.addProject({ keyId: chosenKey, projectId: id, ...(name.trim() ? { name } : {}) });
      }
      put(entry);
      select(entry.id);
      setName('');
      setIdText('');
      setMode('none');
    });
  };

  if (keys.length === 0) {
    return (
      <div className="card ds-nokey" data-testid="ds-no-key">
        <strong>No v1 key yet.</strong> Datasets need a v1 key (or a legacy key + secret pair).{' '}
        <button type="button" className="link" onClick={() => setScreen('keys')}>
          Add one on the Keys screen
        </button>
      </div>
    );
  }

  return (
    <div className="card ds-projectbar">
      <div className="ds-projectbar-row">
        <Field className="ds-inline" label="Project">
          <select
            data-testid="ds-project"
            value={projectId ?? ''}
            onChange={(e) => select(e.target.value === '' ? null : Number(e.target.value))}
          >
            {registry?.projects.length ? null : <option value="">(none yet)</option>}
            {registry?.projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} (#{p.id})
              </option>
            ))}
          </select>
        </Field>
        {project ? (
          <>
            <span className={project.isActive === false ? 'ds-badge inactive' : 'ds-badge active'} data-testid="ds-project-state">
              {project.isActive === undefined ? 'state unknown' : project.isActive ? 'active' : 'inactive'}
            </span>
            <button
              type="button"
              data-testid="ds-toggle-active"
              disabled={busy}
              title={busy ? 'Wait for the last change to this project' : undefined}
              onClick={() =>
                void run(async () =>
                  put(await requireApi().datasets.setActive({ projectId: project.id, isActive: project.isActive === false })),
                )
              }
            >
              {project.isActive === false ? 'Activate' : 'Deactivate'}
            </button>
            <Field className="ds-inline" label="Key">
              <select
                value={project.keyId}
                onChange={(e) =>
                  void run(async () => put(await requireApi().datasets.setProjectKey({ projectId: project.id, keyId: e.target.value })))
                }
              >
                {keys.map((k) => (
                  <option key={k.id} value={k.id}>
                    {k.name}
                  </option>
                ))}
                {keys.some((k) => k.id === project.keyId) ? null : <option value={project.keyId}>(deleted key)</option>}
              </select>
            </Field>
            {confirmForget ? (
              <span className="confirm">
                Forget “{project.name}” here (the service keeps it)?
                <button
                  type="button"
                  className="danger"
                  onClick={() =>
                    void run(async () => {
                      await requireApi().datasets.forgetProject({ projectId: project.id });
                      remove(project.id);
                      setConfirmForget(false);
                    })
                  }
                >
                  Forget
                </button>
                <button type="button" onClick={() => setConfirmForget(false)}>
                  Keep
                </button>
              </span>
            ) : (
              <button type="button" className="link" onClick={() => setConfirmForget(true)}>
                Forget…
              </button>
            )}
          </>
        ) : null}
        <span className="ds-spacer" />
        <button type="button" data-testid="ds-new-project" onClick={() => setMode(mode === 'create' ? 'none' : 'create')}>
          New project
        </button>
        <button type="button" data-testid="ds-add-project" onClick={() => setMode(mode === 'add' ? 'none' : 'add')}>
          Add by id
        </button>
      </div>
      {mode !== 'none' ? (
        <form className="form-grid ds-project-form" onSubmit={submit} noValidate>
          {mode === 'add' ? (
            <Field label="Project id">
              <input
                data-testid="ds-project-id"
                inputMode="numeric"
                value={idText}
                onChange={(e) => setIdText(e.target.value)}
                aria-invalid={!!error?.fields?.projectId}
              />
              <FieldError error={error} field="projectId" />
            </Field>
          ) : null}
          <Field label={mode === 'add' ? 'Name (for this list)' : 'Name'}>
            <input
              data-testid="ds-project-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={!!error?.fields?.name}
              placeholder="e.g. Weld defects"
            />
            <FieldError error={error} field="name" />
          </Field>
          <Field label="Key">
            <select
              data-testid="ds-project-key"
              value={chosenKey}
              onChange={(e) => setKeyId(e.target.value)}
              aria-invalid={!!error?.fields?.keyId}
            >
              {keys.map((k) => (
                <option key={k.id} value={k.id} disabled={!k.enabled}>
                  {k.name} · {k.kind === 'v1-legacy' ? 'key + secret' : 'key'} · {k.masked}
                </option>
              ))}
            </select>
            <FieldError error={error} field="keyId" />
          </Field>
          <div className="ds-form-submit">
            <button
              type="submit"
              className="primary"
              data-testid="ds-project-save"
              disabled={busy}
              title={busy ? 'Wait for the last change to this project' : undefined}
            >
              {mode === 'create' ? 'Create project' : 'Add project'}
            </button>
          </div>
        </form>
      ) : null}
      <ErrorMessage error={error} onDismiss={() => setError(null)} />
    </div>
  );
}
