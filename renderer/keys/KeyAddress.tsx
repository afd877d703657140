import { useState } from 'react';
import type { KeyInfo } from '../../shared/keys.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useFormAction } from '../components/useFormAction.js';
import { useKeysStore } from '../state/keysStore.js';

/**
 * Where a key is sent, and how to change it: main asks the user to confirm a new address in
 * Groundwork's own dialog, then binds the key to it (which also mends an address changed in
 * settings.json outside the app, once the user confirms it here).
 */
export function KeyAddress({ keyInfo }: { keyInfo: KeyInfo }) {
  const setAddress = useKeysStore((s) => s.setAddress);
  const action = useFormAction();
  const [draft, setDraft] = useState<string | null>(null);

  const save = () =>
    action.run(async () => {
      await setAddress(keyInfo.id, draft ?? keyInfo.address);
      setDraft(null);
    });

  if (draft === null) {
    return (
      <>
        <div className="mono small address" title={keyInfo.address}>
          {keyInfo.address}
        </div>
        {keyInfo.destinationChanged ? (
          <div className="warning small" data-testid="key-destination-changed">
            {keyInfo.destinationChanged} Groundwork does not send the key until you enter its address again here and confirm it.
          </div>
        ) : null}
        <button type="button" className="link small" data-testid="key-address-change" onClick={() => setDraft(keyInfo.address)}>
          Change address
        </button>
      </>
    );
  }
  return (
    <>
      <span className="inline-edit">
        <input
          data-testid="key-address-input"
          className="mono small"
          aria-label={`New address for ${keyInfo.name}`}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && void save()}
          autoFocus
        />
        <button type="button" data-testid="key-address-save" disabled={action.busy} onClick={() => void save()}>
          Save
        </button>
        <button type="button" className="link" onClick={() => setDraft(null)}>
          Cancel
        </button>
      </span>
      {action.busy ? (
        <div className="muted small" data-testid="key-address-note">
          Waiting for your answer in Groundwork’s own dialog…
        </div>
      ) : null}
      <ErrorMessage error={action.error} onDismiss={() => action.setError(null)} />
    </>
  );
}
