import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Electron cannot start on every machine (see tests/e2e-electron), so the window's security
// settings are also checked where they are written.
const windowSource = readFileSync('electron/shell/window.ts', 'utf8');
const webPreferences = /webPreferences:\s*\{([^}]*)\}/.exec(windowSource)?.[1] ?? '';

describe('the Electron window is secure by construction', () => {
  it.each([
    'contextIsolation: true',
    'sandbox: true',
    'nodeIntegration: false',
    'nodeIntegrationInWorker: false',
    'nodeIntegrationInSubFrames: false',
    'webSecurity: true',
    'allowRunningInsecureContent: false',
    'experimentalFeatures: false',
    'webviewTag: false',
    "disableBlinkFeatures: 'Auxclick'",
    'devTools: !app.isPackaged',
  ])('webPreferences says %s literally', (setting) => expect(webPreferences).toContain(setting));

  it('blocks navigation and denies new windows', () => {
    expect(windowSource).toMatch(/on\('will-navigate', \(event\) => event\.preventDefault\(\)\)/);
    expect(windowSource).toMatch(/setWindowOpenHandler\([\s\S]*?return \{ action: 'deny' \}/);
  });
});
