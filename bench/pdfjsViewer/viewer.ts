/**
 * The baseline of `npm run bench`: pdf.js's own viewer component (PDFViewer from
 * pdfjs-dist/web/pdf_viewer) opening the same PDF, with the same rendering worker.
 * It records when the first page is drawn, like the app does.
 */
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import { EventBus, PDFLinkService, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';

GlobalWorkerOptions.workerSrc = './pdf.worker.min.mjs';

async function open(url: string): Promise<void> {
  performance.mark('viewer:open');
  const container = document.getElementById('viewerContainer') as HTMLDivElement;
  const eventBus = new EventBus();
  const linkService = new PDFLinkService({ eventBus });
  const viewer = new PDFViewer({ container, eventBus, linkService });
  linkService.setViewer(viewer);
  eventBus.on('pagerendered', (event: { pageNumber: number }) => {
    if (event.pageNumber === 1 && performance.getEntriesByName('viewer:first-page-drawn').length === 0)
      performance.mark('viewer:first-page-drawn');
  });
  eventBus.on('pagesinit', () => {
    viewer.currentScaleValue = 'page-width';
  });
  const pdf = await getDocument({ url, enableXfa: false }).promise;
  viewer.setDocument(pdf);
  linkService.setDocument(pdf);
}

(window as unknown as { openPdf: typeof open }).openPdf = open;
