import { useEffect, useMemo, useState } from 'react';
import type { PageSummary, ParseModel } from '../../shared/grounding/parseModel.js';
import { OcrNote } from './OcrNote.js';
import { OverlayLayer, PageOverlay } from './PageOverlay.js';
import { scaleFor, type Zoom } from './ZoomBar.js';

interface ImagePageProps {
  bytes: Uint8Array;
  mime: string;
  zoom: Zoom;
  viewport: { width: number; height: number };
  model: ParseModel | null;
  onSize(size: { width: number; height: number }): void;
}

/**
 * An image as one page. Browsers apply EXIF orientation when drawing an <img>
 * (`image-orientation: from-image`), and naturalWidth/Height report the upright size,
 * which is the frame the service's boxes are in.
 */
export function ImagePage({ bytes, mime, zoom, viewport, model, onSize }: ImagePageProps) {
  const url = useMemo(() => URL.createObjectURL(new Blob([bytes.slice()], { type: mime })), [bytes, mime]);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [undrawable, setUndrawable] = useState(false);

  useEffect(() => () => URL.revokeObjectURL(url), [url]);

  const scale = natural ? scaleFor(zoom, natural, viewport) : 1;
  const width = natural ? Math.round(natural.width * scale) : undefined;
  const height = natural ? Math.round(natural.height * scale) : undefined;

  if (undrawable) {
    return (
      <div className="page page-undrawable" data-testid="page" data-page={1}>
        <div className="page-flag" data-testid="page-draw-error">
          {undrawableReason(mime)}
        </div>
        {model ? <ImagePageNotes info={model.pages.find((p) => p.page === 1)} /> : null}
      </div>
    );
  }
  return (
    <div className="page" data-testid="page" data-page={1} style={{ width, height }}>
      <img
        src={url}
        alt="Document page"
        className="page-image"
        style={{ width, height }}
        onLoad={(e) => {
          const size = { width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight };
          setNatural(size);
          onSize(size);
        }}
        onError={() => setUndrawable(true)}
      />
      <OverlayLayer>{model && natural ? <PageOverlay model={model} page={1} /> : null}</OverlayLayer>
      {model ? <ImagePageNotes info={model.pages.find((p) => p.page === 1)} /> : null}
    </div>
  );
}

/** Why the browser could not draw the image, and that its results are still there to review. */
function undrawableReason(mime: string): string {
  const why =
    mime === 'image/tiff'
      ? 'the viewer does not draw TIFF images'
      : 'the image could not be decoded (it may be damaged, or too large to draw)';
  return `This image cannot be drawn here: ${why}. Its parse results still show in the Markdown and Structure panels.`;
}

/** What the result says about the image's one page: a failure (with its reason) and how it was read. */
function ImagePageNotes({ info }: { info: PageSummary | undefined }) {
  if (!info) return null;
  return (
    <>
      {info.failed || info.status !== 'ok' ? (
        <div className="page-flag" data-testid="page-flag" title={info.reason || undefined}>
          {info.failed ? 'This page failed to parse' : `Page status: ${info.status}`}
        </div>
      ) : null}
      <OcrNote info={info} />
    </>
  );
}
