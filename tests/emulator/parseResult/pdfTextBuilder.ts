import { deterministicPage, deterministicParseBuilder, hash } from './deterministicBuilder.js';
import { documentPageCount, isImage } from './documentKind.js';
import { writeLayout, type PageLayout } from './pageLayout.js';
import type { ParseResultBuilder } from './parseResultBuilder.js';
import { layoutPdfPage } from './pdfText/pdfLayout.js';
import { readPdfText } from './pdfText/readPdfText.js';

/**
 * The emulator's default: each PDF page's own text and images, read with pdf.js and laid out
 * into lines, blocks, tables, figures and logos with their real boxes. Pages with no text
 * (blank or scanned), and images, get the deterministic builder's made-up text instead; so do
 * PDFs pdf.js cannot read.
 */
export const pdfTextParseBuilder: ParseResultBuilder = async (bytes, filename, options) => {
  if (isImage(bytes)) return deterministicParseBuilder(bytes, filename, options);
  const pageCount = await documentPageCount(bytes);
  const pages = options.pages ?? Array.from({ length: pageCount }, (_, i) => i + 1);
  let contents;
  try {
    contents = await readPdfText(bytes, pages);
  } catch {
    return deterministicParseBuilder(bytes, filename, options);
  }
  const seed = hash(bytes);
  const layout = pages.map((page, index): PageLayout => {
    const content = contents.find((c) => c.page === page);
    return (content && layoutPdfPage(content)) ?? deterministicPage({ page, pageCount, filename, seed, first: index === 0 });
  });
  return writeLayout(layout, filename, options);
};
