import { expect, type Page } from '@playwright/test';
import type { Emulator } from '../emulator/server.js';
import { addKeyThroughUi, DEMO_KEYS } from './fixtures.js';

/** Adds one of the emulator's demo v1 keys (or legacy pairs) through the Keys screen and creates a project on the Datasets screen; its service id. */
export async function createV1Project(page: Page, emulator: Emulator, name: string, kind: 'v1' | 'v1-legacy' = 'v1'): Promise<number> {
  const pair = DEMO_KEYS.pairs[0]!;
  await addKeyThroughUi(page, {
    name: 'Emulator v1',
    kind,
    address: emulator.url,
    ...(kind === 'v1' ? { secret: DEMO_KEYS.v1[0]! } : { secret: pair.key, secret2: pair.secret }),
  });
  await page.getByTestId('nav-datasets').click();
  await page.getByTestId('ds-project-name').fill(name);
  await page.getByTestId('ds-project-save').click();
  await expect(page.getByTestId('ds-project')).toContainText(name);
  const state = (await (await fetch(`${emulator.url}/__control/state`)).json()) as { projects: { id: number; name: string }[] };
  const project = state.projects.find((p) => p.name === name);
  expect(project).toBeTruthy();
  return project!.id;
}

/** Creates tags on the Tags & metadata tab (a training needs some). */
export async function createTags(page: Page, names: string[]): Promise<void> {
  await page.getByTestId('ds-tab-schema').click();
  for (const name of names) {
    await page.getByTestId('tag-name').fill(name);
    await page.getByTestId('tag-create').click();
    await expect(page.locator(`[data-testid="tag-row"][data-tag-name="${name}"]`)).toBeVisible();
  }
}
