import { useEffect, useMemo, useRef, useState } from 'react';
import type { PageSummary, ParseModel } from '../../shared/grounding/parseModel.js';
import { OcrNote } from './OcrNote.js';
import { OverlayLayer, PageOverlay } from './PageOverlay.js';
import { decodeReduced, largeImageSize, type ReducedImage } from './reducedImage.js';
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
 * which is the frame the service's boxes are in. A large image is drawn from a reduced
 * copy decoded off the window's thread (`reducedImage.ts`), and says so.
 */
export function ImagePage({ bytes, mime, zoom, viewport, model, onSize }: ImagePageProps) {
  const blob = useMemo(() => new Blob([bytes.slice()], { type: mime }), [bytes, mime]);
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  const large = useMemo(() => largeImageSize(bytes, mime), [bytes, mime]);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [reduced, setReduced] = useState<ReducedImage | null>(null);
  const [undrawable, setUndrawable] = useState(false);
  // The viewer passes a new onSize each render; the decode must not start again for it.
  const onSizeRef = useRef(onSize);
  useEffect(() => {
    onSizeRef.current = onSize;
  });

  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  useEffect(() => {
    if (!large) return;
    let current = true;
    let decoded: ReducedImage | null = null;
    decodeReduced(blob, large).then(
      (image) => {
        decoded = image;
        if (!current) return image.bitmap.close();
        setReduced(image);
        setNatural(image.natural);
        onSizeRef.current(image.natural);
      },
      () => current && setUndrawable(true),
    );
    return () => {
      current = false;
      decoded?.bitmap.close();
      setReduced(null);
    };
  }, [blob, large]);

  // A large image's page takes its header's size while its copy decodes.
  const frame = natural ?? large;
  const scale = frame ? scaleFor(zoom, frame, viewport) : 1;
  const width = frame ? Math.round(frame.width * scale) : undefined;
  const height = frame ? Math.round(frame.height * scale) : undefined;

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
      {large ? (
        reduced ? (
          <ReducedCanvas image={reduced} width={width} height={height} />
        ) : (
          <div className="page-flag page-drawing" data-testid="page-drawing">
            Drawing this {megapixels(large)}-megapixel image at a reduced size…
          </div>
        )
      ) : (
        <img
          src={url}
          alt="Document page"
          className="page-image"
          decoding="async"
          style={{ width, height }}
          onLoad={(e) => {
            const size = { width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight };
            setNatural(size);
            onSize(size);
          }}
          onError={() => setUndrawable(true)}
        />
      )}
      {large && reduced ? (
        <div className="page-flag page-reduced" data-testid="page-reduced">
          {megapixels(large)} megapixels: shown from a copy {reduced.bitmap.width.toLocaleString('en-US')} pixels wide
        </div>
      ) : null}
      <OverlayLayer>{model && natural ? <PageOverlay model={model} page={1} /> : null}</OverlayLayer>
      {model ? <ImagePageNotes info={model.pages.find((p) => p.page === 1)} /> : null}
    </div>
  );
}

/** The reduced copy of a large image, drawn once into a canvas the page's CSS size scales. */
function ReducedCanvas({ image, width, height }: { image: ReducedImage; width: number | undefined; height: number | undefined }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    canvas.current?.getContext('2d')?.drawImage(image.bitmap, 0, 0);
  }, [image]);
  return (
    <canvas
      ref={canvas}
      className="page-image"
      role="img"
      aria-label="Document page"
      width={image.bitmap.width}
      height={image.bitmap.height}
      style={{ width, height }}
    />
  );
}

function megapixels(size: { width: number; height: number }): string {
  return Math.round((size.width * size.height) / 1_000_000).toLocaleString('en-US');
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
