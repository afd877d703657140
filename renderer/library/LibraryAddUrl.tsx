import { useState } from 'react';
import { AppError } from '../../shared/errors.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useFormAction } from '../components/useFormAction.js';
import { addFromUrl } from '../state/library/addFromUrl.js';

/**
 * "Add from URL": main downloads the document (so its pages and boxes can be reviewed) and
 * remembers the address, which a cloud parse can then send as `document_url`.
 */
export function LibraryAddUrl({ onClose }: { onClose: () => void }) {
  const [url, setUrl] = useState('');
  const form = useFormAction();
  const [note, setNote] = useState('');

  const add = async () => {
    const address = url.trim();
    if (!/^https?:\/\//i.test(address)) {
      form.setError(
        new AppError({
          code: 'invalid_document_url',
          message: 'Give a web address starting with https:// (or http:// for the emulator on this computer).',
          hint: 'Paste the link to a PDF or an image.',
        }),
      );
      return;
    }
    setNote('');
    await form.run(async () => {
      const added = await addFromUrl(address);
      if (!added) return;
      setUrl('');
      // Opened: the form's work is done. Not opened (the user went to another document): say where it went.
      if (added.opened) onClose();
      else setNote(`“${added.document.name}” was added to the library; open it from there when you are ready.`);
    });
  };

  return (
    <form
      className="library-add-url"
      data-testid="library-add-url"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <input
        type="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        placeholder="https://…/document.pdf"
        aria-label="Document web address"
        autoFocus
        disabled={form.busy}
        data-testid="library-url-input"
      />
      <button
        type="submit"
        className="primary"
        disabled={form.busy || url.trim() === ''}
        title={url.trim() === '' ? 'Type or paste the address first' : undefined}
        data-testid="library-url-add"
      >
        {form.busy ? 'Downloading…' : 'Add'}
      </button>
      <button type="button" onClick={onClose} disabled={form.busy} title={form.busy ? 'The download is under way' : undefined}>
        Cancel
      </button>
      {note ? (
        <p className="small" role="status" data-testid="library-url-added">
          {note}
        </p>
      ) : null}
      <p className="small muted">Downloaded here to show its pages; a cloud parse can then send this address instead of the file.</p>
      <ErrorMessage error={form.error} onDismiss={() => form.setError(null)} />
    </form>
  );
}
