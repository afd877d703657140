import { describe, expect, it, vi } from 'vitest';
import { renderBlockAhead } from '../../../../renderer/markdown/blockHtml.js';
import { threePages } from './threePages.js';

// Each block renders to 2 million characters (the size of a long table's HTML), counted.
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../../renderer/markdown/renderMarkdown.js', async (original) => ({
  ...(await original<object>()),
  renderMarkdown: () => {
    renders.count++;
    return 'x'.repeat(2_000_000);
  },
}));

describe('the blocks’ HTML kept', () => {
  it('is bounded in characters: long blocks push the oldest out long before the count of blocks would', () => {
    const model = threePages();
    const rendersOf = (id: string) => {
      const before = renders.count;
      renderBlockAhead(model, id);
      return renders.count - before;
    };
    for (let n = 0; n < 4; n++) expect(rendersOf(`p1-${n}`)).toBe(1);
    // 8 million characters kept: all four are still there.
    for (let n = 0; n < 4; n++) expect(rendersOf(`p1-${n}`)).toBe(0);
    // A fifth comes to 10 million, the bound itself: all five stay.
    expect(rendersOf('p1-4')).toBe(1);
    expect(rendersOf('p1-0')).toBe(0);
    // A sixth would pass it: the one used longest ago (p1-1) goes, the rest stay.
    expect(rendersOf('p1-5')).toBe(1);
    for (const n of [2, 3, 4, 5, 0]) expect(rendersOf(`p1-${n}`)).toBe(0);
    expect(rendersOf('p1-1')).toBe(1);
  });
});
