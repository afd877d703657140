import { describe, expect, it } from 'vitest';
import { packagedMenuTemplate } from '../../../../electron/shell/menuTemplate.js';

type MenuItemConstructorOptions = ReturnType<typeof packagedMenuTemplate>[number];

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

// The roles that open DevTools or reload the page, and the default menus that hold them.
const FORBIDDEN_ROLES = ['toggleDevTools', 'reload', 'forceReload', 'viewMenu', 'fileMenu', 'appMenu', 'help'];

describe("a packaged build's application menu", () => {
  it.each(['darwin', 'win32', 'linux'] as const)('on %s: no DevTools, no reload; edit and window menus', (platform) => {
    const template = packagedMenuTemplate(platform, 'Groundwork');
    const items = flatten(template);
    for (const item of items) {
      expect(FORBIDDEN_ROLES).not.toContain(item.role);
      expect(item.label ?? '').not.toMatch(/developer|devtools|reload|inspect/i);
      expect(item.click).toBeUndefined();
    }
    const roles = template.map((item) => item.role);
    expect(roles).toContain('editMenu');
    expect(roles).toContain('windowMenu');
    expect(items.some((item) => item.role === 'quit')).toBe(true);
  });

  it('on macOS the first menu is the app menu, named after the app', () => {
    const [first] = packagedMenuTemplate('darwin', 'Groundwork');
    expect(first?.label).toBe('Groundwork');
    expect(flatten([first!]).map((i) => i.role)).toEqual(expect.arrayContaining(['about', 'hide', 'quit']));
  });
});
