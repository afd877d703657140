/** Electron entry: lifecycle, one window, the app:// protocol and IPC. Everything else is in the services. */
import { join } from 'node:path';
import { app, type BrowserWindow } from 'electron';
import { createHandlers } from '../handlers.js';
import { createServices } from '../services.js';
import { registerIpc, sendEvent } from './ipc.js';
import { registerAppScheme, serveRenderer } from './protocol.js';
import { hardenSessions } from './security.js';
import { createMainWindow, preloadFile } from './window.js';

// Bundled to dist/electron/main.cjs; the renderer build sits beside it in dist/renderer.
const distDir = join(__dirname, '..');

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let mainWindow: BrowserWindow | null = null;
  registerAppScheme();

  app.on('second-instance', () => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });

  void app.whenReady().then(async () => {
    const dataDir = process.env.GROUNDWORK_DATA_DIR || app.getPath('userData');
    const services = await createServices({
      shell: 'electron',
      version: app.getVersion(),
      dataDir,
      // Packaged, the samples are extraResources; from a checkout they are in resources/.
      samplesDir: app.isPackaged ? join(process.resourcesPath, 'samples') : join(app.getAppPath(), 'resources', 'samples'),
      // Tests use a keychain service of their own so they never touch the user's keys.
      ...(process.env.GROUNDWORK_KEYCHAIN_SERVICE ? { keychainService: process.env.GROUNDWORK_KEYCHAIN_SERVICE } : {}),
      emit: (event) => sendEvent(mainWindow, event),
    });
    hardenSessions();
    serveRenderer(join(distDir, 'renderer'));
    registerIpc(createHandlers(services), services.logger, () => mainWindow);
    mainWindow = createMainWindow(preloadFile(join(distDir, 'electron')));
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
    services.logger.info('app started', { version: app.getVersion() });
  });

  app.on('window-all-closed', () => app.quit());
}
