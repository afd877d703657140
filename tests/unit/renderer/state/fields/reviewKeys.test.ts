import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { commandFor, keyLegend } from '../../../../../renderer/dom/keyCommands.js';
import type * as ReviewKeys from '../../../../../renderer/state/fields/reviewKeys.js';

// The Review screen's legend and its key handling are read from one table: every key the legend
// lists is handled by the command it names, and every key handled is listed (or, Esc, said not to be).
const press = (key: string) => ({ key, repeat: false, target: null }) as unknown as KeyboardEvent;
const SHOWN: Record<string, string> = { ArrowDown: '↓', ArrowUp: '↑' };
let BROWSE_KEYS_NOTE: string;
let REVIEW_KEY_LEGEND: typeof ReviewKeys.REVIEW_KEY_LEGEND;
let reviewModeKey: typeof ReviewKeys.reviewModeKey;
let browseKey: typeof ReviewKeys.browseKey;
let review: ReviewKeys.ReviewScreenKey[];
let browse: ReviewKeys.ReviewScreenKey[];

beforeAll(async () => {
  // A window without the bridge (no service is called: every command's run is stubbed) and with nothing remembered.
  vi.stubGlobal('window', {});
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined });
  // Enter is checked against the control it was pressed on; these keys come from no element.
  vi.stubGlobal('HTMLElement', class {});
  let table: readonly ReviewKeys.ReviewScreenKey[];
  ({
    BROWSE_KEYS_NOTE,
    REVIEW_KEY_LEGEND,
    reviewModeKey,
    browseKey,
    REVIEW_SCREEN_KEYS: table,
  } = await import('../../../../../renderer/state/fields/reviewKeys.js'));
  review = table.filter((c) => c.mode === 'review');
  browse = table.filter((c) => c.mode === 'browse');
});
afterAll(() => {
  vi.unstubAllGlobals();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Review screen key table', () => {
  it('the legend is the labelled review commands, in the table order', () => {
    expect(REVIEW_KEY_LEGEND).toEqual(keyLegend(review));
    expect(REVIEW_KEY_LEGEND).toEqual([
      { keys: ['a', 'Enter'], label: 'accept' },
      { keys: ['c'], label: 'correct' },
      { keys: ['r'], label: 'reject' },
      { keys: ['u'], label: 'undo' },
      { keys: ['n', 'j', '↓'], label: 'next' },
      { keys: ['p', 'k', '↑'], label: 'previous' },
    ]);
  });

  it('each key the legend lists runs the command it is listed under (no queue moving, no corrector open)', () => {
    for (const command of review.filter((c) => c.label !== null)) {
      const run = vi.spyOn(command, 'run').mockImplementation(() => undefined);
      for (const key of command.keys) {
        expect(commandFor(review, press(key))?.label).toBe(command.label);
        expect(reviewModeKey(press(key))).toBe(true);
      }
      expect(run).toHaveBeenCalledTimes(command.keys.length);
    }
  });

  it('every key review mode handles is listed, but Esc', () => {
    const listed = new Set(review.filter((c) => c.label !== null).flatMap((c) => c.keys));
    const unlisted = review.flatMap((c) => c.keys).filter((k) => !listed.has(k));
    expect([...new Set(unlisted)]).toEqual(['Escape']);
    expect(reviewModeKey(press('x'))).toBe(false);
  });

  it('the browsing keys are the ones the note names (with the arrows beside j/k), and the note names only them', () => {
    const named = [...BROWSE_KEYS_NOTE.matchAll(/\((\w)\/(\w)\)/g)].flatMap((m) => [m[1], m[2]]);
    expect(named).toEqual(['j', 'k', 'n', 'p']);
    const handled = browse.flatMap((c) => c.keys);
    expect(handled.filter((k) => !(k in SHOWN) && k !== 'Escape').sort()).toEqual([...named].sort());
    for (const command of browse) {
      const run = vi.spyOn(command, 'run').mockImplementation(() => undefined);
      for (const key of command.keys) expect(browseKey(press(key))).toBe(true);
      expect(run).toHaveBeenCalledTimes(command.keys.length);
    }
    // The deciding keys the note promises are review mode's.
    for (const key of ['a', 'c', 'r']) {
      expect(BROWSE_KEYS_NOTE).toContain(`${key}`);
      expect(commandFor(review, press(key))?.label).not.toBeNull();
    }
    expect(browseKey(press('a'))).toBe(false);
  });
});
