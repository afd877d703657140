import { useState, type DragEvent } from 'react';
import { useBatchStore } from './batchStore.js';

/** Every file of a drop, folders included (read through the entries API where the browser offers it). */
async function filesOf(event: DragEvent): Promise<File[]> {
  const entries = [...event.dataTransfer.items].map((i) => i.webkitGetAsEntry?.()).filter((e): e is FileSystemEntry => !!e);
  if (entries.length === 0) return [...event.dataTransfer.files];
  const out: File[] = [];
  const walk = async (entry: FileSystemEntry): Promise<void> => {
    if (entry.isFile) {
      out.push(await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject)));
    } else if (entry.isDirectory) {
      const reader = (entry as FileSystemDirectoryEntry).createReader();
      // readEntries answers in chunks; an empty chunk is the end.
      for (;;) {
        const chunk = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
        if (chunk.length === 0) break;
        for (const child of chunk) await walk(child);
      }
    }
  };
  for (const entry of entries) await walk(entry);
  return out;
}

/** Drop a folder or many files, or pick them: each becomes a parse job of a new batch. */
export function BatchDrop() {
  const { startFromFiles } = useBatchStore.getState();
  const importing = useBatchStore((s) => s.importing);
  const [over, setOver] = useState(false);
  return (
    <div
      className={over ? 'batch-drop over' : 'batch-drop'}
      data-testid="batch-drop"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        void filesOf(e).then(startFromFiles);
      }}
    >
      <div>
        <strong>New batch:</strong> drop a folder or many documents here, or{' '}
        <label className="file-button">
          pick files…
          <input
            type="file"
            multiple
            accept="application/pdf,image/*"
            data-testid="batch-files"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              void startFromFiles(files);
            }}
          />
        </label>{' '}
        <label className="file-button">
          pick a folder…
          <input
            type="file"
            multiple
            data-testid="batch-folder"
            ref={(input) => input?.setAttribute('webkitdirectory', '')}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              void startFromFiles(files);
            }}
          />
        </label>
      </div>
      <div className="muted small">
        Each document goes to the cloud parser as a job, with the key, model and tier chosen on the Review screen.
      </div>
      {importing ? (
        <div className="small" data-testid="batch-importing">
          Adding documents to the workspace… {importing.done} / {importing.total}
        </div>
      ) : null}
    </div>
  );
}
