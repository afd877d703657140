import { daysLeft, plural, trashContents } from '../state/library/libraryModel.js';
import { useLibraryStore } from '../state/library/libraryStore.js';

/** What was deleted, newest first, each restorable until its days run out. */
export function LibraryTrash() {
  const trash = useLibraryStore((s) => s.trash);
  const { restore } = useLibraryStore.getState();
  if (trash.length === 0)
    return (
      <p className="muted small library-empty" data-testid="library-trash-empty">
        The trash is empty.
      </p>
    );
  return (
    <ul className="library library-trash" data-testid="library-trash">
      {trash.map((entry) => (
        <li key={entry.id} data-testid="trash-entry" data-document-name={entry.document.name}>
          <span className="library-doc-name" title={entry.document.name}>
            {entry.document.name}
          </span>
          <span className="library-doc-facts">
            {trashContents(entry)} · {plural(daysLeft(entry), 'day')} left
          </span>
          <button type="button" className="library-restore" onClick={() => void restore(entry.id)} data-testid="trash-restore">
            Restore
          </button>
        </li>
      ))}
    </ul>
  );
}
