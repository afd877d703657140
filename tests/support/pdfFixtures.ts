/**
 * PDFs with known text at known places, for the engine tests. Positions are given as the
 * page is displayed (origin top-left, y = baseline from the top), for upright pages and
 * for pages shown with /Rotate 90 (content drawn a quarter turn counter-clockwise).
 */
import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { pngFile } from './png.js';
import { PDFDict, PDFDocument, PDFName, StandardFonts, degrees, type PDFFont } from 'pdf-lib';

const MONO_FILE = new URL('../fixtures/fonts/DejaVuSansMono.ttf', import.meta.url);
const monoBytes = readFileSync(MONO_FILE);
const mono = fontkit.create(monoBytes);

/** DejaVu Sans Mono's metrics in ems: every glyph has the same advance. */
export const MONO = {
  advance: (mono.getGlyph(mono.glyphForCodePoint(0x41).id).advanceWidth ?? 0) / mono.unitsPerEm,
  ascent: mono.ascent / mono.unitsPerEm,
  descent: -mono.descent / mono.unitsPerEm,
};

export interface TextSpec {
  text: string;
  x: number;
  /** Baseline, from the top of the displayed page. */
  y: number;
  size?: number;
  /**
   * `symbol`: Helvetica whose Unicode map says byte b is U+F000 + b, as pdf.js reads a Symbol or
   * Wingdings font: "·" (byte B7) comes out as U+F0B7, "l" as U+F06C.
   */
  font?: 'mono' | 'sans' | 'symbol';
}

export interface PageSpec {
  /** Displayed size (after rotation). Default 600 × 800. */
  width?: number;
  height?: number;
  rotate?: 90;
  texts?: TextSpec[];
  /** Draws a full-page image and no text, like a scan. */
  scan?: boolean;
  /** Raw text operators (in PDF user space, origin bottom-left) added to the page; `font` names Helvetica. */
  ops?: (font: string) => string;
}

export async function buildPdf(pages: readonly PageSpec[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const fonts: Record<'mono' | 'sans' | 'symbol', PDFFont> = {
    mono: await doc.embedFont(monoBytes, { subset: true }),
    sans: await doc.embedFont(StandardFonts.Helvetica),
    symbol: await doc.embedFont(StandardFonts.Helvetica),
  };
  for (const spec of pages) {
    const width = spec.width ?? 600;
    const height = spec.height ?? 800;
    const rotated = spec.rotate === 90;
    const page = doc.addPage(rotated ? [height, width] : [width, height]);
    if (rotated) page.setRotation(degrees(90));
    if (spec.scan) {
      const image = await doc.embedPng(grayPng(8, 8));
      page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
    }
    for (const t of spec.texts ?? []) {
      const options = { size: t.size ?? 12, font: fonts[t.font ?? 'mono'] };
      if (rotated) page.drawText(t.text, { ...options, x: t.y, y: t.x, rotate: degrees(90) });
      else page.drawText(t.text, { ...options, x: t.x, y: height - t.y });
    }
    if (spec.ops) {
      const font = page.node.newFontDictionary('Raw', fonts.sans.ref).asString();
      page.node.addContentStream(doc.context.register(doc.context.flateStream(`BT\n${spec.ops(font)}\nET`)));
    }
  }
  // Embedded now (drawing marks a font for embedding again at save), so the Unicode map stays.
  await fonts.symbol.embed();
  const privateUse = doc.context.flateStream(
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /PrivateUse def 1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfrange <20> <FF> <F020> endbfrange endcmap CMapName currentdict /CMap defineresource pop end end',
  );
  doc.context.lookup(fonts.symbol.ref, PDFDict).set(PDFName.of('ToUnicode'), doc.context.register(privateUse));
  return doc.save({ useObjectStreams: false });
}

/** Where a mono text should be boxed, as fractions of the displayed page. */
export function expectedMonoBox(page: PageSpec, t: TextSpec) {
  const size = t.size ?? 12;
  const width = page.width ?? 600;
  const height = page.height ?? 800;
  const chars = Array.from(t.text).length;
  return {
    xmin: t.x / width,
    ymin: (t.y - MONO.ascent * size) / height,
    xmax: (t.x + chars * MONO.advance * size) / width,
    ymax: (t.y + MONO.descent * size) / height,
  };
}

/** Code points of `text` in `[start, end)`. */
export function sliceCodePoints(text: string, start: number, end: number): string {
  return Array.from(text).slice(start, end).join('');
}

function grayPng(width: number, height: number): Uint8Array {
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // filter: none
  return pngFile(width, height, { bitDepth: 8, colourType: 0 }, rows);
}
