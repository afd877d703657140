import { useState, type FormEvent } from 'react';
import { KEY_KIND_LABELS, KEY_KINDS, type KeyKind } from '../../shared/keys.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { Field } from '../components/Field.js';
import { useFormAction } from '../components/useFormAction.js';
import { useKeysStore } from '../state/keysStore.js';

/** Adds a key: the secret goes straight to main (and the keychain); the form forgets it on success. */
export function AddKeyForm() {
  const add = useKeysStore((s) => s.add);
  const defaults = useKeysStore((s) => s.defaults);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<KeyKind>('v2');
  const [secret, setSecret] = useState('');
  const [secret2, setSecret2] = useState('');
  const [address, setAddress] = useState('');
  const form = useFormAction();

  const fieldError = (field: string) => form.error?.fields?.[field];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await form.run(async () => {
      await add({
        name,
        kind,
        secret,
        ...(kind === 'v1-legacy' ? { secret2 } : {}),
        ...(address.trim() ? { address } : {}),
      });
      setName('');
      setSecret('');
      setSecret2('');
      setAddress('');
    });
  };

  return (
    <form className="card add-key" onSubmit={submit} noValidate>
      <h2>Add a key</h2>
      <div className="form-grid">
        <Field label="Name" error={fieldError('name')}>
          <input
            data-testid="key-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Invoices team"
            aria-invalid={!!fieldError('name')}
          />
        </Field>
        <Field label="Kind">
          <select data-testid="key-kind" value={kind} onChange={(e) => setKind(e.target.value as KeyKind)}>
            {KEY_KINDS.map((k) => (
              <option key={k} value={k}>
                {KEY_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </Field>
        <Field label={kind === 'v1-legacy' ? 'API key' : 'Key'} error={fieldError('secret')}>
          <input
            data-testid="key-secret"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            aria-invalid={!!fieldError('secret')}
          />
        </Field>
        {kind === 'v1-legacy' ? (
          <Field label="API secret" error={fieldError('secret2')}>
            <input
              data-testid="key-secret2"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={secret2}
              onChange={(e) => setSecret2(e.target.value)}
              aria-invalid={!!fieldError('secret2')}
            />
          </Field>
        ) : null}
        <Field
          className="wide"
          label="Service address"
          error={fieldError('address')}
          hint="Leave empty for the public service. Use your region's address, a proxy, or the local emulator."
        >
          <input
            data-testid="key-address"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            placeholder={defaults ? `${defaults[kind]} (default)` : 'default'}
            aria-invalid={!!fieldError('address')}
          />
        </Field>
      </div>
      {form.error ? <ErrorMessage error={form.error} onDismiss={() => form.setError(null)} /> : null}
      <div className="form-actions">
        <button type="submit" className="primary" data-testid="key-save" disabled={form.busy}>
          {form.busy ? 'Saving…' : 'Save to keychain'}
        </button>
      </div>
    </form>
  );
}
