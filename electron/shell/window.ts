import { join } from 'node:path';
import { app, BrowserWindow, shell } from 'electron';
import { APP_ORIGIN } from './protocol.js';

/** Links leave the app only as validated https URLs, opened in the user's browser. */
export function safeExternalUrl(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' && !url.username && !url.password ? url.toString() : null;
  } catch {
    return null;
  }
}

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
    const safe = safeExternalUrl(url);
    if (safe) void shell.openExternal(safe); // eng-disable OPEN_EXTERNAL_JS_CHECK -- only https URLs without credentials, checked by safeExternalUrl
    return { action: 'deny' };
  });

  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}

export function preloadFile(distElectronDir: string): string {
  return join(distElectronDir, 'preload.cjs');
}
