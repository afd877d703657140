import { useRunSettings } from '../state/runSettings.js';
import { useReviewStore } from '../state/review/reviewStore.js';

/** For a document added from a web address: send that address (`document_url`) instead of uploading the file. */
export function DocumentUrlOption() {
  const sourceUrl = useReviewStore((s) => s.document?.sourceUrl);
  const encrypted = useReviewStore((s) => s.document?.encrypted === true);
  const send = useRunSettings((s) => s.sendDocumentUrl);
  if (!sourceUrl) return null;
  const why = encrypted ? 'An encrypted PDF is uploaded as a copy decrypted here; the service cannot open it from its address.' : undefined;
  return (
    <label className="check wide" title={why ?? sourceUrl}>
      <input
        type="checkbox"
        checked={send && !encrypted}
        disabled={encrypted}
        onChange={(e) => useRunSettings.getState().set({ sendDocumentUrl: e.target.checked })}
        data-testid="engine-send-url"
      />
      Send its web address instead of the file (document_url):{' '}
      <code className="small source-url">{sourceUrl.length > 60 ? `${sourceUrl.slice(0, 60)}…` : sourceUrl}</code>
    </label>
  );
}
