import { PDFDocument, StandardFonts } from 'pdf-lib';
import { codePoints as cp, onePageParse } from './onePageParse.js';

/**
 * A real one-page invoice PDF and the parse results the service sends for it, built from the
 * PDF's own text geometry (pdf-lib's font metrics), so every box sits on its words:
 * `dpt-3-verity` grounds each word with its `confidence`, `dpt-3-pro` each line with none.
 * Node-level grounding carries no confidence in either. An extraction cites code-point ranges.
 */

export interface WordBox {
  text: string;
  /** Code points into the Markdown. */
  start: number;
  end: number;
  /** Normalized page box. */
  box: { xmin: number; ymin: number; xmax: number; ymax: number };
  confidence: number;
}

interface LineLayout {
  text: string;
  start: number;
  end: number;
  box: WordBox['box'];
  words: WordBox[];
}

const PAGE = { width: 612, height: 792 };
const SIZE = 14;
const LEFT = 72;

/** Blocks of lines, as they are printed; each word's confidence (the rest are sure). */
const BLOCKS = [
  ['Invoice number: INV-4471', 'Invoice date: 2026-03-14', 'Vendor: Acme Tools Ltd'],
  ['Total due: 1,293.20 USD', 'Thank you for your business.'],
];
const UNSURE: Record<string, number> = { 'INV-4471': 0.93, '2026-03-14': 0.74, Tools: 0.85, '1,293.20': 0.62, business: 0.9 };

/** The value each field cites, found by its text in the Markdown. */
export const FIELDS = { invoice_number: 'INV-4471', date: '2026-03-14', vendor: 'Acme Tools Ltd', total: '1,293.20 USD' } as const;

const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

export async function wordResults(title: string) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const ascent = font.heightAtSize(SIZE, { descender: false });
  const descent = font.heightAtSize(SIZE) - ascent;
  const box = (x0: number, x1: number, baseline: number) => ({
    xmin: round5(x0 / PAGE.width),
    xmax: round5(x1 / PAGE.width),
    ymin: round5((PAGE.height - baseline - ascent) / PAGE.height),
    ymax: round5((PAGE.height - baseline + descent) / PAGE.height),
  });

  let markdown = '';
  let baseline = 700;
  const blocks: Array<{ id: string; start: number; end: number; box: WordBox['box']; lines: LineLayout[] }> = [];
  BLOCKS.forEach((lines, b) => {
    if (b > 0) {
      markdown += '\n\n';
      baseline -= SIZE * 2;
    }
    const blockStart = cp(markdown);
    const layout: LineLayout[] = [];
    lines.forEach((line, l) => {
      if (l > 0) {
        markdown += '\n';
        baseline -= SIZE * 1.6;
      }
      page.drawText(line, { x: LEFT, y: baseline, size: SIZE, font });
      const lineStart = cp(markdown);
      const words: WordBox[] = [];
      let offset = 0;
      for (const word of line.split(' ')) {
        const x0 = LEFT + font.widthOfTextAtSize(line.slice(0, offset), SIZE);
        const x1 = x0 + font.widthOfTextAtSize(word, SIZE);
        words.push({
          text: word,
          start: lineStart + offset,
          end: lineStart + offset + cp(word),
          box: box(x0, x1, baseline),
          confidence: UNSURE[word] ?? 0.99,
        });
        offset += word.length + 1;
      }
      markdown += line;
      layout.push({
        text: line,
        start: lineStart,
        end: cp(markdown),
        box: box(LEFT, LEFT + font.widthOfTextAtSize(line, SIZE), baseline),
        words,
      });
    });
    const xmax = Math.max(...layout.map((l) => l.box.xmax));
    blocks.push({
      id: `text-${b}`,
      start: blockStart,
      end: cp(markdown),
      box: { xmin: layout[0]!.box.xmin, ymin: layout[0]!.box.ymin, xmax, ymax: layout.at(-1)!.box.ymax },
      lines: layout,
    });
  });

  const grounding = (start: number, end: number, b: WordBox['box']) => ({ page: 1, range: { start, end }, box: b });
  const parse = (model: 'verity' | 'pro') =>
    onePageParse(
      markdown,
      blocks.map((block) => ({
        id: block.id,
        type: 'text',
        grounding: grounding(block.start, block.end, block.box),
        atomic_grounding:
          model === 'verity'
            ? block.lines.flatMap((line) => line.words.map((w) => ({ ...grounding(w.start, w.end, w.box), confidence: w.confidence })))
            : block.lines.map((line) => grounding(line.start, line.end, line.box)),
      })),
      { job_id: `parse-${model}-01hzyxwvutsrqpnmkjhgfedcba`, version: `dpt-3-${model}-20251103`, billing: { total_credits: 3 } },
    );

  const rangeOf = (value: string) => {
    const start = cp(markdown.slice(0, markdown.indexOf(value)));
    return { start, end: start + cp(value) };
  };
  const extraction = {
    extraction: { ...FIELDS },
    extraction_metadata: Object.fromEntries(Object.entries(FIELDS).map(([key, value]) => [key, { value, ranges: [rangeOf(value)] }])),
    markdown,
    metadata: {
      job_id: 'extract-01hzyxwvutsrqpnmkjhgfedcba',
      version: 'extract-20251024',
      duration_ms: 900,
      range_units: 'unicode_codepoints',
      billing: { total_credits: 1 },
    },
  };

  const words = blocks.flatMap((b) => b.lines.flatMap((l) => l.words));
  const lines = blocks.flatMap((b) => b.lines);
  return { pdf: await pdf.save(), verity: parse('verity'), pro: parse('pro'), extraction, words, lines, blocks };
}

/** The words a value spans, by its text. */
export function wordsOf(words: readonly WordBox[], value: string): WordBox[] {
  const parts = value.split(' ');
  const first = words.findIndex((w, i) => parts.every((p, j) => words[i + j]?.text === p));
  return words.slice(first, first + parts.length);
}
