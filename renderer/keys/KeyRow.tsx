import { useEffect, useState } from 'react';
import { jobsUnderWayWith } from '../../shared/jobs.js';
import { KEY_KIND_LABELS, type KeyInfo } from '../../shared/keys.js';
import { requireApi } from '../ipc/client.js';
import { KeyAddress } from './KeyAddress.js';
import { KeyCopy } from './KeyCopy.js';
import { useKeysStore } from '../state/keysStore.js';

/** One key: its address (and changing it), masked secret (and copying it, from main), test, rename, enable/disable, delete. */
export function KeyRow({ keyInfo }: { keyInfo: KeyInfo }) {
  const { rename, setEnabled, remove, test } = useKeysStore.getState();
  const testResult = useKeysStore((s) => s.tests[keyInfo.id]);
  const [editing, setEditing] = useState(false);
  const [draftName, setDraftName] = useState(keyInfo.name);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Asked when the confirmation opens: the jobs that would stop being followed without this key.
  const [underWay, setUnderWay] = useState(0);
  useEffect(() => {
    if (!confirmDelete) return undefined;
    let current = true;
    requireApi()
      .jobs.local({})
      .then(
        (local) => current && setUnderWay(jobsUnderWayWith(keyInfo.id, local)),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [confirmDelete, keyInfo.id]);

  const saveName = async () => {
    await rename(keyInfo.id, draftName);
    if (!useKeysStore.getState().error) setEditing(false);
  };

  return (
    <tr data-testid="key-row" data-key-name={keyInfo.name} className={keyInfo.enabled ? '' : 'disabled'}>
      <td>
        {editing ? (
          <span className="inline-edit">
            <input
              data-testid="key-rename-input"
              value={draftName}
              onChange={(e) => setDraftName(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && void saveName()}
              autoFocus
            />
            <button type="button" onClick={() => void saveName()} data-testid="key-rename-save">
              Save
            </button>
            <button type="button" className="link" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </span>
        ) : (
          <span className="key-name">{keyInfo.name}</span>
        )}
        <div className="muted small">{KEY_KIND_LABELS[keyInfo.kind]}</div>
      </td>
      <td data-testid="key-address-cell">
        <KeyAddress keyInfo={keyInfo} />
      </td>
      <td>
        <KeyCopy keyInfo={keyInfo} />
      </td>
      <td className="small">
        <div>{keyInfo.enabled ? 'Enabled' : 'Disabled'}</div>
        <div className="muted">added {new Date(keyInfo.createdAt).toLocaleDateString()}</div>
        {testResult === 'running' ? <div className="muted">Testing…</div> : null}
        {testResult && testResult !== 'running' ? (
          <div
            className={testResult.ok ? (testResult.proof === 'not_refused' ? 'ok not-proven' : 'ok') : 'warning'}
            data-testid="key-test-result"
            data-proof={testResult.proof}
          >
            {testResult.message}
          </div>
        ) : null}
      </td>
      <td className="actions">
        {confirmDelete ? (
          <span className="confirm" role="group" aria-label="Confirm deletion">
            <span className="confirm-question">
              Delete “{keyInfo.name}” from the keychain?
              {underWay > 0 ? (
                <span className="warning key-delete-jobs" data-testid="key-delete-jobs">
                  {underWay === 1 ? '1 job' : `${underWay} jobs`} sent with it {underWay === 1 ? 'is' : 'are'} still under way: without the
                  key {underWay === 1 ? 'it stops' : 'they stop'} being followed until a v2 key is added again and “Check again” is pressed
                  on the Jobs screen. The service keeps {underWay === 1 ? 'it' : 'them'}.
                </span>
              ) : null}
            </span>
            <button type="button" className="danger" data-testid="key-delete-confirm" onClick={() => void remove(keyInfo.id)}>
              Delete
            </button>
            <button type="button" className="link" onClick={() => setConfirmDelete(false)}>
              Keep
            </button>
          </span>
        ) : (
          <>
            <button type="button" data-testid="key-test" onClick={() => void test(keyInfo.id)} disabled={testResult === 'running'}>
              Test key
            </button>
            <button
              type="button"
              data-testid="key-rename"
              onClick={() => {
                setDraftName(keyInfo.name);
                setEditing(true);
              }}
            >
              Rename
            </button>
            <button type="button" data-testid="key-toggle" onClick={() => void setEnabled(keyInfo.id, !keyInfo.enabled)}>
              {keyInfo.enabled ? 'Disable' : 'Enable'}
            </button>
            <button type="button" className="danger" data-testid="key-delete" onClick={() => setConfirmDelete(true)}>
              Delete
            </button>
          </>
        )}
      </td>
    </tr>
  );
}
