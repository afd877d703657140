/**
 * Where a link the window asks to open may go. Opening a web address is a way out of the app,
 * for a link in service Markdown or a script in the window alike: only the app's own help goes
 * straight to the browser; any other https address only after the user says yes to its host in
 * main's own dialog (window.ts); anything else never.
 */
export const HELP_LINK_PREFIXES = ['https://docs.landing.ai/'] as const;

export type ExternalLink = { action: 'open' | 'ask'; url: string; host: string } | { action: 'refuse' };

export function externalLink(raw: string): ExternalLink {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { action: 'refuse' };
  }
  if (url.protocol !== 'https:' || url.username || url.password) return { action: 'refuse' };
  const href = url.toString();
  return { action: HELP_LINK_PREFIXES.some((prefix) => href.startsWith(prefix)) ? 'open' : 'ask', url: href, host: url.host };
}
