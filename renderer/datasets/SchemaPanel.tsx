import { useRef, useState, type FormEvent } from 'react';
import type { MetadataDefinition, Tag } from '../../shared/contracts/v1Datasets.js';
import type { ProjectEntry } from '../../shared/datasets/registry.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useFormAction } from '../components/useFormAction.js';
import { requireApi } from '../ipc/client.js';
import { useDatasetsStore } from './datasetsStore.js';
import { FieldError, OtherFieldErrors } from './FieldError.js';
import { Field } from '../components/Field.js';

const splitChoices = (text: string) =>
  text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
const when = (iso: string) => (Number.isFinite(Date.parse(iso)) ? new Date(iso).toLocaleString() : iso);

/** Tags and metadata definitions of the project: create, rename, append choices. */
const isV1 = (kind: string) => kind === 'v1' || kind === 'v1-legacy';

export function SchemaPanel({ project }: { project: ProjectEntry }) {
  return (
    <div className="schema-panel">
      <TagsCard project={project} />
      <MetadataCard project={project} />
    </div>
  );
}

function TagsCard({ project }: { project: ProjectEntry }) {
  const put = useDatasetsStore((s) => s.put);
  const settings = useDatasetsStore((s) => s.registry?.settings);
  const form = useFormAction();
  const settingsForm = useFormAction();
  const [name, setName] = useState('');
  // Empty is the service's default: `timeout` left out of the query (v1.tags.timeout).
  const [timeout, setTimeoutText] = useState(settings?.tagTimeout == null ? '' : String(settings.tagTimeout));
  const keys = useDatasetsStore((s) => s.keys);
  const projectKey = keys.find((k) => k.id === project.keyId);
  const [overrideKey, setOverrideKey] = useState('');
  const [advanced, setAdvanced] = useState(false);
  // A closed fold still says when it changes what is sent.
  const advancedNote = [
    timeout.trim() ? `timeout ${timeout.trim()}` : '',
    overrideKey ? `key ${keys.find((k) => k.id === overrideKey)?.name ?? ''}` : '',
  ]
    .filter(Boolean)
    .join(', ');

  // Clicking Create blurs the timeout field first: the tag is created once that save is done, with it.
  const timeoutSaved = useRef<Promise<unknown>>(Promise.resolve());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.run(async () => {
      await timeoutSaved.current;
      put(await requireApi().datasets.createTag({ projectId: project.id, name, ...(overrideKey ? { keyId: overrideKey } : {}) }));
      setName('');
    });
  };
  const saveTimeout = () =>
    (timeoutSaved.current = settingsForm.run(async () => {
      const text = timeout.trim();
      const value = text === '' ? null : Number(text);
      const registry = useDatasetsStore.getState().registry;
      const saved = await requireApi().datasets.setSettings({ tagTimeout: value });
      if (registry) useDatasetsStore.setState({ registry: { ...registry, settings: saved } });
    }));

  return (
    <section className="card">
      <h2>Tags</h2>
      <p className="small muted" data-testid="tags-purpose">
        In the v1 service a tag belongs to a project (a name and a colour) and is created and renamed here. The contract shows no way to
        attach a tag to an image: media carry <strong>metadata values</strong> only, so annotate on the board with the metadata definitions
        below.
      </p>
      <form className="form-grid" onSubmit={submit} noValidate>
        <Field label="New tag">
          <input
            data-testid="tag-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={!!form.error?.fields?.name}
            placeholder="e.g. scratch"
          />
          <FieldError error={form.error} field="name" />
        </Field>
        <div className="ds-form-submit">
          <button type="submit" className="primary" data-testid="tag-create" disabled={form.busy}>
            Create tag
          </button>
        </div>
        <details
          className="ds-advanced wide"
          data-testid="tag-advanced"
          open={advanced}
          onToggle={(e) => setAdvanced(e.currentTarget.open)}
        >
          <summary>Advanced{advancedNote ? <span className="muted small"> · {advancedNote}</span> : null}</summary>
          <div className="form-grid">
            <Field
              label={<span>Creation timeout (query timeout) — empty: the service&apos;s default (60)</span>}
              error={settingsForm.error ? (settingsForm.error.fields?.tagTimeout ?? settingsForm.error.message) : null}
              hint={
                <>
                  A whole number, sent in the query (<code>?timeout=45</code>); the service does not document its unit. Empty leaves{' '}
                  <code>timeout</code> out and the service uses its default, 60 (a query string cannot carry the contract&apos;s null).
                </>
              }
            >
              <input
                data-testid="tag-timeout"
                inputMode="numeric"
                value={timeout}
                placeholder="the service's default (60)"
                onChange={(e) => setTimeoutText(e.target.value)}
                onBlur={() => void saveTimeout()}
                aria-invalid={!!(settingsForm.error || form.error?.fields?.['query.timeout'])}
              />
              <FieldError error={form.error} field="query.timeout" />
            </Field>
            <Field
              label={
                <span>
                  <code>apikey</code> header of this request
                </span>
              }
              hint={
                <>
                  Tag creation takes its own <code>apikey</code> header; pick another v1 key with the same address as the project&apos;s key
                  from the Keys screen (keys are never typed here).
                </>
              }
            >
              <select data-testid="tag-key" value={overrideKey} onChange={(e) => setOverrideKey(e.target.value)}>
                <option value="">the project&apos;s key</option>
                {keys
                  // Only v1 keys of the project key's address: the request goes to the chosen key's address.
                  .filter((k) => k.id !== project.keyId && k.enabled && isV1(k.kind) && k.address === projectKey?.address)
                  .map((k) => (
                    <option key={k.id} value={k.id}>
                      {k.name} · {k.masked}
                    </option>
                  ))}
              </select>
            </Field>
          </div>
        </details>
      </form>
      <OtherFieldErrors error={form.error} shown={['name', 'query.timeout']} />
      <ErrorMessage error={form.error} onDismiss={() => form.setError(null)} />
      {project.tags.length === 0 ? (
        <p className="muted small">
          No tags created here yet (the service has no list endpoint, so only tags created in Groundwork appear).
        </p>
      ) : (
        <table className="keys-table ds-table">
          <thead>
            <tr>
              <th>Color</th>
              <th>Name</th>
              <th>Id</th>
              <th>State</th>
              <th>Created</th>
              <th>Updated</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {project.tags.map((t) => (
              <TagRow key={t.id} project={project} tag={t} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function TagRow({ project, tag }: { project: ProjectEntry; tag: Tag }) {
  const put = useDatasetsStore((s) => s.put);
  const form = useFormAction();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(tag.name);
  return (
    <tr data-testid="tag-row" data-tag-name={tag.name}>
      <td>
        <span className="swatch" style={{ background: /^#[0-9a-f]{3,8}$/i.test(tag.color) ? tag.color : 'transparent' }} />{' '}
        <code className="small">{tag.color}</code>
      </td>
      <td>
        {editing ? (
          <span className="inline-edit">
            <input data-testid="tag-rename-input" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={!!form.error} />
            <button
              type="button"
              data-testid="tag-rename-save"
              onClick={() =>
                void form.run(async () => {
                  put(await requireApi().datasets.renameTag({ projectId: project.id, tagId: tag.id, name }));
                  setEditing(false);
                })
              }
            >
              Save
            </button>
            <button type="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </span>
        ) : (
          <strong>{tag.name}</strong>
        )}
        <FieldError error={form.error} field="name" />
        {form.error && !form.error.fields ? <span className="field-error">{form.error.message}</span> : null}
      </td>
      <td className="mono small">{tag.id}</td>
      <td>{tag.isArchived ? <span className="ds-badge inactive">archived</span> : <span className="ds-badge active">in use</span>}</td>
      <td className="small">{when(tag.createdAt)}</td>
      <td className="small">{when(tag.updatedAt)}</td>
      <td className="actions">
        {editing ? null : (
          <button
            type="button"
            data-testid="tag-rename"
            onClick={() => {
              setName(tag.name);
              setEditing(true);
            }}
          >
            Rename
          </button>
        )}
      </td>
    </tr>
  );
}

function MetadataCard({ project }: { project: ProjectEntry }) {
  const put = useDatasetsStore((s) => s.put);
  const form = useFormAction();
  const [name, setName] = useState('');
  const [allowMultiple, setAllowMultiple] = useState(false);
  const [choices, setChoices] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.run(async () => {
      put(
        await requireApi().datasets.createMetadata({
          projectId: project.id,
          name,
          allowMultiple,
          predefinedChoices: splitChoices(choices),
        }),
      );
      setName('');
      setChoices('');
    });
  };
  const choiceErrors = Object.keys(form.error?.fields ?? {}).filter((f) => f.startsWith('predefinedChoices'));
  return (
    <section className="card">
      <h2>Metadata</h2>
      <form className="form-grid" onSubmit={submit} noValidate>
        <Field label="New metadata">
          <input
            data-testid="meta-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={!!form.error?.fields?.name}
            placeholder="e.g. lighting"
          />
          <FieldError error={form.error} field="name" />
        </Field>
        <Field label="Predefined choices (comma-separated; none = free text)">
          <input
            data-testid="meta-choices"
            value={choices}
            onChange={(e) => setChoices(e.target.value)}
            aria-invalid={choiceErrors.length > 0}
            placeholder="e.g. day, night"
          />
          {choiceErrors.map((f) => (
            <FieldError key={f} error={form.error} field={f} />
          ))}
        </Field>
        <label className="ds-check">
          <span>
            <input
              type="checkbox"
              data-testid="meta-multiple"
              checked={allowMultiple}
              onChange={(e) => setAllowMultiple(e.target.checked)}
            />{' '}
            allow multiple values
          </span>
          <FieldError error={form.error} field="allowMultiple" />
        </label>
        <div className="ds-form-submit">
          <button type="submit" className="primary" data-testid="meta-create" disabled={form.busy}>
            Create metadata
          </button>
        </div>
      </form>
      <OtherFieldErrors error={form.error} shown={['name', 'allowMultiple', ...choiceErrors]} />
      <ErrorMessage error={form.error} onDismiss={() => form.setError(null)} />
      {project.metadata.length === 0 ? <p className="muted small">No metadata definitions created here yet.</p> : null}
      <ul className="meta-list">
        {project.metadata.map((d) => (
          <MetadataRow key={d.id} project={project} definition={d} />
        ))}
      </ul>
    </section>
  );
}

function MetadataRow({ project, definition }: { project: ProjectEntry; definition: MetadataDefinition }) {
  const put = useDatasetsStore((s) => s.put);
  const form = useFormAction();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(definition.name);
  const [append, setAppend] = useState('');
  const [flexible, setFlexible] = useState(definition.valueFlexible);
  const [multiple, setMultiple] = useState(definition.allowMultiple);
  const save = () =>
    form.run(async () => {
      const choices = splitChoices(append);
      put(
        await requireApi().datasets.updateMetadata({
          projectId: project.id,
          metadataId: definition.id,
          ...(name !== definition.name ? { name } : {}),
          ...(choices.length > 0 ? { predefinedChoicesAppend: choices } : {}),
          ...(flexible !== definition.valueFlexible ? { valueFlexible: flexible } : {}),
          ...(multiple !== definition.allowMultiple ? { allowMultiple: multiple } : {}),
        }),
      );
      setAppend('');
      setOpen(false);
    });
  return (
    <li className="meta-row" data-testid="meta-row" data-metadata={definition.name}>
      <div className="meta-summary">
        <strong>{definition.name}</strong>{' '}
        <span className="muted small">
          #{definition.id} · type {definition.type} · {definition.allowMultiple ? 'several values' : 'one value'} ·{' '}
          {definition.valueFlexible ? 'any value' : 'choices only'}
        </span>
        <div className="value-chips">
          {definition.predefinedChoices.map((c) => (
            <span key={c} className="value-chip static">
              {c}
            </span>
          ))}
        </div>
        <button type="button" data-testid="meta-edit" onClick={() => setOpen(!open)}>
          {open ? 'Close' : 'Edit'}
        </button>
      </div>
      {open ? (
        <div className="form-grid meta-edit">
          <Field label="Name">
            <input
              data-testid="meta-edit-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={!!form.error?.fields?.name}
            />
            <FieldError error={form.error} field="name" />
          </Field>
          <Field label="Append choices">
            <input data-testid="meta-append" value={append} onChange={(e) => setAppend(e.target.value)} placeholder="e.g. dusk, dawn" />
            <FieldError error={form.error} field="predefinedChoicesAppend" />
          </Field>
          <label className="ds-check">
            <span>
              <input type="checkbox" data-testid="meta-flexible" checked={flexible} onChange={(e) => setFlexible(e.target.checked)} /> value
              flexible (any value)
            </span>
            <span>
              <input type="checkbox" checked={multiple} onChange={(e) => setMultiple(e.target.checked)} /> allow multiple
            </span>
          </label>
          <div className="ds-form-submit">
            <button type="button" className="primary" data-testid="meta-save" disabled={form.busy} onClick={() => void save()}>
              Save
            </button>
          </div>
          <OtherFieldErrors error={form.error} shown={['name', 'predefinedChoicesAppend']} />
          <ErrorMessage error={form.error} onDismiss={() => form.setError(null)} />
        </div>
      ) : null}
    </li>
  );
}
