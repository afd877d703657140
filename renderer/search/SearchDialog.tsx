import { Fragment, useEffect, useMemo, useRef } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.js';
import type { SearchHit } from '../../shared/ipc/search.js';
import type { ResultInfo } from '../../shared/result.js';
import { useLibraryStore } from '../state/library/libraryStore.js';
import { useSearchStore } from './searchStore.js';

const KIND_LABELS = { parse: 'parse', analyzer: 'analyzer', extract: 'extraction' } as const;

/** Ctrl+Shift+F (⌘⇧F on a Mac) opens the search from anywhere on the workspace screen. */
export function useSearchShortcut(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        useSearchStore.getState().show();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** The toolbar's way in, for the mouse. */
export function SearchButton() {
  const show = useSearchStore((s) => s.show);
  return (
    <button type="button" onClick={show} data-testid="search-open" title="Search every document's text and extracted values (Ctrl+Shift+F)">
      Search…
    </button>
  );
}

/** Where a hit is; `result` names its result when the document's hits come from more than one (two parses of one document read alike otherwise). */
function where(hit: SearchHit, result: ResultInfo | undefined): string {
  const page = hit.page !== null ? `p. ${hit.page}` : 'no page';
  const place = hit.target === 'node' ? `${KIND_LABELS[hit.kind]} block · ${page}` : `${KIND_LABELS[hit.kind]} field ${hit.ref} · ${page}`;
  return result ? `${place} · ${resultOrigin(result)}` : place;
}

/** A result in a few words: what made it (and its model) and when. */
function resultOrigin(result: ResultInfo): string {
  const made = result.engine === result.kind ? result.kind : result.engine;
  const when = new Date(result.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
  return [made, result.modelVersion, when].filter(Boolean).join(' · ');
}

/**
 * Search the whole workspace: a modal dialog with one box. Typing asks main (debounced); the
 * hits come grouped by document with counts. ↑ ↓ move, Enter opens the hit (its document and
 * result, the block or field selected as a click would), Esc closes. Works offline: main
 * answers from the index it keeps on disk.
 */
export function SearchDialog() {
  const { open, text, answer, active, busy, error } = useSearchStore();
  const { hide, setText, move, setActive, choose } = useSearchStore.getState();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const library = useLibraryStore((s) => s.library);
  const results = useMemo(() => new Map(library.flatMap((entry) => entry.results.map((r) => [r.id, r] as const))), [library]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
    if (open) input.current?.select();
  }, [open]);

  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  let index = 0;
  return (
    <dialog
      ref={dialog}
      className="search-dialog"
      aria-labelledby="search-title"
      data-testid="search-dialog"
      onCancel={(e) => {
        e.preventDefault();
        hide();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (e.target === dialog.current) hide();
      }}
    >
      <div className="search-box">
        <h2 id="search-title" className="visually-hidden">
          Search the workspace
        </h2>
        <input
          ref={input}
          type="search"
          value={text}
          placeholder="Search every document's text and extracted values"
          aria-label="Search the workspace"
          aria-controls="search-hits"
          aria-activedescendant={active >= 0 ? `search-hit-${active}` : undefined}
          data-testid="search-input"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              move(e.key === 'ArrowDown' ? 1 : -1);
            } else if (e.key === 'Enter') {
              e.preventDefault();
              if (active >= 0) void choose(active);
            } else if (e.key === 'Escape') {
              // A search box would clear itself first: Esc closes at once, the words kept for next time.
              e.preventDefault();
              hide();
            }
          }}
        />
        <p className="small muted search-status" role="status" data-testid="search-status">
          {busy
            ? 'Searching…'
            : answer
              ? answer.count === 0
                ? `Nothing found for “${text.trim()}”.`
                : `${answer.truncated ? 'First ' : ''}${answer.count} ${answer.count === 1 ? 'place' : 'places'} in ${answer.groups.length} ${answer.groups.length === 1 ? 'document' : 'documents'} · ↑ ↓ to move, Enter to open, Esc to close`
              : 'Words, or the start of one; accents and case do not matter.'}
          {answer && answer.pending > 0 ? (
            <span className="search-status-note">Still indexing {answer.pending} results: their text is not found yet.</span>
          ) : null}
          {answer && answer.skipped > 0 ? (
            <span className="search-status-note" data-testid="search-skipped">
              {answer.skipped === 1 ? '1 result is' : `${answer.skipped} results are`} not searched: reading{' '}
              {answer.skipped === 1 ? 'it' : 'them'} stopped the search (the log names {answer.skipped === 1 ? 'it' : 'them'}). Saved again,{' '}
              {answer.skipped === 1 ? 'it is' : 'they are'} read again.
            </span>
          ) : null}
        </p>
        <ErrorMessage error={error} />
        <ul ref={list} id="search-hits" className="search-hits" role="listbox" aria-label="Search results" data-testid="search-hits">
          {answer?.groups.map((group) => (
            <Fragment key={group.documentId}>
              <li className="search-group" role="presentation" data-testid="search-group" data-document-id={group.documentId}>
                <span className="search-group-name">{group.documentName}</span>{' '}
                <span className="search-count" data-testid="search-count">
                  {group.hits.length}
                </span>
              </li>
              {group.hits.map((hit) => {
                const i = index++;
                const named = new Set(group.hits.map((h) => h.resultId)).size > 1 ? results.get(hit.resultId) : undefined;
                return (
                  <li
                    key={`${hit.resultId}/${hit.ref}`}
                    id={`search-hit-${i}`}
                    role="option"
                    aria-selected={i === active}
                    className={i === active ? 'search-hit active' : 'search-hit'}
                    data-index={i}
                    data-testid="search-hit"
                    data-target={hit.target}
                    data-ref={hit.ref}
                    onMouseMove={() => i !== active && setActive(i)}
                    onClick={() => void choose(i)}
                  >
                    <span className="search-where" data-testid="search-where">
                      {where(hit, named)}
                    </span>
                    <span className="search-snippet">
                      {hit.snippet.map((part, k) =>
                        part.mark ? <mark key={k}>{part.text}</mark> : <Fragment key={k}>{part.text}</Fragment>,
                      )}
                    </span>
                  </li>
                );
              })}
            </Fragment>
          ))}
        </ul>
      </div>
    </dialog>
  );
}
