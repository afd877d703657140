import { useEffect, useMemo, useRef, useState } from 'react';
import type { PageBox } from '../../shared/grounding/box.js';
import { boxStyle } from '../viewer/boxStyle.js';
import { drawingAbandoned, type PdfHandle } from '../viewer/pdfjs.js';
import type { RowStatus } from './compareRows.js';

interface ComparePageProps {
  side: 'a' | 'b';
  /** The PDF, or null for an image document (drawn from `imageUrl`). */
  pdf: PdfHandle | null;
  imageUrl: string | null;
  page: number;
  width: number;
  /** The selected row's boxes on this side. */
  selected: PageBox[];
  /** Blocks changed, vanished or appeared on this page of this side. */
  marks: Array<{ box: PageBox; status: RowStatus; id: string }>;
}

/** One page of one side: the page drawn at the side's width, its changed blocks marked, the selection's boxes over them. */
export function ComparePage({ side, pdf, imageUrl, page, width, selected, marks }: ComparePageProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [ratio, setRatio] = useState(11 / 8.5);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!pdf || !element || width <= 0) return undefined;
    setFailed(null);
    const drawing = pdf.drawPage(page, element, width, (size) => setRatio(size.height / size.width));
    drawing.promise.then(
      () => element.setAttribute('data-rendered', 'true'),
      (error: unknown) => {
        if (!drawingAbandoned(error)) setFailed(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      drawing.cancel();
      element.removeAttribute('data-rendered');
    };
  }, [pdf, page, width]);

  const height = Math.round(width * ratio);
  const here = useMemo(() => selected.filter((b) => b.page === page), [selected, page]);
  return (
    <div
      className="compare-page"
      data-testid={`compare-page-${side}`}
      data-page={page}
      style={{ width, height: imageUrl ? undefined : height }}
    >
      {imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          style={{ width, display: 'block' }}
          onLoad={(e) => setRatio(e.currentTarget.naturalHeight / Math.max(1, e.currentTarget.naturalWidth))}
        />
      ) : (
        <canvas ref={canvas} style={{ width, height }} />
      )}
      <div className="overlay">
        {marks.map(({ box, status, id }) => (
          <div
            key={`mark-${id}`}
            className={`box compare-mark compare-mark-${status}`}
            data-testid="compare-mark"
            data-status={status}
            data-node-id={id}
            title={status === 'only_a' ? 'only in A' : status === 'only_b' ? 'only in B' : 'text changed'}
            style={boxStyle(box)}
          />
        ))}
        {here.map((box, i) => (
          <div key={`sel-${i}`} className="box box-field compare-selected" data-testid="compare-box" style={boxStyle(box)} />
        ))}
      </div>
      {failed ? <p className="error-text small">This page could not be drawn: {failed}</p> : null}
    </div>
  );
}
