import { useEffect, useState } from 'react';
import type { SecretPart } from '../../shared/ipc/keys.js';
import type { KeyInfo } from '../../shared/keys.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useFormAction } from '../components/useFormAction.js';
import { requireApi } from '../ipc/client.js';

const PART_LABEL: Record<SecretPart, string> = { secret: 'key', secret2: 'API secret' };

/**
 * A key's masked secret and the way to get at the whole of it: main copies it to the clipboard
 * after the user says yes in Groundwork's own dialog (the window never receives it), and clears
 * the clipboard after the time main answers if it still holds the secret.
 */
export function KeyCopy({ keyInfo }: { keyInfo: KeyInfo }) {
  const action = useFormAction();
  const [copied, setCopied] = useState<{ part: SecretPart; seconds: number } | null>(null);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(null), copied.seconds * 1000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = (part: SecretPart) =>
    action.run(async () => {
      setCopied(null);
      const answer = await requireApi().keys.copySecret({ id: keyInfo.id, part });
      setCopied({ part, seconds: answer.clearAfterSeconds });
    });
  const parts: SecretPart[] = keyInfo.masked2 ? ['secret', 'secret2'] : ['secret'];

  return (
    <>
      <div className="mono" data-testid="key-masked">
        {keyInfo.masked}
      </div>
      {keyInfo.masked2 ? <div className="mono muted small">secret: {keyInfo.masked2}</div> : null}
      {keyInfo.inKeychain ? (
        <div className="key-copy">
          {parts.map((part) => (
            <button
              key={part}
              type="button"
              className="link"
              data-testid={part === 'secret' ? 'key-copy' : 'key-copy-secret2'}
              disabled={action.busy}
              onClick={() => void copy(part)}
            >
              Copy {PART_LABEL[part]}
            </button>
          ))}
        </div>
      ) : (
        <div className="warning small">Missing from the system keychain: delete and add it again.</div>
      )}
      {action.busy ? (
        <div className="muted small" data-testid="key-copy-note">
          Waiting for your answer in Groundwork’s own dialog…
        </div>
      ) : null}
      {copied ? (
        <div className="ok small" data-testid="key-copy-note" role="status">
          {PART_LABEL[copied.part] === 'key' ? 'Key' : 'API secret'} copied to the clipboard; cleared in {copied.seconds} s.
        </div>
      ) : null}
      <ErrorMessage error={action.error} onDismiss={() => action.setError(null)} />
    </>
  );
}
