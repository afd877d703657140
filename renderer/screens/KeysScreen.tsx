import { useEffect } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { AddKeyForm } from '../keys/AddKeyForm.js';
import { KeyRow } from '../keys/KeyRow.js';
import { useKeysStore } from '../state/keysStore.js';

export function KeysScreen() {
  const keys = useKeysStore((s) => s.keys);
  const loading = useKeysStore((s) => s.loading);
  const error = useKeysStore((s) => s.error);
  const load = useKeysStore((s) => s.load);
  const clearError = useKeysStore((s) => s.clearError);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="screen keys-screen" aria-labelledby="keys-title">
      <header className="screen-header">
        <h1 id="keys-title">API keys</h1>
        <p className="muted">
          Keys are kept in your system keychain and only ever sent to the service they belong to. This list shows them masked.
        </p>
      </header>
      <ErrorMessage error={error} onDismiss={clearError} />
      <AddKeyForm />
      <div className="card">
        <h2>Your keys</h2>
        {keys.length === 0 ? (
          <p className="muted" data-testid="keys-empty">
            {loading ? 'Loading…' : 'No keys yet. The offline engine works without one; add a key to use the cloud services.'}
          </p>
        ) : (
          <table className="keys-table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Address</th>
                <th>Key</th>
                <th>Status</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <KeyRow key={key.id} keyInfo={key} />
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
