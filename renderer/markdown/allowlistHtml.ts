/**
 * Rebuilds marked's HTML output (which passes the service's raw HTML through) from an
 * allowlist, as text, before any HTML parser sees it. Chromium applies the page's CSP
 * while *parsing*, even into DOMPurify's inert document: `<img onerror>`, `style=""` or a
 * `<style>` element raise CSP violations there although nothing runs. Rebuilt, only known
 * tags with known attributes are ever parsed. DOMPurify still sanitizes the result.
 *
 * - allowed tags are written anew with only their allowed attributes, values re-quoted;
 * - script-like elements (`DROPPED_WITH_CONTENT`) go with their content when closed, alone
 *   when not (their "content" is then the rest of the block, which stays visible);
 * - every other tag, comment, doctype or processing instruction is dropped, its text kept;
 * - a `<` that starts no tag becomes `&lt;`;
 * - past `maxElements` start tags the rest is left out (`complete: false`): sanitizing and
 *   laying out 100,000 table cells froze the window for seconds.
 */
export interface HtmlAllowlist {
  tags: readonly string[];
  attributes: readonly string[];
  maxElements?: number;
}

const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'noembed',
  'noframes',
  'xmp',
  'title',
  'textarea',
  'select',
  'svg',
  'math',
  'object',
]);

// A start or end tag in the strict HTML syntax: name, attributes (quoted or bare values), optional self-close.
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/y;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export interface AllowedHtml {
  html: string;
  /** False when `maxElements` cut it short. */
  complete: boolean;
  /** Start tags kept. */
  elements: number;
}

export function allowlistHtml(html: string, allow: HtmlAllowlist): AllowedHtml {
  const tags = new Set(allow.tags);
  const attributes = new Set(allow.attributes);
  const maxElements = allow.maxElements ?? Number.POSITIVE_INFINITY;
  let elements = 0;
  let out = '';
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt < 0) {
      out += html.slice(at);
      break;
    }
    out += html.slice(at, lt);
    at = lt;
    if (html.startsWith('<!--', at)) {
      const end = html.indexOf('-->', at + 4);
      at = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html.startsWith('<!', at) || html.startsWith('<?', at)) {
      const end = html.indexOf('>', at);
      at = end < 0 ? html.length : end + 1;
      continue;
    }
    TAG.lastIndex = at;
    const tag = TAG.exec(html);
    if (!tag) {
      out += '&lt;';
      at += 1;
      continue;
    }
    at = TAG.lastIndex;
    const closing = tag[1] === '/';
    const name = tag[2]!.toLowerCase();
    if (!closing && DROPPED_WITH_CONTENT.has(name)) {
      const end = new RegExp(`</${name}[\\s/>]`, 'ig');
      end.lastIndex = at;
      const found = end.exec(html);
      if (found) {
        const close = html.indexOf('>', found.index);
        at = close < 0 ? html.length : close + 1;
      }
      continue;
    }
    if (!tags.has(name)) continue;
    if (closing) {
      out += `</${name}>`;
      continue;
    }
    if (elements === maxElements) return { html: out, complete: false, elements };
    elements++;
    let rebuilt = `<${name}`;
    for (const [, rawName, double, single, bare] of (tag[3] ?? '').matchAll(ATTRIBUTE)) {
      const attribute = rawName!.toLowerCase();
      if (!attributes.has(attribute)) continue;
      const value = double ?? single ?? bare;
      rebuilt += value === undefined ? ` ${attribute}` : ` ${attribute}="${value.replace(/"/g, '&quot;')}"`;
    }
    out += `${rebuilt}>`;
  }
  return { html: out, complete: true, elements };
}
