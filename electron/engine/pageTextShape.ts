import type { EdgeLine } from './marginalia.js';
import type { PageSize } from './geometry.js';
import type { Line } from './lines.js';

/** What the engine keeps of one page between reading it and writing it: lines, not pdf.js objects. */
export interface PageText {
  number: number;
  size: PageSize;
  status: 'ok' | 'no_text_layer' | 'failed';
  reason: string;
  lines: Line[];
  /** Header/footer candidates, compared with neighbouring pages. */
  edges: EdgeLine[];
  /** Characters per font size, for the body size of the neighbourhood. */
  histogram: Map<number, number>;
  /** Set when the page was read by OCR; `dpi` is the resolution of the raster it read (not known for an image). */
  ocr?: { dpi?: number };
}
