import { describe, expect, it } from 'vitest';
import { keyIdsStillUsable } from '../../../../renderer/state/runSettings.js';

// A key chosen in the picker and later deleted or turned off is no choice: the picker falls back
// to "(first enabled)", and runs must too, not send an id main refuses or a key turned off.
describe('the keys chosen per kind, as the key list changes', () => {
  const chosen = { v2: 'k-v2', analyzer: 'k-an' };
  it('stay while they exist and are enabled', () => {
    expect(
      keyIdsStillUsable(chosen, [
        { id: 'k-v2', enabled: true },
        { id: 'k-an', enabled: true },
      ]),
    ).toEqual(chosen);
  });
  it('are dropped once deleted or turned off, each kind on its own', () => {
    expect(keyIdsStillUsable(chosen, [{ id: 'k-an', enabled: true }])).toEqual({ v2: '', analyzer: 'k-an' });
    expect(
      keyIdsStillUsable(chosen, [
        { id: 'k-v2', enabled: false },
        { id: 'k-an', enabled: true },
      ]),
    ).toEqual({ v2: '', analyzer: 'k-an' });
    expect(keyIdsStillUsable({ v2: '', analyzer: '' }, [])).toEqual({ v2: '', analyzer: '' });
  });
});
