import { expect, type Page } from '@playwright/test';
import type { Emulator } from '../emulator/server.js';
import { addKeyThroughUi, DEMO_KEYS } from './fixtures.js';

/** Adds the emulator's demo v1 key through the Keys screen and creates a project on the Datasets screen; its service id. */
export async function createV1Project(page: Page, emulator: Emulator, name: string): Promise<number> {
  await addKeyThroughUi(page, { name: 'Emulator v1', kind: 'v1', address: emulator.url, secret: DEMO_KEYS.v1[0]! });
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
