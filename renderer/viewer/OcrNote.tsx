import type { PageSummary } from '../../shared/grounding/parseModel.js';

/**
 * Says on the page that its text was read by OCR, not taken from a text layer: the reviewer
 * should check it against the picture. The words' confidence shows on their boxes ("Lines").
 */
export function OcrNote({ info }: { info: PageSummary | undefined }) {
  if (!info?.ocr) return null;
  return (
    <div className="page-note" data-testid="page-ocr" title={info.reason || undefined}>
      Page {info.page} was read by OCR ({info.ocr}); {info.status === 'ok' ? 'words are shown with their confidence' : 'no text was found'}
    </div>
  );
}
