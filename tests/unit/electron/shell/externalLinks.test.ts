import { describe, expect, it } from 'vitest';
import { externalLink } from '../../../../electron/shell/externalLinks.js';

// What window.ts does with a window the page asks for: the app's help opens, any other https
// host is asked about in main's own dialog first, anything else is refused.
describe('links the window asks to open', () => {
  it("opens the app's own help at once", () => {
    expect(externalLink('https://docs.landing.ai/ade/ade-overview')).toMatchObject({ action: 'open', host: 'docs.landing.ai' });
  });

  it.each(['https://example.com/x', 'https://docs.landing.ai.evil.example/', 'https://evil.example/?https://docs.landing.ai/'])(
    'asks the user in main before opening %s',
    (url) => expect(externalLink(url).action).toBe('ask'),
  );

  it.each(['http://example.com/', 'https://user:pw@example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url'])(
    'refuses %s',
    (url) => expect(externalLink(url)).toEqual({ action: 'refuse' }),
  );
});
