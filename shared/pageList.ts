/**
 * Page lists as people type them: "1-3, 5, 8-9" (1-indexed). Returns the sorted, distinct
 * pages, or a message saying what is wrong with the text.
 */
export function parsePageList(text: string): { pages: number[] } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { pages: [] };
  const pages = new Set<number>();
  for (const part of trimmed.split(',')) {
    const item = part.trim();
    const match = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(item);
    if (!match) return { error: `"${item}" is not a page or a range like 2-5.` };
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    if (first < 1 || last < 1) return { error: 'Pages count from 1.' };
    if (last < first) return { error: `The range ${item} runs backwards.` };
    if (last - first > 10_000) return { error: `The range ${item} is too long.` };
    for (let page = first; page <= last; page++) pages.add(page);
  }
  return { pages: [...pages].sort((a, b) => a - b) };
}
