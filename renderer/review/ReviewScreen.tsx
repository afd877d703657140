import { useEffect, useState } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { FieldsSection } from '../fields/FieldsSection.js';
import { MarkdownPanel } from '../markdown/MarkdownPanel.js';
import { StructureTree } from '../structure/StructureTree.js';
import { DocumentViewer } from '../viewer/DocumentViewer.js';
import { Library } from './Library.js';
import { useLibraryStore } from './libraryStore.js';
import { ReviewToolbar } from './ReviewToolbar.js';
import { useReviewStore, WORKSPACE_BANNER } from './reviewStore.js';
import { StatusBar } from './StatusBar.js';
import { useReviewKeyboard } from './useReviewKeyboard.js';

type Panel = 'markdown' | 'structure';
const PANELS: Array<{ id: Panel; label: string }> = [
  { id: 'markdown', label: 'Markdown' },
  { id: 'structure', label: 'Structure' },
];

/** Failures of the open document and of the workspace; another document's wait for it to be opened. */
function ReviewBanners() {
  const documentId = useReviewStore((s) => s.document?.id);
  const workspaceError = useReviewStore((s) => s.errors[WORKSPACE_BANNER] ?? null);
  const documentError = useReviewStore((s) => (documentId ? (s.errors[documentId] ?? null) : null));
  const { clearError } = useReviewStore.getState();
  return (
    <>
      <ErrorMessage error={workspaceError} onDismiss={() => clearError(WORKSPACE_BANNER)} />
      {documentId ? <ErrorMessage error={documentError} onDismiss={() => clearError(documentId)} /> : null}
    </>
  );
}

/** The review workspace: library, page with boxes, linked Markdown and structure, status bar. */
export function ReviewScreen() {
  const document = useReviewStore((s) => s.document);
  const bytes = useReviewStore((s) => s.bytes);
  const model = useReviewStore((s) => s.model);
  const { openFile, importFiles } = useReviewStore.getState();
  const [panel, setPanel] = useState<Panel>('markdown');
  const [dragging, setDragging] = useState(false);
  useReviewKeyboard();

  useEffect(() => {
    // First launch: an empty workspace opens the sample, parsed offline, so the main job works at
    // once — unless the reviewer has already started opening something of their own.
    void useLibraryStore
      .getState()
      .load()
      .then(() => {
        const { documentStatus, openSample } = useReviewStore.getState();
        if (useLibraryStore.getState().library.length === 0 && documentStatus === 'empty') void openSample();
      });
    // A deleted document or result on screen closes with it.
    const stop = useLibraryStore.subscribe((state, previous) => {
      if (state.library !== previous.library) useReviewStore.getState().followLibrary(state.library, previous.library);
    });
    return stop;
  }, []);

  return (
    <section
      className={`review${dragging ? ' dragging' : ''}`}
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
      <ReviewBanners />
      <div className="review-body">
        <aside className="review-library">
          <h2>Library</h2>
          <Library />
        </aside>
        <div className="review-document">
          {document && bytes ? <DocumentViewer key={document.id} document={document} bytes={bytes} /> : <p className="muted empty-state">Open a PDF or an image, or drop it here.</p>}
        </div>
        <aside className="review-panels">
          <div className="tabs" role="tablist">
            {PANELS.map(({ id, label }) => (
              <button key={id} type="button" role="tab" aria-selected={panel === id} className={panel === id ? 'tab active' : 'tab'} onClick={() => setPanel(id)} data-testid={`tab-${id}`}>
                {label}
              </button>
            ))}
          </div>
          {model ? (
            panel === 'markdown' ? <MarkdownPanel model={model} /> : <StructureTree model={model} />
          ) : (
            <p className="muted empty-state">{document ? 'Run an engine to see the result.' : ''}</p>
          )}
          {model ? (
            <FieldsSection />
          ) : null}
        </aside>
      </div>
      <StatusBar />
    </section>
  );
}
