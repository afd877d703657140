import { useEffect, useState } from 'react';
import { checkOutputSaveUrl } from '../../shared/outputSaveUrl.js';
import { useReviewStore } from '../state/review/reviewStore.js';

/**
 * What the app will say about an output_save_url when the job is sent, said while it is
 * typed (a plain-http URL off this computer is refused here, before anything is sent): the same rule main applies, on the open document's whole page count whatever pages
 * are asked for, as main does. Main reads the file and may count more (every page of a TIFF,
 * a PDF whose page tree claims more than pdf.js found), so it may still refuse a URL passed here.
 */
export function OutputSaveUrlNote({
  url,
  pages,
}: {
  url: string;
  /** Pages the window is judged for; the open document's when not given (an extract job counts none). */ pages?: number;
}) {
  const documentPages = useReviewStore((s) => s.document?.pageCount ?? null);
  const pageCount = pages ?? documentPages;
  // The window is judged against the clock: a URL that passes now may not in a minute.
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const trimmed = url.trim();
  if (!trimmed) return null;
  const check = checkOutputSaveUrl(trimmed, pageCount, now);
  const lines = check.ok ? check.warnings : [check.message];
  if (lines.length === 0) return null;
  return (
    <ul className={`small wide job-warnings ${check.ok ? 'warning' : 'error'}`} data-testid="output-save-url-note">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
