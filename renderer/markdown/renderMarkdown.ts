import DOMPurify from 'dompurify';
import { boundedMarkdownHtml } from './boundedMarkdown.js';

/**
 * Service Markdown is untrusted: it is parsed by marked, rebuilt as text from the allowlist
 * below (so no HTML parser, not even DOMPurify's, ever sees a handler or a style: see
 * allowlistHtml.ts) and sanitized by DOMPurify before any of it becomes DOM. Allowed:
 * ordinary Markdown output, HTML tables (with row/col spans) and `<a id>` anchors. Dropped: scripts, styles, forms, event handlers, data
 * attributes and every link that is not plain https (links never navigate the app).
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
  'del',
  'sub',
  'sup',
  'mark',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'span',
  'div',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'colgroup',
  'col',
  'figure',
  'figcaption',
];
// `start`: a numbered item sent as its own block ("7. …") keeps its number, not "1.".
const ALLOWED_ATTR = ['id', 'href', 'title', 'alt', 'colspan', 'rowspan', 'align', 'start'];

/**
 * One block renders at most this many elements (a table of 1,000 rows of 4 cells, 100 rows of
 * 50): a 2,000 × 50 table (100,000 cells) took seconds to sanitize and lay out, the window frozen
 * meanwhile, and 20,000 elements still half a second here. The rest is in Raw Markdown.
 */
const MAX_ELEMENTS = 5_000;
const CUT_NOTE = `<p class="md-cut-note" data-testid="md-cut-note">This block is too large to show in full here (first ${MAX_ELEMENTS.toLocaleString('en')} elements shown). Raw Markdown shows all of it.</p>`;

let hooked = false;
function installHooks(): void {
  if (hooked) return;
  hooked = true;
  // Set once: DOMPurify parses a config given to each sanitize() call anew, block after block.
  DOMPurify.setConfig({ ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, KEEP_CONTENT: true });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      if (href && !/^https:\/\//i.test(href)) node.removeAttribute('href');
      node.setAttribute('rel', 'noreferrer noopener');
      node.setAttribute('target', '_blank');
    }
    // Images from the service would be fetched from the network: show their alt text instead.
    if (node.tagName === 'IMG') {
      const alt = document.createElement('span');
      alt.className = 'md-figure-alt';
      alt.textContent = `[figure${node.getAttribute('alt') ? `: ${node.getAttribute('alt')}` : ''}]`;
      node.replaceWith(alt);
    }
  });
}

export function renderMarkdown(markdown: string): string {
  installHooks();
  try {
    const { html, complete } = boundedMarkdownHtml(markdown, { tags: ALLOWED_TAGS, attributes: ALLOWED_ATTR, maxElements: MAX_ELEMENTS });
    const clean = DOMPurify.sanitize(html);
    return complete ? clean : `${clean}${CUT_NOTE}`;
  } catch {
    // Nesting deep enough (a few thousand `>`) overflows marked's recursion. The block is
    // shown as the text it is rather than taking the whole window down with it.
    return `<pre>${escapeHtml(markdown)}</pre>`;
  }
}

/**
 * A block of each kind a result has, rendered once while the window is idle before any
 * document opens: the first blocks marked and DOMPurify ever see cost several times what later
 * ones do (their code and patterns are compiled on first use), and a result's first render,
 * the one that puts its boxes on the first page, would pay that.
 */
const WARM_UP_MARKDOWN = [
  '# Heading\n\nA paragraph with **bold**, *emphasis*, `code` and [a link](https://example.com).',
  'Title\n=====\n\n> A quoted line\n\n- an item\n- another\n\n1. first\n2. second',
  '| a | b |\n|---|---|\n| 1 | 2 |\n\n<table><tr><td rowspan="2">x</td><td>y</td></tr></table>',
  '<a id="0-a"></a>\n\nText after an anchor<br>and a break.\n\n---\n\n```\npre\n```',
].join('\n\n');

export function warmUpMarkdown(): void {
  renderMarkdown(WARM_UP_MARKDOWN);
}

/** Text as HTML that shows it as it is, quotes too. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
