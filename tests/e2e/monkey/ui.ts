import type { Locator, Page } from '@playwright/test';
import type { Rng } from './rng.js';

// Short: a monkey's click either lands now or the element was busy, gone or covered; it moves on.
const CLICK_TIMEOUT = 1_000;

/** What an action did, for the failure report ("skipped: …" when there was nothing to do). */
export type Outcome = string;

export const skipped = (why: string): Outcome => `skipped: ${why}`;

/** Clicks a control if it is there, visible and enabled; a disabled control is skipped, never forced. */
export async function clickIfReady(locator: Locator, label: string): Promise<Outcome> {
  const target = locator.first();
  if (!(await target.isVisible())) return skipped(`${label} not shown`);
  // isEnabled waits for the element with no limit of its own: one that went meanwhile (a run's
  // Cancel when the run ends, Raw Markdown when a document without a result opens) is a miss.
  if (!(await target.isEnabled({ timeout: CLICK_TIMEOUT }).catch(() => false))) return skipped(`${label} disabled or gone`);
  try {
    await target.click({ timeout: CLICK_TIMEOUT });
    return label;
  } catch {
    return skipped(`${label} went away or was covered`);
  }
}

/** One of the elements matching `locator`, chosen by `rng`, with its index and count for the report. */
export async function pickOne(locator: Locator, rng: Rng): Promise<{ target: Locator; label: string } | null> {
  const count = await locator.count();
  const index = rng.int(Math.max(count, 1));
  if (count === 0) return null;
  return { target: locator.nth(index), label: `#${index + 1} of ${count}` };
}

/**
 * Clicks where the element is, as a mouse does: whatever is on top there gets the click
 * (a box inside a table box, say), instead of waiting for the element itself to be hit.
 */
export async function clickWhereItIs(page: Page, target: Locator, rng: Rng): Promise<boolean> {
  try {
    await target.scrollIntoViewIfNeeded({ timeout: CLICK_TIMEOUT });
    const box = await target.boundingBox({ timeout: CLICK_TIMEOUT });
    if (!box || box.width < 1 || box.height < 1) return false;
    await page.mouse.click(box.x + box.width * (0.2 + 0.6 * rng.next()), box.y + box.height * (0.2 + 0.6 * rng.next()));
    return true;
  } catch {
    return false;
  }
}

/** Picks a random matching element and clicks where it is. */
export async function clickRandom(page: Page, locator: Locator, rng: Rng, label: string): Promise<Outcome> {
  const chosen = await pickOne(locator, rng);
  if (!chosen) return skipped(`no ${label}`);
  const name = (await chosen.target.getAttribute('data-node-id', { timeout: CLICK_TIMEOUT }).catch(() => null)) ?? '';
  const clicked = await clickWhereItIs(page, chosen.target, rng);
  return clicked ? `${label} ${chosen.label}${name ? ` (${name})` : ''}` : skipped(`${label} ${chosen.label} went away`);
}
