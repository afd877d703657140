import { join } from 'node:path';
import { app, BrowserWindow, shell } from 'electron';
import { externalLink } from './externalLinks.js';
import { askInMain } from './mainDialogs.js';
import { APP_ORIGIN } from './protocol.js';

export function createMainWindow(preloadPath: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Groundwork',
    backgroundColor: '#f7f7f5',
    // A literal, so electronegativity (npm run lint:electron) and window.test.ts read it.
    webPreferences: {
      preload: preloadPath, // eng-disable PRELOAD_JS_CHECK -- our own bundled preload: contextBridge exposes named IPC functions only, no ipcRenderer or Node
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      // A middle click (auxclick) is another way to open a window; the app has no use for it.
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
      // Packaged builds cannot open DevTools at all, by menu, shortcut or code.
      devTools: !app.isPackaged,
    },
  });

  window.once('ready-to-show', () => window.show());

  // The app is one page; nothing navigates it away.
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.webContents.on('will-redirect', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(({ url }) => {
    void openLink(window, url);
    return { action: 'deny' };
  });

  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}

/**
 * A link leaves the app only as an https URL without credentials: the app's own help at once,
 * any other host only after the user says yes to it in main's own dialog (a script in the
 * window can ask for a window, never answer the dialog).
 */
let askingAboutLink = false;
async function openLink(window: BrowserWindow, raw: string): Promise<void> {
  const link = externalLink(raw);
  if (link.action === 'refuse') return;
  if (link.action === 'ask') {
    // One dialog at a time: a script opening window after window gets no pile of dialogs to click through.
    if (askingAboutLink) return;
    askingAboutLink = true;
    const yes = await askInMain(window, {
      title: 'Open a web page',
      message: `Open ${link.host} in your browser?`,
      detail: `${link.url}\n\nThe window asked to open this address. Open it only if you clicked a link you expected.`,
      confirmLabel: `Open ${link.host}`,
    }).finally(() => (askingAboutLink = false));
    if (!yes) return;
  }
  await shell.openExternal(link.url); // eng-disable OPEN_EXTERNAL_JS_CHECK -- https without credentials only: the app's help, or a host the user said yes to in main's dialog (externalLinks.ts)
}

export function preloadFile(distElectronDir: string): string {
  return join(distElectronDir, 'preload.cjs');
}
