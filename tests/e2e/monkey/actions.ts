import { basename } from 'node:path';
import type { Page } from '@playwright/test';
import type { Rng } from './rng.js';
import { clickIfReady, clickRandom, pickOne, skipped, type Outcome } from './ui.js';
import type { MonkeyFiles } from './workspaceFiles.js';
import { Stuck } from './watch.js';

export interface MonkeyContext {
  page: Page;
  /** This action's own generator (forked per step, so a skipped action never shifts the next choices). */
  rng: Rng;
  files: MonkeyFiles;
}

export interface Action {
  name: string;
  /** Relative frequency. */
  weight: number;
  run(ctx: MonkeyContext): Promise<Outcome>;
}

const SCREENS = ['jobs', 'datasets', 'keys'] as const;
// No Tab: it would walk focus into the schema box, where later letters rewrite the schema for the rest of the run.
const KEYS = ['j', 'k', 'n', 'p', 'a', 'c', 'r', 'u', 'Escape', 'Enter', 'ArrowDown', 'ArrowUp', 'PageDown'] as const;
const ZOOMS = ['fit-width', 'fit-page', '50', '75', '100', '125', '150', '200', '300'] as const;
const ENGINES = ['local', 'local', 'local', 'parse', 'analyzer'] as const;
const APP_TIMEOUT = 15_000;

/** The app is back after a reload: its navigation is drawn. */
export async function waitForApp(page: Page): Promise<void> {
  await page
    .getByTestId('nav-workspace')
    .waitFor({ timeout: APP_TIMEOUT })
    .catch(() => {
      throw new Stuck(`the app did not appear within ${APP_TIMEOUT / 1000} s of loading`);
    });
}

async function setFiles(page: Page, testId: string, files: string[]): Promise<Outcome> {
  const input = page.getByTestId(testId);
  if ((await input.count()) === 0) return skipped(`${testId} not on this screen`);
  await input.setInputFiles(files, { timeout: APP_TIMEOUT });
  return `${testId} ${files.map((f) => basename(f)).join(' + ')}`;
}

/** Every ordinary thing a reviewer does, weighted by how often they do it. */
export const ACTIONS: Action[] = [
  { name: 'open-file', weight: 4, run: ({ page, rng, files }) => setFiles(page, 'open-file', [rng.pick(files.documents)]) },
  { name: 'import-result', weight: 3, run: ({ page, rng, files }) => setFiles(page, 'import-result', rng.pick(files.imports)) },
  { name: 'try-sample', weight: 2, run: ({ page }) => clickIfReady(page.getByTestId('try-sample'), 'try-sample') },
  {
    name: 'library-document',
    weight: 8,
    run: async ({ page, rng }) => {
      const chosen = await pickOne(page.getByTestId('library-document'), rng);
      if (!chosen) return skipped('no library documents');
      const name = await chosen.target.getAttribute('data-document-name', { timeout: 1_000 }).catch(() => '?');
      return `${await clickIfReady(chosen.target, 'library-document')} ${chosen.label} (${name})`;
    },
  },
  {
    name: 'library-result',
    weight: 8,
    run: async ({ page, rng }) => {
      const chosen = await pickOne(page.getByTestId('library-result'), rng);
      if (!chosen) return skipped('no library results');
      const text = ((await chosen.target.textContent({ timeout: 1_000 }).catch(() => '')) ?? '').split(' · ').slice(0, 2).join(' · ');
      return `${await clickIfReady(chosen.target, 'library-result')} ${chosen.label} (${text})`;
    },
  },
  {
    name: 'choose-engine',
    weight: 1,
    run: async ({ page, rng }) => {
      const select = page.getByTestId('engine');
      if (!(await select.isVisible())) return skipped('engine not shown');
      const engine = rng.pick(ENGINES);
      await select.selectOption(engine, { timeout: 1_000 });
      return `engine ${engine}`;
    },
  },
  { name: 'run', weight: 6, run: ({ page }) => clickIfReady(page.getByTestId('run'), 'run') },
  { name: 'cancel-run', weight: 2, run: ({ page }) => clickIfReady(page.getByTestId('cancel-run'), 'cancel-run') },
  {
    name: 'extract',
    weight: 4,
    run: async ({ page }) => {
      const button = page.getByTestId('extract-run');
      if ((await button.count()) === 0) return skipped('no fields panel');
      // The schema editor folds away once there are fields; a reviewer unfolds it to extract again.
      if (!(await button.isVisible())) await clickIfReady(page.locator('.schema-editor > summary'), 'schema summary');
      const extractor = page.getByTestId('extractor');
      if ((await extractor.isVisible()) && (await extractor.inputValue({ timeout: 1_000 })) !== 'local')
        await extractor.selectOption('local', { timeout: 1_000 });
      return clickIfReady(button, 'extract-run');
    },
  },
  { name: 'raw-markdown', weight: 3, run: ({ page }) => clickIfReady(page.getByTestId('md-raw-toggle'), 'md-raw-toggle') },
  { name: 'tab', weight: 4, run: ({ page, rng }) => clickIfReady(page.getByTestId(`tab-${rng.pick(['markdown', 'structure'])}`), 'tab') },
  {
    name: 'click-box',
    weight: 7,
    run: ({ page, rng }) => clickRandom(page, page.locator('[data-testid="viewer"] [data-testid="box"]'), rng, 'box'),
  },
  { name: 'click-md-node', weight: 5, run: ({ page, rng }) => clickRandom(page, page.getByTestId('md-node'), rng, 'md-node') },
  { name: 'click-tree-node', weight: 3, run: ({ page, rng }) => clickRandom(page, page.getByTestId('tree-node'), rng, 'tree-node') },
  { name: 'click-field', weight: 3, run: ({ page, rng }) => clickRandom(page, page.getByTestId('field'), rng, 'field') },
  {
    name: 'decide-field',
    weight: 2,
    run: async ({ page, rng }) => {
      const chosen = await pickOne(page.getByTestId('field'), rng);
      if (!chosen) return skipped('no fields');
      const decision = rng.pick(['field-accept', 'field-reject']);
      return `${await clickIfReady(chosen.target.getByTestId(decision), decision)} ${chosen.label}`;
    },
  },
  {
    name: 'zoom',
    weight: 3,
    run: async ({ page, rng }) => {
      const select = page.getByTestId('zoom');
      if (!(await select.isVisible())) return skipped('zoom not shown');
      const zoom = rng.pick(ZOOMS);
      await select.selectOption(zoom, { timeout: 1_000 });
      return `zoom ${zoom}`;
    },
  },
  {
    name: 'jump-page',
    weight: 4,
    run: async ({ page, rng }) => {
      const input = page.getByTestId('page-input');
      if (!(await input.isVisible())) return skipped('page input not shown');
      const count = Number((await page.getByTestId('page-count').textContent({ timeout: 1_000 }))?.replace(/\D/g, '')) || 1;
      // Mostly a real page; now and then a typo past either end.
      const target = rng.chance(0.1) ? rng.pick([0, count + 1 + rng.int(5)]) : rng.between(1, count);
      await input.fill(String(target), { timeout: 1_000 });
      return `page ${target} of ${count}`;
    },
  },
  {
    name: 'step-page',
    weight: 2,
    run: ({ page, rng }) => {
      const label = rng.pick(['Previous page', 'Next page']);
      return clickIfReady(page.getByRole('button', { name: label }), label);
    },
  },
  {
    name: 'scroll-viewer',
    weight: 4,
    run: async ({ page, rng }) => {
      const viewer = page.getByTestId('viewer');
      const box = (await viewer.isVisible()) ? await viewer.boundingBox({ timeout: 1_000 }).catch(() => null) : null;
      if (!box) return skipped('no viewer');
      const dy = rng.pick([-1, 1]) * rng.between(200, 4_000);
      await page.mouse.move(box.x + box.width * (0.2 + 0.6 * rng.next()), box.y + box.height * (0.2 + 0.6 * rng.next()));
      await page.mouse.wheel(0, dy);
      return `scroll ${dy}`;
    },
  },
  { name: 'toggle-lines', weight: 1, run: ({ page }) => clickIfReady(page.getByTestId('toggle-atomic'), 'toggle-atomic') },
  {
    name: 'keyboard',
    weight: 8,
    run: async ({ page, rng }) => {
      const key = rng.pick(KEYS);
      await page.keyboard.press(key);
      return `key ${key}`;
    },
  },
  { name: 'other-screen', weight: 2, run: ({ page, rng }) => clickIfReady(page.getByTestId(`nav-${rng.pick(SCREENS)}`), 'nav') },
  { name: 'workspace-screen', weight: 5, run: ({ page }) => clickIfReady(page.getByTestId('nav-workspace'), 'nav-workspace') },
  {
    name: 'engine-options',
    weight: 1,
    run: ({ page }) => clickIfReady(page.getByTestId('engine-options-toggle'), 'engine-options-toggle'),
  },
  {
    name: 'dismiss-error',
    weight: 1,
    run: ({ page }) => clickIfReady(page.getByRole('button', { name: 'Dismiss error' }), 'dismiss-error'),
  },
  {
    name: 'reload',
    weight: 1,
    run: async ({ page }) => {
      await page.reload({ timeout: APP_TIMEOUT });
      await waitForApp(page);
      return 'reload';
    },
  },
];
