import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIDENCE_THRESHOLD } from '../../../../../shared/grounding/confidence.js';
import { useRememberedStorage } from '../../../../support/rememberedStorage.js';

// The Fields panel's confidence settings: remembered across windows, a threshold outside 0–1
// never taken (nor remembered), and a remembered value that does not fit read as the default.
const remembered = useRememberedStorage();

const load = async () => (await import('../../../../../renderer/state/fields/confidenceSettings.js')).useConfidenceSettings;

describe('confidence settings', () => {
  it('start at the defaults, and a new window remembers what was set', async () => {
    const settings = await load();
    expect(settings.getState()).toMatchObject({ threshold: DEFAULT_CONFIDENCE_THRESHOLD, sortByConfidence: false });
    settings.getState().setThreshold(0.55);
    settings.getState().setSortByConfidence(true);
    vi.resetModules();
    expect((await load()).getState()).toMatchObject({ threshold: 0.55, sortByConfidence: true });
  });

  it('a threshold outside 0–1 or not a number is ignored and not remembered', async () => {
    const settings = await load();
    settings.getState().setThreshold(0.3);
    for (const wrong of [-0.1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) settings.getState().setThreshold(wrong);
    expect(settings.getState().threshold).toBe(0.3);
    expect(remembered.get('groundwork.confidenceThreshold')).toBe('0.3');
    // The ends of the range are thresholds too.
    settings.getState().setThreshold(0);
    expect(settings.getState().threshold).toBe(0);
    settings.getState().setThreshold(1);
    expect(settings.getState().threshold).toBe(1);
  });

  it('remembered values that do not fit are read as the defaults', async () => {
    remembered.set('groundwork.confidenceThreshold', '7');
    remembered.set('groundwork.sortByConfidence', '"yes"');
    expect((await load()).getState()).toMatchObject({ threshold: DEFAULT_CONFIDENCE_THRESHOLD, sortByConfidence: false });
    remembered.set('groundwork.confidenceThreshold', '{not json');
    vi.resetModules();
    expect((await load()).getState().threshold).toBe(DEFAULT_CONFIDENCE_THRESHOLD);
  });
});
