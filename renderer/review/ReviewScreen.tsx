import { useEffect, useState } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { MarkdownPanel } from '../markdown/MarkdownPanel.js';
import { StructureTree } from '../structure/StructureTree.js';
import { DocumentViewer } from '../viewer/DocumentViewer.js';
import { Library } from './Library.js';
import { ReviewToolbar } from './ReviewToolbar.js';
import { useReviewStore } from './reviewStore.js';
import { StatusBar } from './StatusBar.js';
import { useReviewKeyboard } from './useReviewKeyboard.js';

type Panel = 'markdown' | 'structure';

/** The review workspace: library, page with boxes, linked Markdown and structure, status bar. */
export function ReviewScreen() {
  const document = useReviewStore((s) => s.document);
  const bytes = useReviewStore((s) => s.bytes);
  const model = useReviewStore((s) => s.model);
  const error = useReviewStore((s) => s.error);
  const { clearError, loadLibrary, openSample, openFile } = useReviewStore.getState();
  const [panel, setPanel] = useState<Panel>('markdown');
  const [dragging, setDragging] = useState(false);
  useReviewKeyboard();

  useEffect(() => {
    // First launch: an empty workspace opens the sample, parsed offline, so the main job works at once.
    void loadLibrary().then(() => {
      const state = useReviewStore.getState();
      if (state.library.length === 0 && !state.document) void openSample();
    });
  }, [loadLibrary, openSample]);

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
        const file = e.dataTransfer.files[0];
        if (file) void openFile(file);
      }}
    >
      <ReviewToolbar />
      <ErrorMessage error={error} onDismiss={clearError} />
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
            <button type="button" role="tab" aria-selected={panel === 'markdown'} className={panel === 'markdown' ? 'tab active' : 'tab'} onClick={() => setPanel('markdown')} data-testid="tab-markdown">
              Markdown
            </button>
            <button type="button" role="tab" aria-selected={panel === 'structure'} className={panel === 'structure' ? 'tab active' : 'tab'} onClick={() => setPanel('structure')} data-testid="tab-structure">
              Structure
            </button>
          </div>
          {model ? (
            panel === 'markdown' ? <MarkdownPanel model={model} /> : <StructureTree model={model} />
          ) : (
            <p className="muted empty-state">{document ? 'Run an engine to see the result.' : ''}</p>
          )}
        </aside>
      </div>
      <StatusBar />
    </section>
  );
}
