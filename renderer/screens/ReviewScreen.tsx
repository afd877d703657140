import { useEffect, useMemo, useState } from 'react';
import { AuditTrailPanel } from '../audit/AuditTrailPanel.js';
import { CompareView } from '../compare/CompareView.js';
import { useCompareStore } from '../state/compareStore.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { FieldsSection } from '../fields/FieldsSection.js';
import { MarkdownPanel } from '../markdown/MarkdownPanel.js';
import { QueueBar } from '../queue/QueueBar.js';
import { SearchDialog, useSearchShortcut } from '../search/SearchDialog.js';
import { StructureTree } from '../structure/StructureTree.js';
import { DocumentViewer } from '../viewer/DocumentViewer.js';
import { prepareViewer } from '../viewer/pdfjsWorkers.js';
import { warmUpMarkdown } from '../markdown/renderMarkdown.js';
import { Library } from '../library/Library.js';
import { clockTime } from '../components/jobWords.js';
import { useLibraryStore } from '../state/library/libraryStore.js';
import { ReviewToolbar } from './ReviewToolbar.js';
import { useReviewStore, GENERAL_BANNER } from '../state/review/reviewStore.js';
import { StatusBar } from './StatusBar.js';
import { useReviewKeyboard } from './useReviewKeyboard.js';

type Panel = 'markdown' | 'structure' | 'history';
const PANELS: Array<{ id: Panel; label: string }> = [
  { id: 'markdown', label: 'Markdown' },
  { id: 'structure', label: 'Structure' },
  { id: 'history', label: 'History' },
];

/** Failures of the open document and of the workspace; another document's wait for it to be opened. */
function WorkspaceBanners() {
  const documentId = useReviewStore((s) => s.document?.id);
  const workspaceError = useReviewStore((s) => s.errors[GENERAL_BANNER] ?? null);
  const documentError = useReviewStore((s) => (documentId ? (s.errors[documentId] ?? null) : null));
  const documentErrorAt = useReviewStore((s) => (documentId ? (s.errorsAt[documentId] ?? null) : null));
  // A document's failure is kept while the reviewer looks elsewhere: seen again on coming back,
  // it says it is from earlier (the service may well answer by now).
  const shownSince = useMemo(() => (documentId ? new Date().toISOString() : null), [documentId]);
  const earlier = documentErrorAt !== null && shownSince !== null && documentErrorAt < shownSince ? documentErrorAt : null;
  const compareError = useCompareStore((s) => s.error);
  const compareLoading = useCompareStore((s) => s.loading);
  const compareProgress = useCompareStore((s) => s.progress);
  const { clearError } = useReviewStore.getState();
  return (
    <>
      <ErrorMessage error={compareError} onDismiss={() => useCompareStore.getState().clearError()} />
      {compareLoading ? (
        <p className="notice small" role="status" data-testid="compare-loading">
          Comparing two runs of {compareLoading}…{compareProgress !== null ? ` ${Math.round(compareProgress * 100)} %` : ''}{' '}
          <button type="button" className="link" onClick={() => useCompareStore.getState().close()} data-testid="compare-cancel">
            Cancel
          </button>
        </p>
      ) : null}
      <ErrorMessage error={workspaceError} onDismiss={() => clearError(GENERAL_BANNER)} />
      {documentId ? (
        <ErrorMessage
          error={documentError}
          onDismiss={() => clearError(documentId)}
          note={earlier ? `From earlier, at ${clockTime(earlier)}, before this document was opened again.` : undefined}
        />
      ) : null}
    </>
  );
}

/** The review workspace: library, page with boxes, linked Markdown and structure, status bar. */
export function ReviewScreen() {
  const document = useReviewStore((s) => s.document);
  const bytes = useReviewStore((s) => s.bytes);
  const model = useReviewStore((s) => s.model);
  const opening = useReviewStore((s) => s.opening);
  const comparison = useCompareStore((s) => s.comparison);
  const { openFile, importFiles } = useReviewStore.getState();
  const [panel, setPanel] = useState<Panel>('markdown');
  const [dragging, setDragging] = useState(false);
  useReviewKeyboard();
  useSearchShortcut();

  useEffect(() => {
    // First launch: an empty workspace opens the sample, parsed offline, so the main job works at
    // once — unless the reviewer has already started opening something of their own. Once the
    // library is listed, the viewer and the Markdown renderer get ready for the first document (not
    // before: they would compete).
    void useLibraryStore
      .getState()
      .loadOnce()
      .then(() => {
        const { documentStatus, openSample } = useReviewStore.getState();
        if (useLibraryStore.getState().library.length === 0 && documentStatus === 'empty') void openSample();
      })
      .finally(() => {
        prepareViewer();
        if (typeof requestIdleCallback === 'function') requestIdleCallback(warmUpMarkdown);
      });
    // A deleted document or result on screen closes with it.
    const stop = useLibraryStore.subscribe((state, previous) => {
      if (state.library !== previous.library) useReviewStore.getState().followLibrary(state.library, previous.library);
    });
    return stop;
  }, []);

  return (
    <section
      className={`workspace${dragging ? ' dragging' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        const files = [...e.dataTransfer.files];
        if (files.length === 1 && !files[0]!.name.toLowerCase().endsWith('.json')) void openFile(files[0]!);
        else if (files.length > 0) void importFiles(files);
      }}
    >
      <ReviewToolbar />
      <WorkspaceBanners />
      {comparison ? <CompareView comparison={comparison} /> : null}
      <div className="workspace-body" hidden={comparison !== null}>
        <aside className="workspace-library">
          <h2>Library</h2>
          <Library />
        </aside>
        <div className="workspace-document">
          {document && bytes ? (
            <DocumentViewer key={document.id} document={document} bytes={bytes} />
          ) : (
            <p className="muted empty-state">Open a PDF or an image, or drop it here.</p>
          )}
        </div>
        <aside className="workspace-panels">
          <QueueBar />
          <div className="tabs" role="tablist">
            {PANELS.map(({ id, label }) => (
              <button
                key={id}
                type="button"
                role="tab"
                aria-selected={panel === id}
                className={panel === id ? 'tab active' : 'tab'}
                onClick={() => setPanel(id)}
                data-testid={`tab-${id}`}
              >
                {label}
              </button>
            ))}
          </div>
          {panel === 'history' ? (
            <AuditTrailPanel />
          ) : model ? (
            panel === 'markdown' ? (
              <MarkdownPanel model={model} />
            ) : (
              <StructureTree model={model} />
            )
          ) : (
            <p className="muted empty-state" data-testid="result-empty">
              {opening ? `Opening ${opening}…` : document ? 'Run an engine to see the result.' : ''}
            </p>
          )}
          {model ? <FieldsSection /> : null}
        </aside>
      </div>
      <StatusBar />
      <SearchDialog />
    </section>
  );
}
