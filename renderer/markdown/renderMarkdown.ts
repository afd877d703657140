import DOMPurify from 'dompurify';
import { marked } from 'marked';

/**
 * Service Markdown is untrusted: it is parsed by marked and sanitized by DOMPurify before
 * any of it becomes DOM. Allowed: ordinary Markdown output, HTML tables (with row/col
 * spans) and `<a id>` anchors. Dropped: scripts, styles, forms, event handlers, data
 * attributes and every link that is not plain https (links never navigate the app).
 */
const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'b', 'i', 'u', 's', 'del', 'sub', 'sup', 'mark',
  'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'span', 'div', 'img',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col', 'figure', 'figcaption',
];
const ALLOWED_ATTR = ['id', 'href', 'title', 'alt', 'colspan', 'rowspan', 'align'];

let hooked = false;
function installHooks(): void {
  if (hooked) return;
  hooked = true;
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
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false });
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, KEEP_CONTENT: true });
}
