import type { Page } from '@playwright/test';
import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';

/**
 * A form's controls and texts drawn over a row of a table or list that is not theirs: what
 * "a form over the table below it" is on screen (a form box too short for its content
 * overflows, so the controls are compared, not the boxes).
 */
async function overlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visible = (selector: string) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((el) => el.checkVisibility())
        .map((el) => ({ el, r: el.getBoundingClientRect() }));
    const controls = visible(
      ['input', 'select', 'textarea', 'button', 'label', '.field-help', '.field-error', 'p']
        .flatMap((c) => [`.ds-body form ${c}`, `.ds-body .form-grid ${c}`, `.card:has(.ds-project-form) ${c}`])
        .join(', '),
    );
    const rows = visible('.ds-body tr, .ds-body li, .ds-body .export-card, .ds-body .media-grid');
    const found: string[] = [];
    const name = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()}${el.className ? `.${[...el.classList].join('.')}` : ''}[${el.dataset.testid ?? ''}]`;
    for (const a of controls) {
      for (const b of rows) {
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (x > 1 && y > 1) found.push(`${name(a.el)} over ${name(b.el)} (${Math.round(x)}×${Math.round(y)} px)`);
      }
    }
    return found;
  });
}

// Every dataset screen at 1280×800, with something in its tables: no form overlaps what is below it.
test('dataset screens at 1280×800: nothing overlaps the tables below the forms; advanced fields folded', async ({
  page,
  preview,
  emulator,
}) => {
  void preview;
  await page.setViewportSize({ width: 1280, height: 800 });
  await addKeyThroughUi(page, { name: 'Emulator v1', kind: 'v1', address: emulator.url, secret: DEMO_KEYS.v1[0]! });
  await page.getByTestId('nav-datasets').click();
  await page.getByTestId('ds-project-name').fill('Layout');
  await page.getByTestId('ds-project-save').click();
  await expect(page.getByTestId('ds-project')).toContainText('Layout');

  await page.getByTestId('ds-tab-schema').click();
  await page.getByTestId('tag-name').fill('scratch');
  await page.getByTestId('tag-create').click();
  await expect(page.getByTestId('tag-row')).toHaveCount(1);
  await page.getByTestId('meta-name').fill('color');
  await page.getByTestId('meta-choices').fill('red, blue');
  await page.getByTestId('meta-create').click();
  await expect(page.getByTestId('meta-row')).toHaveCount(1);
  await expect(page.getByTestId('tag-timeout')).toBeHidden();

  // Lists with rows under their forms: a training started, a snapshot exported, a definition opened for editing.
  await page.getByTestId('meta-edit').click();
  await page.getByTestId('ds-tab-training').click();
  await page.getByTestId('train-start').click();
  await expect(page.getByTestId('training-item')).toHaveCount(1);
  await page.getByTestId('ds-tab-snapshots').click();
  await page.getByTestId('snapshot-export').click();
  await expect(page.getByTestId('snapshot-export-card')).toHaveCount(1);
  await page.getByTestId('ds-new-project').click();

  for (const tab of ['board', 'schema', 'training', 'snapshots', 'inference'] as const) {
    await page.getByTestId(`ds-tab-${tab}`).click();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: test.info().outputPath(`D-${tab}.png`), fullPage: true });
    expect(await overlaps(page), tab).toEqual([]);
  }
  await page.getByTestId('ds-tab-schema').click();
  await page.getByTestId('tag-advanced').locator('summary').click();
  await page.screenshot({ path: test.info().outputPath('D-schema-advanced.png'), fullPage: true });
  expect(await overlaps(page), 'schema with Advanced open').toEqual([]);
});
