import { describe, expect, it } from 'vitest';
import { snippetOf } from '../../../../electron/search/snippet.js';

const marked = (parts: ReturnType<typeof snippetOf>) => parts.map((p) => (p.mark ? `[${p.text}]` : p.text)).join('');

describe('snippetOf', () => {
  it('marks every word a matched term starts, whatever its case and accents, as written in the text', () => {
    expect(marked(snippetOf('Résumé of the RESUME writer; presumed.', ['resume']))).toBe('[Résumé] of the [RESUME] writer; presumed.');
    // A prefix match marks the whole word it found.
    expect(marked(snippetOf('A shared warehouse.', ['wareh']))).toBe('A shared [warehouse].');
  });

  it('shows the text around the first match in a long block, cut with ellipses', () => {
    const text = `${'lorem '.repeat(40)}needle ${'ipsum '.repeat(40)}`;
    const parts = snippetOf(text, ['needle']);
    const shown = marked(parts);
    expect(shown.startsWith('…')).toBe(true);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown).toContain('[needle]');
    expect(shown.length).toBeLessThan(160);
  });

  it('starts at the beginning when no term is found (a fuzzy hit)', () => {
    expect(marked(snippetOf('Delivery times slipped.', ['delivry']))).toBe('Delivery times slipped.');
  });
});
