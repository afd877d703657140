import { describe, expect, it } from 'vitest';
import { nodeSnippet, SNIPPET_LENGTH } from '../../../../shared/grounding/nodeSnippet.js';

const reader = (markdown: string) => (r: { start: number; end: number }) => markdown.slice(r.start, r.end);
const whole = (markdown: string) => nodeSnippet(reader(markdown), { start: 0, end: markdown.length });

describe('nodeSnippet', () => {
  it('gives plain text as it is, and nothing for no range', () => {
    expect(whole('Total due 1,242.00')).toBe('Total due 1,242.00');
    expect(nodeSnippet(reader('abc'), null)).toBe('');
    expect(nodeSnippet(reader('abc'), { start: 2, end: 2 })).toBe('');
  });

  it('reads only the range', () => {
    const markdown = 'before Total due after';
    expect(nodeSnippet(reader(markdown), { start: 7, end: 16 })).toBe('Total due');
  });

  it('drops Markdown markup: headings, emphasis, code, quotes, bullets, links, images', () => {
    expect(whole('## Section 4 — *ledger* **audit**')).toBe('Section 4 — ledger audit');
    expect(whole('> quoted `code` and __bold__')).toBe('quoted code and bold');
    expect(whole('- first\n- second')).toBe('first second');
    expect(whole('See [the terms](https://example.com/t) and ![logo](a.png)')).toBe('See the terms and logo');
    expect(whole('snake_case_name stays')).toBe('snake_case_name stays');
  });

  it('keeps a numbered item its number', () => {
    expect(whole('1. ledger invoice audit')).toBe('1. ledger invoice audit');
  });

  it('drops HTML tags and comments, decodes entities, joins table cells with spaces', () => {
    expect(whole('<!-- page 3 -->\n\n<table><tr><td>Item</td><td>Qty &amp; price</td></tr></table>')).toBe('Item Qty & price');
    expect(whole('| a | b |\n|---|:---:|\n| 1 | 2 |')).toBe('a b 1 2');
    expect(whole('x&nbsp;y &#233; &#x41; &bogus;')).toBe('x y é A &bogus;');
    // Past Unicode or zero: a replacement character, never a throw (one table cell would take the window down).
    expect(whole('a&#99999999;b&#x110000;c&#0;d')).toBe('a\ufffdb\ufffdc\ufffdd');
  });

  it('cuts long text at a word, with an ellipsis', () => {
    const text = 'ledger revenue quarter invoice balance north audit clause party schedule amount period notice';
    const snippet = whole(text);
    expect(snippet.endsWith('…')).toBe(true);
    expect(Array.from(snippet).length).toBeLessThanOrEqual(SNIPPET_LENGTH + 1);
    expect(text.startsWith(snippet.slice(0, -1))).toBe(true);
    expect(snippet.at(-2)).not.toBe(' ');
  });

  it('never splits an astral character, and a tag cut off by the bounded read goes', () => {
    const astral = '😀'.repeat(80);
    expect(Array.from(whole(astral))).toHaveLength(SNIPPET_LENGTH + 1);
    const long = `<td class="${'x'.repeat(2000)}">late</td>`;
    expect(whole(long)).toBe('');
  });

  it('reads a bounded prefix of a page-long range', () => {
    const page = `Start here ${'word '.repeat(200_000)}`;
    let charsRead = 0;
    const counting = (r: { start: number; end: number }) => {
      charsRead += r.end - r.start;
      return page.slice(r.start, r.end);
    };
    expect(nodeSnippet(counting, { start: 0, end: page.length }).startsWith('Start here word')).toBe(true);
    expect(charsRead).toBeLessThanOrEqual(SNIPPET_LENGTH * 8 + 200);
  });
});
