// Hostile PDFs written object by object (pdf-lib refuses to write most of them): each is small
// on disk and aims at one limit of a reader. Page 2 of each is an ordinary page, so a test can
// check that the rest of the document is still read.
import { deflateSync } from 'node:zlib';
import type { DocumentFixture } from './badFiles.js';

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const stream = (content: string, dictionary = '') => `<< /Length ${content.length} ${dictionary}>>\nstream\n${content}\nendstream`;
const text = (words: string) => `BT /F1 12 Tf 72 700 Td (${words}) Tj ET`;
const page = (contents: number, extra = '') =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contents} 0 R /Resources << /Font << /F1 3 0 R >> >> ${extra}>>`;

/** A PDF of the given objects (1: catalog, 2: page tree, 3: font, then the rest), with a correct cross-reference table. */
function writePdf(objects: string[]): Uint8Array {
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** Two pages: the first built by `hostile` (given the numbers of its page and content objects), the second ordinary. */
function twoPages(name: string, hostile: { page: string; content: string }): DocumentFixture {
  return {
    name,
    bytes: writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [4 0 R 6 0 R] /Count 2 >>',
      FONT,
      hostile.page,
      hostile.content,
      page(7),
      stream(text('The second page is fine')),
    ]),
  };
}

export const pdfBombs = {
  /** The page tree claims a hundred million pages and holds two. */
  lyingPageCount: (): DocumentFixture => {
    const fixture = twoPages('hundred-million-pages.pdf', { page: page(5), content: stream(text('The first page')) });
    const patched = Buffer.from(fixture.bytes).toString('latin1').replace('/Count 2 ', '/Count 100000000');
    return { name: fixture.name, bytes: new Uint8Array(Buffer.from(patched, 'latin1')) };
  },

  /** A page dictionary holding arrays nested `depth` deep: recursion in a reader meets it. */
  deepObjects: (depth = 200_000): DocumentFixture =>
    twoPages('deep-objects.pdf', {
      page: page(5, `/Junk ${'['.repeat(depth)}${']'.repeat(depth)} `),
      content: stream(text('Deep in objects')),
    }),

  /**
   * A page with no text that draws one image claiming `side` × `side` grey pixels (900
   * megapixels, 3.6 GB as the RGBA a canvas needs), a few hundred KB deflated: drawing the
   * page for OCR must not decode it.
   */
  hugeImage: (side = 30_000): DocumentFixture => {
    const pixels = deflateSync(Buffer.alloc(side * Math.ceil(side / 8), 0xff)).toString('latin1');
    const image = stream(
      pixels,
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /FlateDecode `,
    );
    return {
      name: 'huge-image.pdf',
      bytes: writePdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [4 0 R 6 0 R] /Count 2 >>',
        FONT,
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << /XObject << /Im1 8 0 R >> >> >>`,
        stream('q 612 0 0 792 0 0 cm /Im1 Do Q'),
        page(7),
        stream(text('The second page is fine')),
        image,
      ]),
    };
  },

  /** A page whose drawing saves the graphics state `depth` times and nests arrays as deep: slow for any reader. */
  deepContent: (depth = 200_000): DocumentFixture =>
    twoPages('deep-content.pdf', {
      page: page(5),
      content: stream(`${text('Deep in content')} ${'q '.repeat(depth)}${'Q '.repeat(depth)}${'['.repeat(depth)}${']'.repeat(depth)}`),
    }),
};
