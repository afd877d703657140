import { useCallback, useEffect, useMemo, useState } from 'react';
import { LibraryCompareBar } from './LibraryCompareBar.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { VirtualList } from '../components/VirtualList.js';
import { LibraryAddUrl } from './LibraryAddUrl.js';
import { LibraryDocument } from './LibraryDocument.js';
import { entryHeightGuess, filterLibrary } from '../state/library/libraryModel.js';
import { useLibraryStore } from '../state/library/libraryStore.js';
import { LibraryTrash } from './LibraryTrash.js';
import { QueueResume } from './QueueResume.js';
import { QueueStart } from './QueueStart.js';
import { useReviewStore } from '../state/review/reviewStore.js';

/** Documents in the workspace and their results: everything reopens offline. The trash is a second view of the same panel. */
export function Library() {
  const library = useLibraryStore((s) => s.library);
  const filter = useLibraryStore((s) => s.filter);
  const complete = useLibraryStore((s) => s.complete);
  const listingFailed = useLibraryStore((s) => s.listingFailed);
  const trashCount = useLibraryStore((s) => s.trash.length);
  const error = useLibraryStore((s) => s.error);
  const { setFilter, markSeen, clearError, load } = useLibraryStore.getState();
  const current = useReviewStore((s) => s.document?.id);
  const [showTrash, setShowTrash] = useState(false);
  const [addingUrl, setAddingUrl] = useState(false);
  const [startingQueue, setStartingQueue] = useState(false);

  useEffect(() => {
    if (current) markSeen(current);
  }, [current, markSeen]);

  const shown = useMemo(() => filterLibrary(library, filter), [library, filter]);
  const estimate = useCallback((index: number) => entryHeightGuess(shown[index]!), [shown]);
  // Each entry's <li> in a <ul> of its own (the virtual list wraps every item in a div): valid HTML,
  // and role="none" leaves one list (role="list" on the items' container) to screen readers.
  const renderEntry = useCallback(
    (index: number) => (
      <ul role="none" className="library-item">
        <LibraryDocument entry={shown[index]!} />
      </ul>
    ),
    [shown],
  );
  // Keyed by document: an entry that moves (a new result brings it to the top) keeps its open confirmation and focus.
  const keyOf = useCallback((index: number) => shown[index]!.document.id, [shown]);
  return (
    <div className="library-panel">
      <div className="library-tools">
        {showTrash ? (
          <span className="library-tools-title">Trash</span>
        ) : (
          <input
            type="search"
            className="library-filter"
            placeholder="Filter…"
            aria-label="Filter documents by name"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            data-testid="library-filter"
          />
        )}
        {showTrash ? null : (
          <button
            type="button"
            className="library-trash-toggle"
            aria-pressed={addingUrl}
            onClick={() => setAddingUrl(!addingUrl)}
            title="Add a document from a web address"
            data-testid="library-add-url-toggle"
          >
            + URL
          </button>
        )}
        <button
          type="button"
          className="library-trash-toggle"
          aria-pressed={showTrash}
          onClick={() => setShowTrash(!showTrash)}
          data-testid="library-trash-toggle"
        >
          {showTrash ? '← Library' : `Trash (${trashCount})`}
        </button>
      </div>
      {addingUrl && !showTrash ? <LibraryAddUrl onClose={() => setAddingUrl(false)} /> : null}
      {showTrash ? null : (
        <div className="library-queue">
          <button
            type="button"
            className="link small"
            aria-expanded={startingQueue}
            onClick={() => setStartingQueue(!startingQueue)}
            data-testid="queue-start-toggle"
          >
            Review queue…
          </button>
          <QueueResume />
        </div>
      )}
      {startingQueue && !showTrash ? <QueueStart onClose={() => setStartingQueue(false)} /> : null}
      <ErrorMessage error={error} onDismiss={clearError} />
      {showTrash ? null : <LibraryCompareBar />}
      {showTrash ? (
        <LibraryTrash />
      ) : shown.length === 0 && !complete && listingFailed ? (
        // The listing failed (its error shows above): no spinner for a listing that is not happening.
        <p className="muted small library-empty" data-testid="library-listing-failed">
          The library could not be listed.{' '}
          <button type="button" onClick={() => void load()} data-testid="library-list-again">
            List again
          </button>
        </p>
      ) : shown.length === 0 && !complete ? (
        // Only the first entries are here yet: "none" would not be true.
        <p className="muted small library-empty" data-testid="library-listing">
          Listing the library…
        </p>
      ) : library.length === 0 ? (
        <p className="muted small library-empty">No documents yet.</p>
      ) : shown.length === 0 ? (
        <p className="muted small library-empty" data-testid="library-no-match">
          No document name contains “{filter.trim()}”.
        </p>
      ) : (
        // Only the entries near the viewport are drawn: a workspace of thousands opens at once.
        <VirtualList
          count={shown.length}
          estimate={estimate}
          render={renderEntry}
          keyOf={keyOf}
          role="list"
          className="library"
          testId="library"
          overscan={400}
        />
      )}
    </div>
  );
}
