/** Electron entry: lifecycle, one window, the app:// protocol and IPC. Everything else is in the services. */
import { join } from 'node:path';
import { app, dialog, Menu, type BrowserWindow } from 'electron';
import { AppError } from '../../shared/errors.js';
import { applyConfig, readConfig } from '../core/config.js';
import { createHandlers } from '../app/handlers.js';
import { parserHost } from '../parserHost/parserHost.js';
import { createServices } from '../app/services.js';
import { remoteDebuggingRefusal, remoteDebuggingSwitch } from './debugSwitches.js';
import { chooseFolderWithDialog, showFileInFolder } from './folderDialog.js';
import { registerIpc, sendEvent } from './ipc.js';
import { clearCopiedSecrets, userInMainWithDialogs } from './mainDialogs.js';
import { packagedMenuTemplate } from './menuTemplate.js';
import { utilityProcessHost } from './parserHostProcess.js';
import { registerAppScheme, serveRenderer } from './protocol.js';
import { hardenSessions } from './security.js';
import { createMainWindow, preloadFile } from './window.js';

// Bundled to dist/electron/main.cjs; the renderer build sits beside it in dist/renderer.
const distDir = join(__dirname, '..');
// First, before any service runs: a packaged build ignores every GROUNDWORK_* variable.
const config = applyConfig(readConfig({ shell: 'electron', isPackaged: app.isPackaged }));

// A packaged app opened to a remote debugger would hand whoever attaches the window and main,
// keys and all: it says why and ends before anything starts.
const debugging = app.isPackaged ? remoteDebuggingSwitch(process.argv, (name) => app.commandLine.hasSwitch(name)) : null;

if (debugging) {
  const refusal = remoteDebuggingRefusal(debugging);
  console.error(refusal.message);
  dialog.showErrorBox(refusal.title, refusal.message);
  app.exit(1);
} else if (!app.requestSingleInstanceLock()) {
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

  // A start that fails (the data folder cannot be made or read) says so and ends, rather than
  // leaving a process with no window.
  const startFailed = (error: unknown) => {
    const dataDir = config.dataDir ?? app.getPath('userData');
    const hint = error instanceof AppError && error.hint ? `\n\n${error.hint}` : '';
    dialog.showErrorBox(
      'Groundwork could not start',
      `${error instanceof Error ? error.message : String(error)}${hint}\n\nIts data folder is ${dataDir}: check that your user can read and write it, then start Groundwork again.`,
    );
    app.exit(1);
  };

  void app
    .whenReady()
    .then(async () => {
      // Packaged: a menu without DevTools or reload. From a checkout: Electron's default menu.
      if (app.isPackaged) Menu.setApplicationMenu(Menu.buildFromTemplate(packagedMenuTemplate(process.platform, app.name)));
      // Untrusted files are read in a utility process without keytar or keys (electron/parserHost/).
      parserHost.useLauncher(utilityProcessHost);
      const services = await createServices({
        shell: 'electron',
        version: app.getVersion(),
        dataDir: config.dataDir ?? app.getPath('userData'),
        // Packaged, the samples are extraResources; from a checkout they are in resources/.
        samplesDir: app.isPackaged ? join(process.resourcesPath, 'samples') : join(app.getAppPath(), 'resources', 'samples'),
        keychainService: config.keychainService,
        addresses: config.addresses,
        emit: (event) => sendEvent(mainWindow, event),
        chooseFolder: () => chooseFolderWithDialog(mainWindow),
        showInFolder: showFileInFolder,
        userInMain: userInMainWithDialogs(() => mainWindow),
      });
      hardenSessions();
      serveRenderer(join(distDir, 'renderer'));
      registerIpc(createHandlers(services), services.logger, () => mainWindow);
      mainWindow = createMainWindow(preloadFile(join(distDir, 'electron')));
      mainWindow.on('closed', () => {
        mainWindow = null;
      });
      services.logger.info('app started', { version: app.getVersion(), packaged: app.isPackaged });
      // Quit waits (briefly: close() is bounded) for the catalog and result models being written.
      let closed = false;
      app.on('before-quit', (event) => {
        clearCopiedSecrets();
        if (closed) return;
        event.preventDefault();
        void services.close().finally(() => {
          closed = true;
          app.quit();
        });
      });
    })
    .catch(startFailed);

  app.on('window-all-closed', () => app.quit());
}
