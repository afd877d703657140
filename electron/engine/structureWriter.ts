import type { Grounding, StructureNode } from '../../shared/contracts/v2Parse.js';
import type { Block } from './blocks.js';
import { countCodePoints } from './codePoints.js';
import { codePiecesOf, fenceFor } from './codeBlocks.js';
import { normalizeBox, unionRects, type PageSize, type Rect } from './geometry.js';
import type { Line, LineWord } from './lines.js';
import type { MarkdownWriter } from './markdownWriter.js';
import type { DetectedTable } from './tables.js';
import { placeWords } from './wordPlaces.js';

export interface WriteOptions {
  atomicGrounding: boolean;
  inlineMarkdown: boolean;
}

const MARKDOWN_PREFIX: Partial<Record<Block['type'], string>> = { title: '# ', heading: '## ' };
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Writes a page's blocks into the Markdown and returns their structure nodes. Ids take a
 * per-type counter shared across the document, in reading order.
 */
export class StructureWriter {
  private readonly counters = new Map<string, number>();

  constructor(
    private readonly markdown: MarkdownWriter,
    private readonly options: WriteOptions,
  ) {}

  writeBlocks(blocks: readonly Block[], pageNumber: number, page: PageSize): StructureNode[] {
    const nodes: StructureNode[] = [];
    for (const block of blocks) {
      this.markdown.append('\n\n');
      if (block.type === 'table') nodes.push(this.writeTable(block.table, pageNumber, page));
      else if (block.type === 'code') nodes.push(this.writeCode(block.lines, pageNumber, page));
      else nodes.push(this.writeText(block, pageNumber, page));
    }
    return nodes;
  }

  /** The id counters, to restore when a page's writing is undone. */
  snapshot(): ReadonlyMap<string, number> {
    return new Map(this.counters);
  }

  restore(snapshot: ReadonlyMap<string, number>): void {
    this.counters.clear();
    for (const [type, index] of snapshot) this.counters.set(type, index);
  }

  private nextId(type: string): string {
    const index = this.counters.get(type) ?? 0;
    this.counters.set(type, index + 1);
    return `${type}-${index}`;
  }

  private grounding(page: number, start: number, end: number, rect: Rect, size: PageSize): Grounding {
    return { page, range: { start, end }, box: normalizeBox(rect, size) };
  }

  /** A word read by OCR: its own range and box, and how sure the recognizer was of it (as the service's word-level model reports). */
  private wordGrounding(page: number, start: number, end: number, word: LineWord, size: PageSize): Grounding {
    return { ...this.grounding(page, start, end, word, size), confidence: Math.round(word.confidence * 1000) / 1000 };
  }

  /**
   * Lines joined by single spaces; the first line's atomic range includes the Markdown prefix.
   * Lines read by OCR are grounded word by word instead, each word with its confidence.
   */
  private writeLines(
    lines: readonly Line[],
    firstText: string,
    prefix: string,
    pageNumber: number,
    page: PageSize,
  ): { start: number; atoms: Grounding[]; text: string } {
    const start = this.markdown.position;
    const atoms: Grounding[] = [];
    let text = '';
    lines.forEach((line, i) => {
      const piece = i === 0 ? prefix + firstText : line.text;
      if (i > 0) {
        this.markdown.append(' ');
        text += ' ';
      }
      const range = this.markdown.write(piece);
      text += piece;
      if (line.words) {
        const cut = i === 0 ? countCodePoints(line.text) - countCodePoints(firstText) : 0;
        for (const placed of placeWords(line.words, cut, i === 0 ? countCodePoints(prefix) : 0, i === 0)) {
          atoms.push(this.wordGrounding(pageNumber, range.start + placed.start, range.start + placed.end, placed.word, page));
        }
      } else atoms.push(this.grounding(pageNumber, range.start, range.end, line, page));
    });
    return { start, atoms, text };
  }

  private writeText(block: Extract<Block, { lines: Line[] }>, pageNumber: number, page: PageSize): StructureNode {
    const first = block.lines[0] as Line;
    const prefix = block.marker?.markdown ?? MARKDOWN_PREFIX[block.type] ?? '';
    const firstText = block.marker?.rest ?? first.text;
    const id = this.nextId(block.type);
    const { start, atoms, text } = this.writeLines(block.lines, firstText, prefix, pageNumber, page);
    const node: StructureNode = {
      type: block.type,
      id,
      grounding: this.grounding(pageNumber, start, this.markdown.position, unionRects(block.lines), page),
    };
    if (this.options.atomicGrounding) node.atomic_grounding = atoms;
    if (this.options.inlineMarkdown) node.markdown = text;
    node.children = [];
    return node;
  }

  /** A cell's text, HTML-escaped; an OCR line is written word by word, so each word has its own range. */
  private writeCellText(
    line: Line,
    pageNumber: number,
    page: PageSize,
  ): { text: string; range: { start: number; end: number }; atoms: Grounding[] | null } {
    if (!line.words) {
      const text = escapeHtml(line.text);
      return { text, range: this.markdown.write(text), atoms: null };
    }
    const start = this.markdown.position;
    const atoms: Grounding[] = [];
    let text = '';
    line.words.forEach((word, i) => {
      if (i > 0) {
        this.markdown.append(' ');
        text += ' ';
      }
      const escaped = escapeHtml(word.text);
      const range = this.markdown.write(escaped);
      text += escaped;
      atoms.push(this.wordGrounding(pageNumber, range.start, range.end, word, page));
    });
    return { text, range: { start, end: this.markdown.position }, atoms };
  }

  /**
   * A fenced block, one Markdown line per row with its indentation; an empty line where the page
   * has one. The first line's atomic range includes the opening fence, as a prefix.
   */
  private writeCode(lines: readonly Line[], pageNumber: number, page: PageSize): StructureNode {
    const id = this.nextId('code');
    const start = this.markdown.position;
    const pieces = codePiecesOf(lines);
    const fence = fenceFor(pieces.map((p) => p.text));
    const atoms: Grounding[] = [];
    let text = '';
    const write = (piece: string) => {
      text += piece;
      return this.markdown.write(piece);
    };
    pieces.forEach((piece, i) => {
      if (i > 0) write(piece.before);
      const range = write(i === 0 ? `${fence}\n${piece.text}` : piece.text);
      atoms.push(this.grounding(pageNumber, range.start, range.end, lines[i] as Line, page));
    });
    write(`\n${fence}`);
    const node: StructureNode = {
      type: 'code',
      id,
      grounding: this.grounding(pageNumber, start, this.markdown.position, unionRects(lines), page),
    };
    if (this.options.atomicGrounding) node.atomic_grounding = atoms;
    if (this.options.inlineMarkdown) node.markdown = text;
    node.children = [];
    return node;
  }

  private writeTable(table: DetectedTable, pageNumber: number, page: PageSize): StructureNode {
    const id = this.nextId('table');
    const start = this.markdown.position;
    const cells: StructureNode[] = [];
    const byPlace = new Map(table.cells.map((cell) => [cell.row * table.colCount + cell.col, cell]));
    let html = '<table>';
    this.markdown.append('<table>');
    for (let row = 0; row < table.rowCount; row++) {
      html += '\n<tr>';
      this.markdown.append('\n<tr>');
      for (let col = 0; col < table.colCount; col++) {
        html += '<td>';
        this.markdown.append('<td>');
        const cell = byPlace.get(row * table.colCount + col);
        if (cell) {
          const { text, range, atoms } = this.writeCellText(cell.line, pageNumber, page);
          html += text;
          const grounding = this.grounding(pageNumber, range.start, range.end, cell.line, page);
          const node: StructureNode = { type: 'table_cell', id: this.nextId('table_cell'), row, col, rowspan: 1, colspan: 1, grounding };
          if (this.options.atomicGrounding)
            node.atomic_grounding = atoms ?? [{ ...grounding, range: { ...grounding.range }, box: { ...grounding.box } }];
          if (this.options.inlineMarkdown) node.markdown = text;
          node.children = [];
          cells.push(node);
        }
        html += '</td>';
        this.markdown.append('</td>');
      }
      html += '</tr>';
      this.markdown.append('</tr>');
    }
    html += '\n</table>';
    this.markdown.append('\n</table>');
    const node: StructureNode = { type: 'table', id, grounding: this.grounding(pageNumber, start, this.markdown.position, table, page) };
    if (this.options.inlineMarkdown) node.markdown = html;
    node.children = cells;
    return node;
  }
}
