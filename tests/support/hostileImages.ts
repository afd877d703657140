// Images that aim at a reader's limits, small on disk: a PNG of 20,000 × 20,000 pixels
// (400 megapixels, 1.6 GB decoded as RGBA) and a TIFF of 500 pages.
import type { DocumentFixture } from './badFiles.js';
import { whitePng } from './png.js';
import { greyPagesTiff } from './tiff.js';

/** A white 1-bit greyscale PNG of `size` × `size` pixels (about 0.1 % of its pixels on disk). */
export function hugePng(size = 20_000): DocumentFixture {
  return { name: `huge-${size}x${size}.png`, bytes: whitePng(size, size) };
}

/** A TIFF of `pages` grey pages of `side` × `side` pixels, each a different grey. */
export function multiPageTiff(pages = 500, side = 32): DocumentFixture {
  const grey = (p: number) => Buffer.alloc(side * side, (p * 37) & 255);
  return {
    name: `${pages}-pages.tiff`,
    bytes: greyPagesTiff(Array.from({ length: pages }, (_, p) => ({ width: side, height: side, grey: grey(p) }))),
  };
}
