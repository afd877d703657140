import { useState } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useFormAction } from '../components/useFormAction.js';
import { requireApi } from '../ipc/client.js';
import { useAppStore } from '../state/appStore.js';
import { useDatasetsStore } from './datasetsStore.js';
import { FieldError } from './FieldError.js';
import { forgetThumbnails } from './thumbnailCache.js';

/**
 * The folders thumbnails may be read from. In the app the folder is picked in the system's
 * folder dialog (main opens it); the preview has none and takes a typed absolute path.
 */
export function ImageFolders() {
  const folders = useDatasetsStore((s) => s.registry?.imageFolders ?? []);
  const setImageFolders = useDatasetsStore((s) => s.setImageFolders);
  const dialog = useAppStore((s) => s.info?.shell === 'electron');
  const [typed, setTyped] = useState('');
  const action = useFormAction();

  const change = (call: () => Promise<string[]>) =>
    action.run(async () => {
      setImageFolders(await call());
      forgetThumbnails();
    });
  const allow = async () => {
    const done = await change(() => requireApi().datasets.allowImageFolder(dialog ? {} : { folder: typed.trim() }));
    if (done) setTyped('');
  };

  return (
    <div className="image-folders small" data-testid="image-folders">
      <span className="muted">Images from:</span>
      {folders.length === 0 ? <span className="muted">this project's copies in the data folder only</span> : null}
      {folders.map((folder) => (
        <span key={folder} className="image-folder" data-testid="image-folder">
          <code>{folder}</code>
          <button
            type="button"
            className="link"
            aria-label={`Stop reading images from ${folder}`}
            disabled={action.busy}
            onClick={() => void change(() => requireApi().datasets.forgetImageFolder({ folder }))}
          >
            ✕
          </button>
        </span>
      ))}
      {dialog ? null : (
        <input
          data-testid="image-folder-path"
          placeholder="/absolute/path/to/images"
          aria-label="Folder to allow images from"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && typed.trim() && void allow()}
          aria-invalid={!!action.error?.fields?.folder}
        />
      )}
      <button
        type="button"
        data-testid="image-folder-allow"
        disabled={action.busy || (!dialog && !typed.trim())}
        onClick={() => void allow()}
      >
        Allow images from a folder…
      </button>
      <FieldError error={action.error} field="folder" />
      {action.error && !action.error.fields?.folder ? <ErrorMessage error={action.error} onDismiss={() => action.setError(null)} /> : null}
    </div>
  );
}
