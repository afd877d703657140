import { marked } from 'marked';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowlistHtml } from '../../../../renderer/markdown/allowlistHtml.js';
import { boundedMarkdownHtml, PARSED_WHOLE_UP_TO } from '../../../../renderer/markdown/boundedMarkdown.js';

const allow = {
  tags: ['p', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'h1', 'strong'],
  attributes: ['href', 'align'],
  maxElements: 5_000,
};
const wholeThenCut = (markdown: string) => allowlistHtml(marked.parse(markdown, { async: false, gfm: true, breaks: false }), allow);

function table(rows: number, columns: number): string {
  const cells = (row: (c: number) => string) => `| ${Array.from({ length: columns }, (_, c) => row(c)).join(' | ')} |\n`;
  let markdown = cells((c) => `h${c}`) + `|${' --- |'.repeat(columns)}\n`;
  for (let r = 0; r < rows; r++) markdown += cells((c) => `r${r}c${c}`);
  return markdown;
}

/** Characters marked parsed, counted while `run` runs. */
function charactersParsed(run: () => void): number {
  let characters = 0;
  const parse = marked.parse.bind(marked);
  const spy = vi.spyOn(marked, 'parse').mockImplementation(((markdown: string, options: object) => {
    characters += markdown.length;
    return parse(markdown, options);
  }) as typeof marked.parse);
  run();
  spy.mockRestore();
  return characters;
}

afterEach(() => vi.restoreAllMocks());

describe('boundedMarkdownHtml', () => {
  it('shows a 2,000 × 50 table as the whole would be shown cut, parsing a tenth of it', () => {
    const markdown = table(2_000, 50);
    let bounded!: ReturnType<typeof boundedMarkdownHtml>;
    const parsed = charactersParsed(() => (bounded = boundedMarkdownHtml(markdown, allow)));
    expect(bounded).toEqual(wholeThenCut(markdown));
    expect(bounded).toMatchObject({ complete: false, elements: 5_000 });
    expect(parsed).toBeLessThan(markdown.length / 10);
  });

  it('parses a long block with few elements until it has all of it: complete, as the whole', () => {
    const paragraphs = Array.from(
      { length: 1_500 },
      (_, n) => `Paragraph ${n} says **something** at some length, a line of text or two, as paragraphs do.\n`,
    ).join('\n');
    expect(paragraphs.length).toBeGreaterThan(2 * PARSED_WHOLE_UP_TO);
    const bounded = boundedMarkdownHtml(paragraphs, allow);
    expect(bounded).toEqual(wholeThenCut(paragraphs));
    expect(bounded.complete).toBe(true);
  });

  it('grows past a sparse start to a dense end: the cut is where the whole’s would be', () => {
    const sparse = `${'A long line of plain words, nothing else. '.repeat(30)}\n\n`.repeat(100);
    const markdown = sparse + table(300, 20);
    expect(sparse.length).toBeGreaterThan(PARSED_WHOLE_UP_TO);
    const bounded = boundedMarkdownHtml(markdown, allow);
    expect(bounded).toEqual(wholeThenCut(markdown));
    expect(bounded.complete).toBe(false);
  });

  it('parses a short block whole: a link defined at its end still links', () => {
    const markdown = `See [the notes][n].\n\n${'Filler line.\n\n'.repeat(100)}[n]: https://example.com/notes\n`;
    expect(boundedMarkdownHtml(markdown, allow).html).toContain('<a href="https://example.com/notes">the notes</a>');
  });

  it('cuts a single huge line (no line end near) mid-line, and still shows its start', () => {
    const markdown = `<table>${'<tr><td>x</td></tr>'.repeat(20_000)}</table>`;
    const bounded = boundedMarkdownHtml(markdown, allow);
    expect(bounded).toMatchObject({ complete: false, elements: 5_000 });
    expect(bounded.html.startsWith('<table><tr><td>x</td></tr>')).toBe(true);
  });
});
