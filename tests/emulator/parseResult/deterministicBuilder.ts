import { documentPageCount } from './documentKind.js';
import { writeLayout, type ElementLayout, type LineLayout, type PageLayout } from './pageLayout.js';
import type { ParseResultBuilder } from './parseResultBuilder.js';

export { documentPageCount } from './documentKind.js';

/** FNV-1a, so the same document always gets the same text. */
export function hash(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}

const WORDS = [
  'ledger',
  'invoice',
  'quarterly',
  'review',
  'grounding',
  'section',
  'summary',
  'balance',
  'north',
  'river',
  'archive',
  'signal',
];

const lines = (texts: string[], top: number, lineHeight: number, xmin = 0.1, xmax = 0.9): LineLayout[] =>
  texts.map((text, i) => ({ text, box: { xmin, ymin: top + i * lineHeight, xmax, ymax: top + (i + 1) * lineHeight } }));

export interface DeterministicPage {
  page: number;
  pageCount: number;
  filename: string;
  /** From the document's bytes. */
  seed: number;
  /** The first processed page also gets a logo, a table and a figure. */
  first: boolean;
}

/**
 * Made-up text for a page with nothing to read (an image, a page without text): a heading, a
 * paragraph with key–value lines (so extraction finds something) and astral characters (so
 * code-point ranges matter), a page-number marginalia; on the first page also a logo, a 3×2
 * table and a figure.
 */
export function deterministicPage({ page, pageCount, filename, seed, first }: DeterministicPage): PageLayout {
  const word = WORDS[(seed + page) % WORDS.length]!;
  const elements: ElementLayout[] = [];
  elements.push({ type: 'text', heading: true, lines: lines([`Page ${page} · ${filename}`], 0.06, 0.04) });
  if (first) elements.push({ type: 'logo', caption: 'Logo: Groundwork', box: { xmin: 0.78, ymin: 0.05, xmax: 0.92, ymax: 0.1 } });
  elements.push({
    type: 'text',
    lines: lines(
      [
        `This ${word} page 📄 is number ${page} of ${pageCount}; 𝔊roundwork counts code points.`,
        `Invoice number: INV-${(seed % 100_000).toString().padStart(5, '0')}-${page}`,
        `Total: ${((seed % 9_000) + 1_000 + page).toFixed(2)}`,
        `Date: 2024-0${(page % 9) + 1}-1${page % 10}`,
      ],
      0.14,
      0.035,
    ),
  });
  if (first) {
    const rows = [
      ['Item', 'Amount'],
      [word, String((seed % 500) + 10)],
      ['Tax ✓', String((seed % 50) + 1)],
    ];
    elements.push({
      type: 'table',
      rows: rows.map((cols, r) =>
        cols.map((text, c) => ({ text, box: { xmin: 0.1 + c * 0.4, ymin: 0.34 + r * 0.04, xmax: 0.5 + c * 0.4, ymax: 0.38 + r * 0.04 } })),
      ),
    });
    elements.push({
      type: 'figure',
      caption: `Figure: a bar chart of the ${word} amounts by month`,
      box: { xmin: 0.1, ymin: 0.5, xmax: 0.7, ymax: 0.75 },
    });
  }
  elements.push({ type: 'marginalia', lines: lines([`— ${page} —`], 0.94, 0.03, 0.45, 0.55) });
  return { page, elements };
}

/** Deterministic text for every processed page (see `deterministicPage`). */
export const deterministicParseBuilder: ParseResultBuilder = async (bytes, filename, options) => {
  const pageCount = await documentPageCount(bytes);
  const pages = options.pages ?? Array.from({ length: pageCount }, (_, i) => i + 1);
  const seed = hash(bytes);
  const layout = pages.map((page, index) => deterministicPage({ page, pageCount, filename, seed, first: index === 0 }));
  return writeLayout(layout, filename, options);
};
