import { describe, expect, it } from 'vitest';
import { allowlistHtml } from '../../../../renderer/markdown/allowlistHtml.js';

const allow = { tags: ['p', 'a', 'img', 'table', 'tr', 'td', 'span', 'br'], attributes: ['href', 'alt', 'colspan', 'title', 'id'] };
const clean = (html: string) => allowlistHtml(html, allow).html;

describe('allowlistHtml', () => {
  it('keeps allowed tags and attributes, re-quoted', () => {
    expect(clean(`<table><tr><td colspan=2 class="x">a</td></tr></table>`)).toBe('<table><tr><td colspan="2">a</td></tr></table>');
    expect(clean(`<a href='https://example.com/?q="1"' id=top>link</a><br/>`)).toBe(
      '<a href="https://example.com/?q=&quot;1&quot;" id="top">link</a><br>',
    );
  });

  it('drops handlers, styles and sources before any parser sees them', () => {
    expect(clean(`<img src=x onerror="alert(1)" alt="fig">`)).toBe('<img alt="fig">');
    expect(clean(`<span style="display:none" onmouseover=x()>words</span>`)).toBe('<span>words</span>');
  });

  it('drops script-like elements with their content when closed, alone when not', () => {
    expect(clean(`a<script>alert(1)</script >b<STYLE>p{}</style>c`)).toBe('abc');
    expect(clean(`<svg><script>x</script><circle/></svg>after`)).toBe('after');
    expect(clean(`<style>p { color: red }\n<p>rest of the block</p>`)).toBe('p { color: red }\n<p>rest of the block</p>');
  });

  it('drops unknown tags, comments and doctypes but keeps their text', () => {
    expect(clean(`<form action="https://x"><details open>inside</details></form>`)).toBe('inside');
    expect(clean(`<!--><img src=x onerror=alert(1)>--> <![CDATA[x]]> t`)).toBe('  t');
  });

  it('turns a < that starts no tag into text', () => {
    expect(clean(`<img/onerror=alert(1)> and <a title="x>y" onclick=go>`)).toBe('&lt;img/onerror=alert(1)> and <a title="x>y">');
    expect(clean(`1 < 2`)).toBe('1 &lt; 2');
  });

  it('stops after maxElements start tags and says so', () => {
    const rows = '<tr><td>1</td></tr>'.repeat(10);
    expect(allowlistHtml(`<table>${rows}</table>`, { ...allow, maxElements: 5 })).toEqual({
      html: '<table><tr><td>1</td></tr><tr><td>1</td></tr>',
      complete: false,
      elements: 5,
    });
    expect(allowlistHtml(`<table>${rows}</table>`, { ...allow, maxElements: 21 })).toMatchObject({ complete: true, elements: 21 });
  });
});
