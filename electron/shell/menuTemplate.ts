import type { MenuItemConstructorOptions } from 'electron';

/**
 * The application menu of a packaged build: app, edit, view (zoom only) and window roles.
 * Electron's default menu has "Toggle Developer Tools" and "Reload", which a shipped app
 * must not offer (DevTools is a console into the renderer; a reload drops in-flight work).
 * Builds run from a checkout keep the default menu.
 */
export function packagedMenuTemplate(platform: NodeJS.Platform, appName: string): MenuItemConstructorOptions[] {
  const app: MenuItemConstructorOptions =
    platform === 'darwin'
      ? {
          label: appName,
          submenu: [
            { role: 'about' },
            { type: 'separator' },
            { role: 'services' },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        }
      : { label: 'File', submenu: [{ role: 'quit' }] };
  return [
    app,
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [{ role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
    },
    { role: 'windowMenu' },
  ];
}
